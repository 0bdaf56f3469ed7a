import { expect, it } from 'vitest';
import type { CycleTraceResponse, RegisterResponse } from '@odonto/domain/contracts/sterilisation';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, loginAs } from '../../../test/http';
import { DEMO_USERS } from '../demo-users';
import { seedHistory } from './seed-history';
import { seedPatients } from './seed-patients';
import { seedSterilisation } from './seed-sterilisation';

describeEachDialect('demo sterilisation register', ({ useApp }) => {
  const t = useApp();

  it('adds a week of loads once, one with a failed biological indicator whose uses are flagged', async () => {
    const now = t().clock.now();
    const user = await createUser(t().db, { email: DEMO_USERS.sterilizare.email, roles: ['sterilizare'] });
    await createUser(t().db, { email: DEMO_USERS.medic.email, roles: ['medic'], nume: 'Dr. Demo' });
    await seedPatients(t().db, now);
    await seedHistory(t().db, t().blobs, now);
    expect(await t().db.selectFrom('history_entries').select('id').execute()).not.toHaveLength(0);
    expect(await seedSterilisation(t().db, now)).toBe(7);
    expect(await t().db.selectFrom('instrument_usages').select('id').execute()).toHaveLength(12);
    expect(await seedSterilisation(t().db, now)).toBe(0);

    const cookie = await loginAs(t().app, user.email, user.password);
    const from = new Date(now.getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
    const to = now.toISOString().slice(0, 10);
    const register = (
      await call(t().app, { url: `/api/instrument/registru?from=${from}&to=${to}`, cookie })
    ).json<RegisterResponse>();
    expect(register.cycles).toHaveLength(7);
    expect(
      register.cycles.map((cycle) => cycle.status).filter((status) => status === 'neconform'),
    ).toHaveLength(1);
    const failed = register.cycles.find((cycle) => cycle.status === 'neconform');
    const trace = (
      await call(t().app, { url: `/api/instrument/sterilizare/${failed?.id ?? 0}/pacienti`, cookie })
    ).json<CycleTraceResponse>();
    expect(trace.uses.length).toBeGreaterThan(0);
    expect(trace.uses.every((use) => use.recalled)).toBe(true);
    const available = await call(t().app, { url: '/api/instrumente-sterilizate', cookie });
    expect(available.json<unknown[]>().length).toBeGreaterThan(0);
  });
});
