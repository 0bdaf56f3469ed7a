import { expect, it } from 'vitest';
import type { PlanSummary } from '@odonto/domain/contracts/plans';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, loginAs } from '../../../test/http';
import { DEMO_USERS } from '../demo-users';
import { seedPatients } from './seed-patients';
import { seedPlans } from './seed-plans';

describeEachDialect('demo treatment plans', ({ useApp }) => {
  const t = useApp();

  it('adds plans in every status once, the done work linked to treatments', async () => {
    const now = t().clock.now();
    const medic = await createUser(t().db, {
      email: DEMO_USERS.medic.email,
      roles: ['medic'],
      nume: 'Dr. Unu',
    });
    await seedPatients(t().db, now);
    expect(await seedPlans(t().db, t().blobs, now)).toBe(6);
    expect(await seedPlans(t().db, t().blobs, now)).toBe(0);

    const cookie = await loginAs(t().app, medic.email, medic.password);
    const rows = await t().db.selectFrom('treatment_plans').select('patient_id').execute();
    const statuses: string[] = [];
    for (const row of rows) {
      const list = (await call(t().app, { url: `/api/plans/${row.patient_id}`, cookie })).json<
        PlanSummary[]
      >();
      statuses.push(...list.map((plan) => plan.status));
      for (const plan of list) {
        if (plan.status === 'în lucru') expect(plan.progress?.itemsDone).toBe(2);
        if (plan.status === 'finalizat') expect(plan.progress?.amountRemainingBani).toBe(0);
      }
    }
    expect(statuses.sort()).toEqual(
      ['acceptat', 'expirat', 'finalizat', 'propus', 'respins', 'în lucru'].sort(),
    );
  });
});
