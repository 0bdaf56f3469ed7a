import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/build-test-app';
import { insertRows } from '../../test/capped-total';
import { cappedCountQuery, countUpTo } from './capped-count.queries';

describeEachDialect('countUpTo: a count that stops at its limit', ({ useApp }) => {
  const t = useApp();

  it('counts the matches up to the limit, whatever the query selected, in one statement', async () => {
    const rows = ['a', 'b', 'a', 'a', 'a'].map((action, i) => ({
      action,
      at: `2026-01-0${i + 1}T08:00:00.000Z`,
      ip: '192.0.2.1',
    }));
    await insertRows(t().db, 'audit_log', rows);
    const all = t().db.selectFrom('audit_log').selectAll();
    const onlyA = t().db.selectFrom('audit_log').select('id').where('action', '=', 'a');

    expect(await countUpTo(t().db, all, 3)).toBe(3);
    expect(await countUpTo(t().db, all, 6)).toBe(5);
    expect(await countUpTo(t().db, onlyA, 4)).toBe(4);
    expect(await countUpTo(t().db, onlyA.where('action', '=', 'c'), 4)).toBe(0);
    // The subquery reads at most `limit` rows: the limit is in the SQL, bound like the filter's values.
    const { sql, parameters } = cappedCountQuery(onlyA, 4).compile(t().db);
    expect(sql).toMatch(
      /^select count\(\*\) as total from \(select 1 as "one" from "audit_log" where .* limit (\?|\$2)\) as matches$/,
    );
    expect(parameters).toEqual(['a', 4]);
  });
});
