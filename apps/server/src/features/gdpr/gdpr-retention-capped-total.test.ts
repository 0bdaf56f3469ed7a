import { it } from 'vitest';
import { RETENTION_PAGE_SIZE, type RetentionReport } from '@odonto/domain/contracts/gdpr-erasure';
import { describeEachDialect } from '../../../test/build-test-app';
import { expectCappedTotals, getPage, insertBulkPatients } from '../../../test/capped-total';
import { signIn } from './gdpr.test-support';

describeEachDialect('GET /api/gdpr/retentie: totals exact up to 1,000, then capped', ({ useApp }) => {
  const t = useApp();

  it('counts the patients past retention exactly up to 1,000, then answers "more" and pages past it', async () => {
    const admin = await signIn(t(), ['admin']);
    let added = 0;
    await expectCappedTotals({
      pageSize: RETENTION_PAGE_SIZE,
      // Files opened in 2010 and never seen again: past the 10 years of the default period.
      addMatches: async (count) => {
        const start = new Date(Date.UTC(2010, 0, 1) + added * 60_000);
        added += count;
        await insertBulkPatients(t().db, count, start);
      },
      page: (page) =>
        getPage<RetentionReport>(
          t().app,
          admin.cookie,
          '/api/gdpr/retentie',
          page,
          (answer) => answer.pacienti,
        ),
    });
  });
});
