import {
  sql,
  type Compilable,
  type SqlBool,
  type CompiledQuery,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
} from 'kysely';
import { PATIENT_PAGE_SIZE } from '@odonto/domain/contracts/patients';
import { countLimit } from '@odonto/domain/contracts/paging';
import { compileOnce, runOnce, transformedValue, type OnceOptions } from '../../db/compiled-once';
import type { Database } from '../../db/database';
import type { DialectName } from '../../db/dialect';
import { openPlanBaniColumn } from '../plans/open-plan-amount.queries';
import {
  equalityTerms,
  hasDateRange,
  hasSubsetFilter,
  hasEqualityFilter,
  isSearchedInIndex,
  isSearchOnly,
  patientConditions,
  searchIndexCondition,
  type ListDatabase,
  type ListTables,
  type PatientListFilter,
} from './patients-list-terms.queries';
import {
  DIGIT_RUN_LENGTH,
  isCountedDigits,
  isDigitRunSearch,
  isOneTrigram,
  isWordStart,
  startsWithPattern,
  type SearchPlan,
} from './patient-search';
import type { PatientListRow } from './patients.presenter';

export type { PatientListFilter } from './patients-list-terms.queries';

/** A row of a page: the patient's list columns and the open amount of their plans (plans feature). */
export type PatientPageRow = PatientListRow & { plan_open_bani: number | string | bigint };

/** A built query: what the list runs, and what the plan tests explain. */
export interface ListQuery<Row> {
  compile(): CompiledQuery;
  execute(): Promise<Row[]>;
}

const LIST_COLUMNS = [
  'patients.id',
  'patients.file_number',
  'patients.nume',
  'patients.prenume',
  'patients.telefon',
  'patients.email',
  'patients.judet',
  'patients.oras',
  'patients.tara',
  'patients.medic',
  'patients.igienizare',
  'patients.blocked',
  'patients.avatar',
  'patients.created_at',
  'patients.deleted_at',
] as const;

/**
 * The page of the list, newest first: by file number, descending. File numbers are handed out in creation
 * order (the API takes the next one when it saves a new patient; the bulk loaders of the bench and the demo
 * number their patients sorted by creation time), so this is the order of creation, and unlike creation
 * time it is served by the search index itself (its rowid) and by every list index. A creation-date range
 * on its own (see isDateOrdered) lists by the creation time itself, then the file number: the same order,
 * walked in the range's own index.
 */
export function patientPageQuery(
  db: Kysely<Database>,
  dialect: DialectName,
  filter: PatientListFilter,
  page: { limit: number; offset: number },
  /** The page from the newest keys alone (isWindowSearch): empty when they do not hold it. */
  isWindowOnly = false,
): ListQuery<PatientPageRow> {
  const isRunWalked = isWalkedByDigitRuns(dialect, filter);
  const window = isWindowOnly ? {} : undefined;
  return listQuery(
    db,
    `page|${dialect}|${listShape(filter)}|${isRunWalked}|${isWindowOnly}`,
    // upTo: the page's last match, a parameter of its own (searchPage's window compares its count with it).
    { ...listValues(filter), limit: page.limit, offset: page.offset, upTo: page.offset + page.limit },
    (values) => buildPageQuery(db, dialect, withListValues(filter, values), values, isRunWalked, window),
    pageStatementOptions(dialect, filter, page, isWindowOnly),
  );
}

/**
 * Whether a PostgreSQL search's page walks the newest keys first (searchPage), and so asks them alone first
 * (decision 0072): that statement has one plan for every needle, so it is named and keeps its generic plan.
 * A needle they hold (most: they hold a page of any needle that 1 key in 200 holds) is then answered without
 * planning; a rarer needle, or a later page, costs a second statement, the one that asks the planner.
 */
export function isWindowSearch(filter: PatientListFilter): boolean {
  return (
    filter.search.kind !== 'all' &&
    isSearchedInIndex(filter) &&
    !isWalkedByDigitRuns('postgres', filter) &&
    isSearchOnly(filter)
  );
}

/** searchPage's window alone, held when it reaches the page's last match, or, given, every match of `total`. */
export interface WindowAlone {
  total?: Expression<number>;
}

/** How many first pages a named page statement is written out for, its LIMIT and OFFSET as numbers. */
export const PAGES_WRITTEN_OUT = 10;

/**
 * compileOnce's options of a page statement (alone, or with its count): named when no value of the filter
 * decides its plan (isPagePlanFixed), or when the page comes from the newest keys alone (decision 0072),
 * whose plan no needle changes. On PostgreSQL its bounds are then written into the text for the first
 * pages (PAGES_WRITTEN_OUT): as parameters, PostgreSQL costs the generic plan for a tenth of the table and
 * plans every run anew (decision 0071). A later page keeps them as parameters, so that the texts stay few.
 */
export function pageStatementOptions(
  dialect: DialectName,
  filter: PatientListFilter,
  page: { limit: number; offset: number },
  isWindowOnly: boolean,
): OnceOptions {
  const prepared = isWindowOnly || isPagePlanFixed(dialect, filter);
  const isWrittenOut = prepared && dialect === 'postgres' && page.offset < PAGES_WRITTEN_OUT * page.limit;
  return { prepared, literals: isWrittenOut ? ['limit', 'offset', 'upTo', 'countLimit'] : [] };
}

/**
 * Whether no value of the filter decides the page's plan, so that a named statement's generic plan serves
 * every call (decision 0052). A walk of the runs has one plan whatever the needle (its run is chosen inside
 * the statement), and so has a walk of one equality filter's own index (ownIndexColumn).
 */
export function isPagePlanFixed(dialect: DialectName, filter: PatientListFilter): boolean {
  return (
    hasNoValueFilter(filter) ||
    (isWalkedByDigitRuns(dialect, filter) && isSearchOnly(filter)) ||
    (dialect === 'postgres' && (ownIndexColumn(filter) !== undefined || isDateRangeAlone(filter)))
  );
}

/**
 * A creation-date range and nothing else: its page walks the creation-time index (isDateOrdered), the one
 * index that holds the list in that order, for any range; its count walks the same index (decision 0073).
 */
function isDateRangeAlone(filter: PatientListFilter): boolean {
  return isDateOrdered(filter) && filter.search.kind === 'all' && !hasSubsetFilter(filter);
}

/** The equality filters whose column leads a partial index of the live patients, then the file number. */
const OWN_INDEX_COLUMNS = {
  judet: 'judet_norm',
  oras: 'oras_norm',
  tara: 'tara_norm',
  medic: 'medic_norm',
} as const;

/**
 * A list filtered by one county, town, country or doctor and by nothing else, or by `igienizare` beside it:
 * the column whose index (`patients_live_<column>`, or `patients_live_<column>_igienizare` over the flagged
 * patients: the column, then the file number) holds the page in order for any value, a common one or a rare
 * one, and the filter's value (decisions 0069 and 0074).
 */
export function ownIndexColumn(filter: PatientListFilter):
  | {
      column: (typeof OWN_INDEX_COLUMNS)[keyof typeof OWN_INDEX_COLUMNS];
      value: string;
      isFlagged: boolean;
    }
  | undefined {
  const given = (Object.keys(OWN_INDEX_COLUMNS) as (keyof typeof OWN_INDEX_COLUMNS)[]).filter(
    (key) => filter[key] !== undefined,
  );
  const [key] = given;
  const value = key === undefined ? undefined : filter[key];
  const isAlone =
    given.length === 1 &&
    filter.search.kind === 'all' &&
    !filter.isDeleted &&
    !hasDateRange(filter) &&
    !hasSubsetFilter(filter);
  return key === undefined || value === undefined || !isAlone
    ? undefined
    : { column: OWN_INDEX_COLUMNS[key], value, isFlagged: filter.isIgienizare };
}

/** A PostgreSQL search of six or more digits in the search table: its page walks the runs (digitRunPage). */
export function isWalkedByDigitRuns(dialect: DialectName, filter: PatientListFilter): boolean {
  const { search } = filter;
  return (
    dialect === 'postgres' &&
    search.kind === 'trigram' &&
    isSearchedInIndex(filter) &&
    isDigitRunSearch(search.needle)
  );
}

/**
 * How many of the newest keys a PostgreSQL search walks before it asks the planner (searchPage): about
 * half a millisecond of keys tested, which hold a page of any needle that 1 key in 200 holds.
 */
export const SEARCH_WINDOW = 2_000;

/**
 * A creation-date range that no other index narrows (no equality filter, no search in the search table, not
 * the deleted): its page walks the creation-time index from the range's end, newest first, and stops at the
 * page's last row, so it costs the page whatever the range holds and wherever it lies. In file-number
 * order the same page would have to collect and sort every match of the range (a month at a million
 * patients is thousands), or walk past every patient newer than it.
 */
export function isDateOrdered(filter: PatientListFilter): boolean {
  return (
    hasDateRange(filter) && !filter.isDeleted && !hasEqualityFilter(filter) && !isSearchedInIndex(filter)
  );
}

function buildPageQuery(
  db: Kysely<Database>,
  dialect: DialectName,
  filter: PatientListFilter,
  page: { limit: number; offset: number; upTo: number },
  isRunWalked: boolean,
  window: WindowAlone | undefined,
) {
  const list = db.withTables<ListTables>();
  const { search } = filter;
  if (search.kind !== 'all' && isSearchedInIndex(filter)) {
    // SQLite: the FTS5 index walks its rowids (file numbers) downwards; each match picks up its row.
    if (dialect === 'sqlite') {
      return list
        .selectFrom('patients_search')
        .innerJoin('patients', 'patients.file_number', 'patients_search.rowid')
        .select(LIST_COLUMNS)
        .select(openPlanBaniColumn())
        .where(searchIndexCondition(dialect, search))
        .where((eb) => patientConditions(eb, dialect, filter))
        .orderBy('patients_search.rowid', 'desc')
        .limit(page.limit)
        .offset(page.offset);
    }
    return buildSearchedPage(db, filter, search, page, isRunWalked, window);
  }
  return buildUnsearchedPage(db, dialect, filter, page);
}

/**
 * A PostgreSQL search's page in the search table (isSearchedInIndex): the page's file numbers, planned on
 * the search table's own statistics (a filter tested on each match's patient row): a common needle walks
 * the table's primary key downwards (the tenth match comes soon), a rare one's few matches are collected
 * through the trigram index and sorted. Then the ten rows. A needle of six or more digits walks the keys of
 * its rarest run of digits instead (digitRunPage).
 */
export function buildSearchedPage(
  db: Kysely<Database>,
  filter: PatientListFilter,
  search: Exclude<SearchPlan, { kind: 'all' }>,
  page: { limit: number; offset: number; upTo: number },
  isRunWalked: boolean,
  /** Given, the page from the newest keys alone (searchPage). */
  window?: WindowAlone,
) {
  const dialect = 'postgres';
  const list = db.withTables<ListTables>();
  const numbers = () => {
    let matches = list.selectFrom('patients_search').where(searchIndexCondition(dialect, search));
    if (!isSearchOnly(filter)) matches = matches.where((eb) => eb.exists(patientTested(eb, dialect, filter)));
    return matches
      .select('patients_search.rowid')
      .orderBy('patients_search.rowid', 'desc')
      .limit(page.limit)
      .offset(page.offset);
  };
  const pageNumbers = isRunWalked
    ? digitRunPage(db, dialect, filter, search.needle, page)
    : isSearchOnly(filter)
      ? searchPage(db, search.needle, numbers(), page, window)
      : numbers();
  // Joined, not `in (…)`: the numbers keep their order, so the ten rows need no sort of their own.
  return list
    .selectFrom(pageNumbers.as('page'))
    .innerJoin('patients', 'patients.file_number', 'page.rowid')
    .select(LIST_COLUMNS)
    .select(openPlanBaniColumn())
    .orderBy('page.rowid', 'desc');
}

/**
 * The page of a list that the search table does not serve (no search, or one that only the patient row can
 * test): the patients, walked along an index in the list's order.
 */
export function buildUnsearchedPage(
  db: Kysely<Database>,
  dialect: DialectName,
  filter: PatientListFilter,
  page: { limit: number; offset: number },
) {
  const list = db.withTables<ListTables>();
  if (isDateOrdered(filter)) {
    return list
      .selectFrom('patients')
      .select(LIST_COLUMNS)
      .select(openPlanBaniColumn())
      .where((eb) => patientConditions(eb, dialect, filter))
      .orderBy('patients.created_at', 'desc')
      .orderBy('patients.file_number', 'desc')
      .limit(page.limit)
      .offset(page.offset);
  }
  const ownIndex = dialect === 'postgres' ? ownIndexColumn(filter) : undefined;
  if (ownIndex !== undefined) {
    // Written as a range of one value and ordered by the column first: no other index gives that order,
    // so every value's plan walks the filter's own index (its flagged patients' index with `igienizare`,
    // the only one whose entries all match), and one generic plan serves them all. Seen, a common value's
    // custom plans looked cheaper than that plan and were made on every run (decision 0074).
    const column = sql.ref<string>(`patients.${ownIndex.column}`);
    const value = unseenByPlanner(sql<string>`cast(${ownIndex.value} as text)`);
    let walked = list.selectFrom('patients').where('patients.deleted_at', 'is', null);
    if (ownIndex.isFlagged) walked = walked.where('patients.igienizare', '=', sql.lit(1));
    return walked
      .select(LIST_COLUMNS)
      .select(openPlanBaniColumn())
      .where(column, '>=', value)
      .where(column, '<=', value)
      .orderBy(column, 'desc')
      .orderBy('patients.file_number', 'desc')
      .limit(page.limit)
      .offset(page.offset);
  }
  // Otherwise an index is walked in file-number order: the list's, or an equality filter's, each entry's
  // row tested against what no index holds (a short search's key). On SQLite a date range beside an
  // equality filter is then written `+created_at`, which keeps the planner off the creation-time index;
  // the creation time is read beside each entry walked. PostgreSQL weighs the range with its statistics.
  const isDateWalked = dialect === 'sqlite' && hasDateRange(filter) && !filter.isDeleted;
  return list
    .selectFrom('patients')
    .select(LIST_COLUMNS)
    .select(openPlanBaniColumn())
    .where((eb) => patientConditions(eb, dialect, filter, { isDateWalked }))
    .orderBy('patients.file_number', 'desc')
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * `value` read by a subquery (an InitPlan), which PostgreSQL does not look into even when it plans with a
 * named statement's values: its custom plans then cost the statement as its generic plan does, so after
 * five runs `plan_cache_mode = auto` keeps the generic plan instead of planning every run (decisions 0074
 * and 0075). For a statement whose plan is the same whatever the value, and only for that.
 */
function unseenByPlanner<T>(value: RawBuilder<T>): RawBuilder<T> {
  return sql<T>`(select ${value})`;
}

/** The search key's patient, by its file number, meets the filters beside the search. */
function patientTested(
  eb: ExpressionBuilder<ListDatabase, 'patients_search'>,
  dialect: DialectName,
  filter: PatientListFilter,
) {
  return eb
    .selectFrom('patients')
    .select(sql.lit(1).as('one'))
    .whereRef('patients.file_number', '=', 'patients_search.rowid')
    .where((inner) => patientConditions(inner, dialect, filter));
}

/**
 * A PostgreSQL search of six or more digits (migration 0036, decision 0059), newest first. Every key
 * holding the needle holds each of its runs of six digits, so the keys of its rarest run (0035's counts
 * tell which) are walked newest first along the runs' primary key, each tested with the needle itself, and
 * the walk stops at the page's last match: a rare needle no longer has all its matches collected and
 * sorted, and a common one is found as soon as before. A run no key holds leaves the walk empty, as the
 * needle finds nobody.
 */
function digitRunPage(
  db: Kysely<Database>,
  dialect: DialectName,
  filter: PatientListFilter,
  needle: string,
  page: { limit: number; offset: number },
) {
  return digitRunMatches(db, dialect, filter, needle)
    .orderBy('patients_search_runs.rowid', 'desc')
    .limit(page.limit)
    .offset(page.offset);
}

/** The file numbers of the keys that hold the needle, among those that hold its rarest run (digitRunPage). */
function digitRunMatches(
  db: Kysely<Database>,
  dialect: DialectName,
  filter: PatientListFilter,
  needle: string,
) {
  const list = db.withTables<ListTables>();
  // The needle's runs of six digits, cut from it by the statement: one parameter, one text for any length.
  // Their number unseen by the planner, and the one run kept a number in the text: a custom plan counted
  // one start where the generic plan counted a thousand, and looked cheaper on every run (decision 0075).
  const starts = unseenByPlanner(sql<number>`length(${needle}) - ${sql.lit(DIGIT_RUN_LENGTH - 1)}`);
  const runs = sql`
    select substr(${needle}, start, ${sql.lit(DIGIT_RUN_LENGTH)})
    from generate_series(1, ${starts}) as start`;
  const rarestRun = list
    .selectFrom('patients_search_digits')
    .select('patients_search_digits.digits')
    .where(sql<SqlBool>`patients_search_digits.digits in (${runs})`)
    .orderBy('patients_search_digits.total')
    .orderBy('patients_search_digits.digits')
    .limit(sql.lit(1));
  const walked = list
    .selectFrom('patients_search_runs')
    .innerJoin('patients_search', 'patients_search.rowid', 'patients_search_runs.rowid')
    .select('patients_search_runs.rowid')
    .where('patients_search_runs.run', '=', rarestRun)
    .where(sql<SqlBool>`strpos(patients_search.search_key, ${needle}) > 0`);
  return isSearchOnly(filter) ? walked : walked.where((eb) => eb.exists(patientTested(eb, dialect, filter)));
}

/**
 * A PostgreSQL search's page, whatever the planner expects of its needle. The planner guesses how many keys
 * hold a needle from a histogram of 100 keys, which a needle of under 1 % mostly misses: it then expects a
 * handful and collects them through the trigram index, where at a million patients a phone fragment has
 * thousands to collect and sort (16 ms, where walking the newest keys finds its ten in under one). So the
 * newest SEARCH_WINDOW keys are walked first, each tested with `strpos` (the same substring, which the
 * trigram index cannot serve, so the walk stays a walk); when they hold the page, that is the page, and
 * `planned`, the search as the planner would run it, never starts (a one-time filter). A rarer needle then
 * runs `planned`: its few matches collected, after the window's keys were tested in vain.
 */
function searchPage(
  db: Kysely<Database>,
  needle: string,
  planned: SelectQueryBuilder<ListDatabase, 'patients_search', { rowid: number }>,
  page: { limit: number; offset: number; upTo: number },
  /**
   * Given, the page from the window alone: no `planned`, so the plan is the same for every needle (decision
   * 0072). It is the page when the window holds the page's last match, or every match of the search's count
   * when that is given, and empty otherwise.
   */
  window?: WindowAlone,
) {
  const walked = db.withTables<ListTables>().with('walked', (cte) =>
    cte
      .selectFrom(
        cte
          .selectFrom('patients_search')
          .select(['patients_search.rowid', 'patients_search.search_key'])
          .orderBy('patients_search.rowid', 'desc')
          .limit(SEARCH_WINDOW)
          .as('newest'),
      )
      .select('newest.rowid')
      .where(sql<SqlBool>`strpos(newest.search_key, ${needle}) > 0`)
      .orderBy('newest.rowid', 'desc')
      .limit(page.upTo),
  );
  const walkedCount = sql<number>`(select count(*) from walked)`;
  const isHeld =
    window?.total === undefined
      ? sql<SqlBool>`${walkedCount} = ${page.upTo}`
      : sql<SqlBool>`${walkedCount} >= least(${page.upTo}, ${window.total})`;
  const found = walked
    .selectFrom((eb) =>
      eb
        .selectFrom('walked')
        .select('walked.rowid')
        .where(isHeld)
        .orderBy('walked.rowid', 'desc')
        .offset(page.offset)
        .as('found'),
    )
    .select('found.rowid');
  if (window !== undefined) return found;
  return found.unionAll(
    db
      .withTables<ListTables>()
      .selectFrom(planned.where(walkedCount, '<', page.upTo).as('planned'))
      .select('planned.rowid'),
  );
}

/**
 * How many patients the filter matches, counted up to `limit` (contracts/paging.ts: 1,001 for the first
 * hundred pages), in one row `{ total }`. A broad search at a million patients no longer counts every
 * match: the count stops at the limit, a subquery `select 1 … limit n` under `count(*)`.
 */
export function patientCountQuery(
  db: Kysely<Database>,
  dialect: DialectName,
  filter: PatientListFilter,
  limit = countLimit({ offset: 0, limit: PATIENT_PAGE_SIZE }),
): ListQuery<{ total: number | string | bigint | null }> {
  const kept = keptSearchCount(dialect, filter);
  return listQuery(
    db,
    `count|${dialect}|${listShape(filter)}|${kept}`,
    { ...listValues(filter), limit },
    (values) => buildCountQuery(db, dialect, withListValues(filter, values), values.limit, kept),
    {
      prepared:
        hasNoValueFilter(filter) || isCountedByCombination(filter) || isOneRowCount(kept) || kept === 'runs',
    },
  );
}

export function buildCountQuery(
  db: Kysely<Database>,
  dialect: DialectName,
  filter: PatientListFilter,
  limit: number,
  kept: KeptSearchCount | undefined,
) {
  const list = db.withTables<ListTables>();
  const { search } = filter;
  const capped = (matches: SelectQueryBuilder<ListDatabase, keyof ListDatabase, object>) =>
    list
      .selectFrom(matches.select(sql.lit(1).as('one')).limit(limit).as('matches'))
      .select((eb) => eb.fn.countAll<number>().as('total'));
  if (kept === 'runs' && search.kind !== 'all') {
    // A phone longer than the counts per run hold: its matches among the keys of its rarest run of six
    // digits (migration 0036), a handful for a whole phone at a million patients, not the trigram bitmap.
    return capped(digitRunMatches(db, dialect, filter, search.needle));
  }
  if (isOneRowCount(kept) && search.kind !== 'all') {
    // One row of the counts per trigram (migration 0033) or per run of digits (0035): as cheap at a million
    // patients as at a hundred, and one plan for every needle, so the statement is named.
    const { table, item } = ONE_ROW_COUNTS[kept];
    return list
      .selectFrom(table)
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total'), sql.lit(0)).as('total'))
      .where(sql.ref(item), '=', search.needle);
  }
  if (search.kind !== 'all' && isSearchedInIndex(filter)) {
    if (isSearchOnly(filter)) {
      // The index holds exactly the patients not deleted: counting its matches is the answer.
      const counted = capped(list.selectFrom('patients_search').where(searchIndexCondition(dialect, search)));
      if (kept !== 'word') return counted;
      // Every key holding a word that starts with the needle holds the needle (migration 0034): when one
      // such word is held by `limit` keys, the search finds at least that many, and the index's bitmap of
      // every match is never read (the `else` runs only when reached).
      const commonestWord = list
        .selectFrom('patients_search_words')
        .select((eb) => eb.fn.max('patients_search_words.total').as('total'))
        .where('patients_search_words.word', 'like', transformedValue(search.needle, startsWithPattern));
      return list.selectNoFrom(
        sql<number>`case when (${commonestWord}) >= ${limit} then ${limit} else (${counted}) end`.as('total'),
      );
    }
    // Each match is tested against the filters in the index of one of them (its file number is the key).
    return capped(
      list
        .selectFrom('patients_search')
        .innerJoin('patients', 'patients.file_number', 'patients_search.rowid')
        .where(searchIndexCondition(dialect, search))
        .where((eb) => patientConditions(eb, dialect, filter)),
    );
  }
  if (isCountedByCombination(filter)) {
    // The counts per combination of equality filters, summed (migration 0002): a few rows, not the
    // patients. Exact and cheap at any size; the answer is capped like the others (countPatients).
    const counts = list
      .selectFrom('patient_counts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('patient_counts.total'), sql.lit(0)).as('total'));
    if (!hasEqualityFilter(filter)) return counts;
    return counts.where((eb) => eb.and(equalityTerms(eb, 'patient_counts', filter)));
  }
  return capped(list.selectFrom('patients').where((eb) => patientConditions(eb, dialect, filter)));
}

/**
 * Which kept counts a search that nothing else filters reads: a needle of four to six digits is counted
 * from the counts per run of digits (migration 0035, both engines). On PostgreSQL, one of three letters or
 * digits is counted from the counts per trigram (0033), and one of four or more letters is first bounded
 * from below by the counts per word (0034); one of seven or more digits, a whole phone, is counted among the
 * keys of its rarest run of six (0036). The needle decides which, so this is part of the count's shape.
 */
export type KeptSearchCount = 'trigram' | 'digits' | 'word' | 'runs';

export function keptSearchCount(
  dialect: DialectName,
  filter: PatientListFilter,
): KeptSearchCount | undefined {
  const { search } = filter;
  if (search.kind !== 'trigram' || !isSearchOnly(filter)) return undefined;
  if (isCountedDigits(search.needle)) return 'digits';
  if (dialect !== 'postgres') return undefined;
  if (isDigitRunSearch(search.needle)) return 'runs';
  if (isOneTrigram(search.needle)) return 'trigram';
  return isWordStart(search.needle) ? 'word' : undefined;
}

/** The kept counts whose one row is a search's exact total: the table, and the column the needle is in. */
const ONE_ROW_COUNTS = {
  trigram: { table: 'patients_search_trigrams', item: 'trigram' },
  digits: { table: 'patients_search_digits', item: 'digits' },
} as const;

export function isOneRowCount(kept: KeptSearchCount | undefined): kept is keyof typeof ONE_ROW_COUNTS {
  return kept === 'trigram' || kept === 'digits';
}

/** Counted from the counts per combination of equality filters (patient_counts): a few rows, any values. */
function isCountedByCombination(filter: PatientListFilter): boolean {
  return (
    filter.search.kind === 'all' && !filter.isDeleted && !hasDateRange(filter) && !hasSubsetFilter(filter)
  );
}

/**
 * No value of the filter decides the best plan: what is asked is said by the query's text (its flags), so a
 * PostgreSQL named statement's generic plan serves every call (db/prepared-statements.ts). A needle, a
 * county or a doctor, a date range or a location would not: a rare one wants another index than a common
 * one, and a generic plan chosen on the first calls' values would walk a whole table for the other.
 */
export function hasNoValueFilter(filter: PatientListFilter): boolean {
  return Object.values(listValues(filter)).every((value) => value === undefined);
}

/** The filter's values, which the list's queries carry as parameters (db/compiled-once.ts). */
export function listValues(filter: PatientListFilter) {
  const { search, judet, oras, tara, medic, createdFrom, createdTo, locationId } = filter;
  return {
    needle: search.kind === 'all' ? undefined : search.needle,
    ...{ judet, oras, tara, medic, createdFrom, createdTo, locationId },
  };
}

/** What else decides the text of the list's queries: with which values are present, their shape. */
export function listShape(filter: PatientListFilter): string {
  return [filter.search.kind, filter.isIgienizare, filter.isDeleted, filter.isOwing === true].join(',');
}

/** The filter with `values` in its values' places (markers, while compileOnce builds a query's text). */
export function withListValues(
  filter: PatientListFilter,
  values: ReturnType<typeof listValues>,
): PatientListFilter {
  const { needle, ...rest } = values;
  const { search } = filter;
  return {
    ...filter,
    ...rest,
    search: search.kind === 'all' ? search : { kind: search.kind, needle: needle ?? '' },
  };
}

export function listQuery<Values extends Record<string, unknown>, Row>(
  db: Kysely<Database>,
  shape: string,
  values: Values,
  build: (values: Values) => Compilable<Row>,
  options: OnceOptions,
): ListQuery<Row> {
  return {
    compile: () => compileOnce(db, shape, values, build, options),
    execute: () => runOnce(db, shape, values, build, options),
  };
}

export async function findPatientPage(
  db: Kysely<Database>,
  dialect: DialectName,
  filter: PatientListFilter,
  page: { limit: number; offset: number },
  isWindowOnly = false,
): Promise<PatientPageRow[]> {
  return patientPageQuery(db, dialect, filter, page, isWindowOnly).execute();
}

/** How many patients the filter matches, up to `limit`. */
export async function countPatients(
  db: Kysely<Database>,
  dialect: DialectName,
  filter: PatientListFilter,
  limit: number,
): Promise<number> {
  const [row] = await patientCountQuery(db, dialect, filter, limit).execute();
  return cappedTotal(row, limit);
}

/**
 * A count row's total, at most `limit`. A count of matches stops at `limit`, but one read from the
 * running totals (`patient_counts`) is exact; capped here, both answer alike (pagedTotal).
 */
export function cappedTotal(
  row: { total: number | string | bigint | null } | undefined,
  limit: number,
): number {
  return Math.min(Number(row?.total ?? 0), limit);
}
