import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { DEMO_USERS } from '../demo-users';
import { seedClinic } from './seed-clinic';
import { seedInvoices } from './seed-invoices';
import { seedLedger } from './seed-ledger';
import { seedPatients } from './seed-patients';
import { seedPriceList } from './seed-price-list';

describeEachDialect('demo invoices', ({ useApp }) => {
  const t = useApp();

  it('issues invoices of persons and a company and a credit note, each queued for e-Factura, once', async () => {
    const now = t().clock.now();
    await createUser(t().db, { email: DEMO_USERS.admin.email, roles: ['admin'] });
    await createUser(t().db, { email: DEMO_USERS.asistent.email, roles: ['asistent'] });
    await createUser(t().db, { email: DEMO_USERS.medic.email, roles: ['medic'], nume: 'Dr. Demo' });
    await seedClinic(t().db, now);
    await seedPatients(t().db, now);
    await seedPriceList(t().db, now);
    await seedLedger(t().db, now);
    expect(await seedInvoices(t().db, now)).toBe(7);
    expect(await seedInvoices(t().db, now)).toBe(0);
    const rows = await t()
      .db.selectFrom('invoices')
      .select(['kind', 'buyer_kind', 'series', 'number'])
      .execute();
    expect(rows.filter((row) => row.kind === 'credit-note')).toHaveLength(1);
    expect(new Set(rows.map((row) => row.buyer_kind))).toEqual(new Set(['person', 'company']));
    const queued = await t().db.selectFrom('efactura_submissions').select('state').execute();
    expect(queued).toHaveLength(7);
  });
});
