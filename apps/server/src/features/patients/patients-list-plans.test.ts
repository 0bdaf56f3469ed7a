import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PATIENT_PAGE_SIZE, patientListQuery } from '@odonto/domain/contracts/patients';
import { countLimit } from '@odonto/domain/contracts/paging';
import { TEST_DIALECTS, type TestApp } from '../../../test/build-test-app';
import { explainListQuery, planSteps } from './patients-list-plans.queries';
import { DOCTOR, PATIENTS, usePlanPatients } from './patients-list-plans.test-support';
import { countedPatientPageQuery, isCountedWithPage } from './patients-list-counted.queries';
import { patientCountQuery, patientPageQuery } from './patients-list.queries';
import { toFilter } from './patients-list.service';

// The plans PostgreSQL chooses for the list's queries, pinned (decision 0044): a sequential scan of the
// patients, or a search that stops using its index, fails here and not in a clinic. 20,000 patients of
// the bench's generator (the same names, places and phones, so the same selectivities), analysed as every
// bulk load is (patients-list-plans.test-support.ts).

/** The list's file-number order walked from the newest: no sort, whichever index serves it. */
const WALKED = /^Index (Only )?Scan Backward using (patients_live\w*|patients_file_number_key) on patients$/;
/** The search table read, whichever way suits the needle (see SEARCH_SHAPES). */
const SEARCHED = /patients_search/;
const SEARCH_WALKED = 'Index Scan Backward using patients_search_pkey on patients_search';
const SEARCH_COLLECTED = 'Bitmap Index Scan using patients_search_trgm';
/** A search's matches sorted into the list's order: a few collected through the trigram index. */
const SEARCH_SORTED = 'Sort by patients_search.rowid DESC';
/** The newest keys a search walks first, whatever the planner expects of its needle (searchPage). */
const WINDOW_WALKED = `CTE walked: ${SEARCH_WALKED}`;
/** A search of three letters or digits counted from its trigram's row (migration 0033). */
const TRIGRAM_COUNTED = 'Index Scan using patients_search_trigrams_pkey on patients_search_trigrams';
/** A search of four to six digits counted from its run's row (migration 0035). */
const DIGITS_COUNTED = 'Index Scan using patients_search_digits_pkey on patients_search_digits';
/** A search of six or more digits: the keys of its rarest run of six digits walked newest first (0036). */
const RUNS_WALKED = /^Index (Only )?Scan Backward using patients_search_runs_pkey on patients_search_runs$/;
/** A search of seven or more digits counted among the keys of its rarest run of six (0036). */
const RUNS_READ = /^(Bitmap Index Scan|Index (Only )?Scan) using patients_search_runs_pkey\b/;
/** A search that starts a word, bounded from below by the counts per word first (migration 0034). */
const WORD_BOUNDED = 'Index Scan using patients_search_words_pkey on patients_search_words';

interface Shape {
  name: string;
  query: Record<string, string>;
  /** Each must match one of the count's steps. */
  count: RegExp[];
  /** Each must match one of the page's steps. */
  page: RegExp[];
  /** Whether the page sorts its matches (a few collected) or walks the list's order (MATCHES_SORTED). */
  pageSorts?: boolean;
  /** The count reads the search table alone (a search without filters). */
  countsSearchOnly?: boolean;
}

const SHAPES: Shape[] = [
  { name: 'first page', query: {}, count: [/on patient_counts$/], page: [WALKED], pageSorts: false },
  {
    name: 'page 500',
    query: { page: '500' },
    count: [/on patient_counts$/],
    page: [WALKED],
    pageSorts: false,
  },
  {
    name: 'judet',
    query: { judet: 'Cluj' },
    count: [/on patient_counts$/],
    page: [WALKED],
    pageSorts: false,
  },
  {
    name: 'medic + igienizare',
    query: { medic: DOCTOR, igienizare: 'true' },
    count: [/on patient_counts$/],
    page: [WALKED],
    pageSorts: false,
  },
  {
    name: 'creation days, one month',
    query: { from: '2025-03-01', to: '2025-03-28' },
    count: [/using patients_live_created_at\b/],
    page: [/^Index Scan Backward using patients_live_created_at on patients$/],
    pageSorts: false,
  },
  {
    name: 'creation days, a month years ago',
    query: { from: '2017-03-01', to: '2017-03-28' },
    count: [/using patients_live_created_at\b/],
    page: [/^Index Scan Backward using patients_live_created_at on patients$/],
    pageSorts: false,
  },
  {
    name: 'creation days from a day on',
    query: { from: '2025-03-01' },
    count: [/using patients_live_created_at\b/],
    page: [/^Index Scan Backward using patients_live_created_at on patients$/],
    pageSorts: false,
  },
  {
    name: 'search, 3 letters',
    query: { q: 'pop' },
    count: [new RegExp(`^${TRIGRAM_COUNTED}$`)],
    page: [SEARCHED],
    countsSearchOnly: true,
  },
  {
    name: 'search, 3 letters, page 3',
    query: { q: 'ion', page: '3' },
    count: [new RegExp(`^${TRIGRAM_COUNTED}$`)],
    page: [SEARCHED],
    countsSearchOnly: true,
  },
  {
    name: 'search, 6 letters',
    query: { q: 'stefan' },
    count: [SEARCHED],
    page: [SEARCHED],
    countsSearchOnly: true,
  },
  {
    name: 'search, 1–2 letters',
    query: { q: 'io' },
    count: [SEARCHED],
    page: [SEARCHED],
    countsSearchOnly: true,
  },
  {
    name: 'search, a name and surname',
    query: { q: 'zamfir stefania' },
    count: [SEARCHED],
    page: [SEARCHED],
    countsSearchOnly: true,
  },
  {
    name: 'search, a phone fragment',
    query: { q: '0755 93' },
    count: [new RegExp(`^${DIGITS_COUNTED}$`)],
    page: [RUNS_WALKED],
    pageSorts: false,
    countsSearchOnly: true,
  },
  {
    name: 'search, a common phone fragment',
    query: { q: '0722 1' },
    count: [new RegExp(`^${DIGITS_COUNTED}$`)],
    page: [SEARCHED],
    countsSearchOnly: true,
  },
  {
    name: 'search, a whole phone number',
    query: { q: '0755 931 234' },
    count: [RUNS_READ],
    page: [RUNS_WALKED],
    pageSorts: false,
    countsSearchOnly: true,
  },
  {
    name: 'search, a phone fragment, page 3',
    query: { q: '0744 55', page: '3' },
    count: [new RegExp(`^${DIGITS_COUNTED}$`)],
    page: [RUNS_WALKED],
    pageSorts: false,
    countsSearchOnly: true,
  },
  { name: 'search with judet', query: { q: 'pop', judet: 'Cluj' }, count: [SEARCHED], page: [SEARCHED] },
  {
    name: 'search, a phone fragment, with judet',
    query: { q: '0755 93', judet: 'Cluj' },
    count: [SEARCHED],
    page: [RUNS_WALKED],
    pageSorts: false,
  },
  {
    name: 'search, 1–2 letters, with judet',
    query: { q: 'io', judet: 'Cluj' },
    count: [/using patients_live_judet_norm\b/],
    page: [WALKED],
    pageSorts: false,
  },
  {
    name: 'search with a creation-day range',
    query: { q: 'pop', from: '2025-03-01' },
    count: [SEARCHED],
    page: [SEARCHED],
  },
  {
    name: 'the deleted patients',
    query: { deleted: 'true' },
    count: [/using patients_deleted on patients$/],
    page: [/using patients_deleted on patients$/],
    pageSorts: false,
  },
  {
    name: 'the deleted patients, searched',
    query: { deleted: 'true', q: 'pop' },
    count: [/using patients_deleted on patients$/],
    page: [/using patients_deleted on patients$/],
    pageSorts: false,
  },
];

/**
 * How a search without filters reads the search table once it is too large to read whole (sequential
 * scans off stand for that: at 20,000 patients, reading the narrow table whole costs about what the
 * indexes do, and the planner may rightly do so). Every page walks the newest keys first (searchPage's
 * window); beside it, the search as the planner runs it when the window does not hold the page: a common
 * needle walks the table's primary key newest first and stops at the page's last match; a rare one collects
 * its matches through the trigram index and sorts those few. (A needle of six or more digits walks its
 * rarest run instead, at any size: SHAPES.)
 */
const SEARCH_SHAPES: { name: string; q: string; page: string; pageSorts: boolean; count: string[] }[] = [
  {
    name: 'a common needle, 3 letters',
    q: 'pop',
    page: SEARCH_WALKED,
    pageSorts: false,
    count: [TRIGRAM_COUNTED],
  },
  {
    name: 'a common needle, 6 letters',
    q: 'stefan',
    page: SEARCH_WALKED,
    pageSorts: false,
    count: [WORD_BOUNDED, SEARCH_COLLECTED],
  },
  {
    name: 'a name and surname',
    q: 'zamfir stefania',
    page: SEARCH_COLLECTED,
    pageSorts: true,
    count: [SEARCH_COLLECTED],
  },
];

/** The steps of the count and of the page the list runs for an API query. */
async function listPlans(t: TestApp, query: Record<string, string>) {
  const params = patientListQuery.parse(query);
  const filter = toFilter(params);
  const page = { limit: PATIENT_PAGE_SIZE, offset: (params.page - 1) * PATIENT_PAGE_SIZE };
  const counting = patientCountQuery(t.db, 'postgres', filter, countLimit(page));
  const paging = patientPageQuery(t.db, 'postgres', filter, page);
  // A list that searches nothing, or a search counted from one row, runs both in one statement
  // (patients-list-counted.queries.ts).
  const both = isCountedWithPage(filter)
    ? countedPatientPageQuery(t.db, filter, page, countLimit(page))
    : undefined;
  return {
    count: planSteps(await explainListQuery(t.db, 'postgres', counting)),
    page: planSteps(await explainListQuery(t.db, 'postgres', paging)),
    both: both ? planSteps(await explainListQuery(t.db, 'postgres', both)) : undefined,
  };
}

/**
 * The ten rows put back in the page's order after the count's row is joined to them: the plan's root, over
 * the join (the page's limit is inside it), so a sort of the page's rows, not of the matches.
 */
const PAGE_ROWS_SORTED = /^Sort by (patients\w*\.created_at DESC, )?patients\w*\.file_number DESC$/;

/** A sort of the matches into the list's order (not, say, of a search's runs of digits to pick one). */
const MATCHES_SORTED = /^Sort by .*\b(rowid|file_number|created_at)\b/;

const hasStep = (steps: string[], step: RegExp) => steps.some((line) => step.test(line));

describe.runIf(TEST_DIALECTS.includes('postgres'))(`PostgreSQL list plans at ${PATIENTS} patients`, () => {
  const app = usePlanPatients();

  it.each(SHAPES)('$name: no sequential scan of patients, the intended index', async (shape) => {
    const { count, page, both } = await listPlans(app(), shape.query);
    const shown = JSON.stringify({ count, page, both }, null, 1);
    // The statement the list runs when it counts and pages at once reads just what its two parts read; a
    // search's page leaves the sort of its ten rows to that statement's own.
    // A table read twice in one statement is shown the second time under an alias: `patients_search_digits_1`.
    const pageRead = PAGE_ROWS_SORTED.test(page[0] ?? '') ? page.slice(1) : page;
    const unaliased = (steps: string[]) => steps.map((step) => step.replace(/_\d+\./g, '.'));
    if (both) expect(unaliased(both.slice(1)), shown).toEqual(unaliased([...count, ...pageRead]));
    if (both)
      expect(
        both.findLastIndex((step) => PAGE_ROWS_SORTED.test(step)),
        shown,
      ).toBe(0);
    for (const steps of [count, page]) expect(steps, shown).not.toContain('Seq Scan on patients');
    for (const step of shape.count) expect(hasStep(count, step), shown).toBe(true);
    for (const step of shape.page) expect(hasStep(page, step), shown).toBe(true);
    if (shape.pageSorts !== undefined) expect(hasStep(page, MATCHES_SORTED), shown).toBe(shape.pageSorts);
    if (shape.countsSearchOnly)
      expect(
        count.filter((line) => / on patients$/.test(line)),
        shown,
      ).toEqual([]);
  });

  it.each(SEARCH_SHAPES)("search, $name: through the search table's indexes", async (shape) => {
    await app()
      .db.transaction()
      .execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const { count, page } = await listPlans({ ...app(), db: trx }, { q: shape.q });
        const shown = JSON.stringify({ count, page }, null, 1);
        expect(page, shown).toContain(WINDOW_WALKED);
        // Then the search as the planner runs it, when the window does not hold the page.
        expect(page, shown).toContain(shape.page);
        expect(page.includes(SEARCH_SORTED), shown).toBe(shape.pageSorts);
        for (const step of shape.count) expect(count, shown).toContain(step);
      });
  });
});
