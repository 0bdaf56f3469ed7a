import { it } from 'vitest';
import { AUDIT_PAGE_SIZE, type AuditListResponse } from '@odonto/domain/contracts/audit';
import { describeEachDialect } from '../../../test/build-test-app';
import { expectCappedTotals, getPage, insertRows } from '../../../test/capped-total';
import { signInWith } from './audit.test-support';

describeEachDialect('GET /api/audit: totals exact up to 1,000, then capped', ({ useApp }) => {
  const t = useApp();

  it('counts the filtered rows exactly up to 1,000, then answers "more" and still pages past it', async () => {
    const admin = await signInWith(t(), ['admin']);
    let added = 0;
    await expectCappedTotals({
      pageSize: AUDIT_PAGE_SIZE,
      addMatches: async (count) => {
        const rows = Array.from({ length: count }, (_, i) => ({
          at: new Date(Date.UTC(2026, 0, 1) + (added + i) * 60_000).toISOString(),
          action: 'patient_view',
          ip: '192.0.2.1',
        }));
        added += count;
        await insertRows(t().db, 'audit_log', rows);
      },
      // Filtered by action: signing in and reading the log write rows of their own.
      page: (page) =>
        getPage<AuditListResponse>(
          t().app,
          admin.cookie,
          '/api/audit?action=patient_view',
          page,
          (answer) => answer.rows,
        ),
    });
  });
});
