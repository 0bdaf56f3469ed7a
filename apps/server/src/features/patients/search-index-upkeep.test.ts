import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect, type TestApp } from '../../../test/build-test-app';
import { bulkPatients } from '../../../test/capped-total';
import { insertPatients } from './patients-bulk';
import { mergeSearchIndex, searchIndexSegments } from './patients-search-index.queries';
import { createSearchIndexUpkeep } from './search-index-upkeep';
import { listVia, signIn } from './patients.test-support';

const SURNAMES = ['Popescu', 'Ionescu', 'Dumitrescu', 'Stan'];

/** `count` patients, each written in a transaction of its own, as the API writes them. */
async function insertOneByOne(t: TestApp, count: number, from = 0): Promise<void> {
  const start = new Date('2025-01-01T08:00:00.000Z');
  const patients = bulkPatients(count, start, (i) => ({
    nume: SURNAMES[(from + i) % SURNAMES.length] ?? 'Popescu',
    prenume: `Ion${from + i}`,
  }));
  for (const patient of patients) await insertPatients(t.db, [patient]);
}

const searches: Record<string, string>[] = [
  { q: 'popesc' },
  { q: 'escu' },
  { q: 'ion1' },
  { q: 'popesc', page: '2' },
];

describeEachDialect('the patient search index merged', ({ useApp, dialect }) => {
  const t = useApp();

  it('answers every search as before: the same patients, the same totals', async () => {
    await insertOneByOne(t(), 60);
    const cookie = await signIn(t(), 'medic');
    const before = await Promise.all(searches.map((query) => listVia(t().app, cookie, query)));
    expect(before[0]?.total).toBe(15);
    await mergeSearchIndex(t().db, dialect);
    const after = await Promise.all(searches.map((query) => listVia(t().app, cookie, query)));
    expect(after).toEqual(before);
  });
});

describeEachDialect('the patient search index upkeep', ({ useApp, dialect }) => {
  const t = useApp();

  it.skipIf(dialect !== 'sqlite')(
    'writes one patient at a time into many segments, and merges them into one',
    async () => {
      await insertOneByOne(t(), 40);
      expect(await searchIndexSegments(t().db)).toBeGreaterThan(1);
      await mergeSearchIndex(t().db, 'sqlite');
      expect(await searchIndexSegments(t().db)).toBe(1);
      // Merging a merged index leaves it as it is.
      await mergeSearchIndex(t().db, 'sqlite');
      expect(await searchIndexSegments(t().db)).toBe(1);
    },
  );

  it.skipIf(dialect !== 'sqlite')('merges on its timer once started, and not after it stopped', async () => {
    await insertOneByOne(t(), 20);
    const upkeep = createSearchIndexUpkeep({ db: t().db, log: t().app.log }, { firstMs: 10, everyMs: 20 });
    upkeep.start();
    await expect.poll(() => searchIndexSegments(t().db), { timeout: 5_000 }).toBe(1);
    await insertOneByOne(t(), 20, 20);
    await expect.poll(() => searchIndexSegments(t().db), { timeout: 5_000 }).toBe(1);
    await upkeep.stop();
    await insertOneByOne(t(), 20, 40);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await searchIndexSegments(t().db)).toBeGreaterThan(1);
  });

  it.skipIf(dialect !== 'sqlite')('logs a merge that failed, and the next turn runs again', async () => {
    await sql`drop table patients_search`.execute(t().db);
    const failures: unknown[] = [];
    const log = Object.assign(Object.create(t().app.log) as FastifyBaseLogger, {
      error: (details: unknown) => failures.push(details),
    });
    const upkeep = createSearchIndexUpkeep({ db: t().db, log }, { firstMs: 10, everyMs: 20 });
    await upkeep.runOnce();
    await upkeep.runOnce();
    expect(failures).toHaveLength(2);
  });
});
