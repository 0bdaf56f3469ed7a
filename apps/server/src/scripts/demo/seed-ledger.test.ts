import { expect, it } from 'vitest';
import type { AccountResponse } from '@odonto/domain/contracts/ledger';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, loginAs } from '../../../test/http';
import { DEMO_USERS } from '../demo-users';
import { seedLedger } from './seed-ledger';
import { seedPatients } from './seed-patients';
import { seedPriceList } from './seed-price-list';

describeEachDialect('demo accounts', ({ useApp }) => {
  const t = useApp();

  it('adds a month of charges and payments of every kind once', async () => {
    const now = t().clock.now();
    const admin = await createUser(t().db, { email: DEMO_USERS.admin.email, roles: ['admin'] });
    await createUser(t().db, { email: DEMO_USERS.asistent.email, roles: ['asistent'] });
    await createUser(t().db, { email: DEMO_USERS.medic.email, roles: ['medic'], nume: 'Dr. Demo' });
    await seedPatients(t().db, now);
    await seedPriceList(t().db, now);
    expect(await seedLedger(t().db, now)).toBe(7);
    expect(await seedLedger(t().db, now)).toBe(0);

    const cookie = await loginAs(t().app, admin.email, admin.password);
    const payments = await t()
      .db.selectFrom('payments')
      .select(['patient_id', 'method', 'amount_bani', 'reverses_id', 'is_advance', 'receipt_number'])
      .execute();
    expect(new Set(payments.map((row) => row.method))).toEqual(new Set(['numerar', 'card', 'transfer']));
    expect(payments.some((row) => row.reverses_id !== null)).toBe(true);
    expect(payments.some((row) => row.amount_bani < 0 && row.reverses_id === null)).toBe(true);
    expect(payments.some((row) => row.is_advance === 1)).toBe(true);
    expect(payments.filter((row) => row.receipt_number !== null).length).toBeGreaterThanOrEqual(2);
    const kinds = new Set<string>();
    for (const patientId of new Set(payments.map((row) => row.patient_id))) {
      const account = (
        await call(t().app, { url: `/api/cont/${patientId}`, cookie })
      ).json<AccountResponse>();
      kinds.add(account.balance.kind);
    }
    expect(kinds).toEqual(new Set(['de plată', 'avans', 'achitat']));
    const commissions = await t().db.selectFrom('allocations').select('commission_bani').execute();
    expect(commissions.some((row) => row.commission_bani > 0)).toBe(true);
  });
});
