import { expect, it } from 'vitest';
import { clinicSettings, isValidCui } from '@odonto/domain/contracts/clinic';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, loginAs } from '../../../test/http';
import { DEMO_USERS } from '../demo-users';
import { seedClinic } from './seed-clinic';

describeEachDialect('demo clinic details', ({ useApp }) => {
  const t = useApp();

  it("fills the letterhead and the demo doctors' titles once, readable through GET /api/clinic", async () => {
    const medic = await createUser(t().db, { email: DEMO_USERS.medic.email, roles: ['medic'] });
    expect(await seedClinic(t().db, t().clock.now())).toBe(true);
    expect(await seedClinic(t().db, t().clock.now())).toBe(false);

    const cookie = await loginAs(t().app, medic.email, medic.password);
    const answer = await call(t().app, { url: '/api/clinic', cookie });
    const clinic = clinicSettings.parse(answer.json());
    expect(clinic).toMatchObject({ nume: 'Clinica Dentară Zâmbet', logo: null, version: 1 });
    expect(isValidCui(clinic.cui)).toBe(true);
    expect(clinic.titluriMedici).toEqual([{ userId: medic.id, titlu: 'Medic primar stomatologie generală' }]);
  });
});
