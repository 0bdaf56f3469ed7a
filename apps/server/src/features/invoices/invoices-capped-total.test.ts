import { randomUUID } from 'node:crypto';
import { it } from 'vitest';
import type { InvoiceListResponse } from '@odonto/domain/contracts/invoices';
import { describeEachDialect } from '../../../test/build-test-app';
import { expectCappedTotals, getPage, insertRows } from '../../../test/capped-total';
import { createUser } from '../../../test/factories';
import { loginAs } from '../../../test/http';
import { insertPatientRow } from '../../../test/stored-files';

const PAGE_SIZE = 50;

describeEachDialect('GET /api/facturi: totals exact up to 1,000, then capped', ({ useApp }) => {
  const t = useApp();

  it('counts the documents exactly up to 1,000, then answers "more" and still pages past it', async () => {
    const admin = await createUser(t().db, { roles: ['admin'] });
    const cookie = await loginAs(t().app, admin.email, admin.password);
    const patientId = await insertPatientRow(t().db);
    let added = 0;
    await expectCappedTotals({
      pageSize: PAGE_SIZE,
      // Bare rows: the list reads only their columns, not the document or its XML.
      addMatches: async (count) => {
        const rows = Array.from({ length: count }, (_, i) => {
          const number = added + i + 1;
          const at = new Date(Date.UTC(2026, 0, 1) + number * 60_000).toISOString();
          return {
            id: randomUUID(),
            kind: 'invoice',
            series: 'ODT',
            number,
            patient_id: patientId,
            location_id: null,
            issue_date: at.slice(0, 10),
            buyer_kind: 'person',
            buyer_name: 'Popescu Ana',
            document: '{}',
            xml: '',
            tax_exclusive_bani: 10_000,
            vat_bani: 0,
            total_bani: 10_000,
            payable_bani: 10_000,
            reverses_id: null,
            reason: null,
            created_by: admin.id,
            created_at: at,
            updated_at: at,
            version: 1,
          };
        });
        added += count;
        await insertRows(t().db, 'invoices', rows);
      },
      page: (page) =>
        getPage<InvoiceListResponse>(
          t().app,
          cookie,
          `/api/facturi?serie=ODT&pageSize=${PAGE_SIZE}`,
          page,
          (answer) => answer.items,
        ),
    });
  });
});
