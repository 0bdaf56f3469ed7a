import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/build-test-app';
import { bulkPatients } from '../../../test/capped-total';
import { insertPatients } from './patients-bulk';
import { listVia, signIn } from './patients.test-support';

function zamfirescu(count: number, judet: string, start: Date) {
  return bulkPatients(count, start, () => ({ judet }));
}

// Every way the list counts: the per-combination counts, a 3+ letter search (PostgreSQL bounds one that
// starts a word by the counts per word), one inside a word, a 3-letter one (PostgreSQL counts it per
// trigram), a 1–2 letter one, an equality filter, a creation-day range without and with an end day.
const QUERIES: Record<string, string>[] = [
  {},
  { q: 'zamfir' },
  { q: 'amfire' },
  { q: 'zam' },
  { q: 'za' },
  { from: '2025-01-01' },
  { to: '2030-12-31' },
  { q: 'zamfir', from: '2025-01-01' },
];

describeEachDialect('GET /api/pacienti: totals exact up to 1,000, then capped', ({ useApp }) => {
  const t = useApp();

  it('answers exactly 1,000 matches as exact, and 1,001+ as capped with the last pages still reachable', async () => {
    const cookie = await signIn(t(), 'medic');
    await insertPatients(t().db, zamfirescu(1000, 'Cluj', new Date('2025-03-01T08:00:00.000Z')));
    for (const query of QUERIES) {
      const first = await listVia(t().app, cookie, query);
      expect(first, JSON.stringify(query)).toMatchObject({ total: 1000, totalIsCapped: false, page: 1 });
      const last = await listVia(t().app, cookie, { ...query, page: '100' });
      expect(last.pacienti.map((p) => p.id)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
      const past = await listVia(t().app, cookie, { ...query, page: '101' });
      expect(past).toMatchObject({ pacienti: [], total: 1000, totalIsCapped: false });
    }

    // Five more: 1,005 matches (1,000 of them in Cluj).
    await insertPatients(t().db, zamfirescu(5, 'Argeș', new Date('2025-06-01T08:00:00.000Z')));
    for (const query of QUERIES) {
      const label = JSON.stringify(query);
      const first = await listVia(t().app, cookie, query);
      expect(first, label).toMatchObject({ total: 1000, totalIsCapped: true, page: 1 });
      expect(first.pacienti.map((p) => p.id)).toEqual([
        1005, 1004, 1003, 1002, 1001, 1000, 999, 998, 997, 996,
      ]);
      // Page 100 still has a next page, and says so; page 101 is the last, and its total is exact again.
      const hundredth = await listVia(t().app, cookie, { ...query, page: '100' });
      expect(hundredth, label).toMatchObject({ total: 1000, totalIsCapped: true });
      expect(hundredth.pacienti.map((p) => p.id)).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6]);
      const last = await listVia(t().app, cookie, { ...query, page: '101' });
      expect(last, label).toMatchObject({ total: 1005, totalIsCapped: false });
      expect(last.pacienti.map((p) => p.id)).toEqual([5, 4, 3, 2, 1]);
      const past = await listVia(t().app, cookie, { ...query, page: '102' });
      expect(past, label).toMatchObject({ pacienti: [], total: 1005, totalIsCapped: false });
    }
    // An equality filter counts its own matches: exactly 1,000 in Cluj, five in Argeș.
    expect(await listVia(t().app, cookie, { judet: 'Cluj' })).toMatchObject({
      total: 1000,
      totalIsCapped: false,
    });
    expect(await listVia(t().app, cookie, { judet: 'Cluj', q: 'zam' })).toMatchObject({
      total: 1000,
      totalIsCapped: false,
    });
    expect(await listVia(t().app, cookie, { judet: 'Argeș' })).toMatchObject({
      total: 5,
      totalIsCapped: false,
    });
  });
});
