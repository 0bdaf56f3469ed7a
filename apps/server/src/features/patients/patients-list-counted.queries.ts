import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/database';
import {
  buildCountQuery,
  buildSearchedPage,
  buildUnsearchedPage,
  cappedTotal,
  isDateOrdered,
  isOneRowCount,
  isWindowSearch,
  isWalkedByDigitRuns,
  keptSearchCount,
  listQuery,
  listShape,
  listValues,
  pageStatementOptions,
  withListValues,
  type ListQuery,
  type PatientListFilter,
  type PatientPageRow,
} from './patients-list.queries';

/** A row of a counted page: one of the page's patients (all null when the page is empty) and the count. */
export type CountedPageRow = { [Column in keyof PatientPageRow]: PatientPageRow[Column] | null } & {
  total: number | string | bigint | null;
};

/**
 * Whether a PostgreSQL list asks for its count and its page in one statement (countedPatientPageQuery): a
 * list that searches nothing (a row of the counts per combination, or a capped count along an index), and a
 * search counted from one row of the kept counts (a needle of three letters or digits, or of four to six
 * digits; decision 0068). Any other search's count checks its matches, up to 1,001: it runs on a connection
 * of its own, beside the page.
 */
export function isCountedWithPage(filter: PatientListFilter): boolean {
  return filter.search.kind === 'all' || isOneRowCount(keptSearchCount('postgres', filter));
}

/**
 * PostgreSQL, a list whose count is cheap: its count and its page in one statement. Each statement is a
 * round trip to the database server, and at 10 connections on two cores those trips, not the two
 * statements' work (a row of `patient_counts` and a walk of ten patients), decided a list's p95 (issue 14;
 * decision 0061). The count's one row is joined to the page, which starts only when the count leaves a
 * patient at its offset (a one-time filter), as the service skipped a page past the end: the page's
 * rows each carry the count, and an empty page is one row of nulls beside it.
 */
export function countedPatientPageQuery(
  db: Kysely<Database>,
  filter: PatientListFilter,
  page: { limit: number; offset: number },
  countLimit: number,
  /** The page from the newest keys alone (isWindowSearch); empty when they do not hold it. */
  isWindowOnly = false,
): ListQuery<CountedPageRow> {
  // Both decided by the needle, so part of the text's shape (compileOnce).
  const kept = keptSearchCount('postgres', filter);
  const isRunWalked = isWalkedByDigitRuns('postgres', filter);
  const upTo = page.offset + page.limit;
  return listQuery(
    db,
    `counted-page|postgres|${listShape(filter)}|${kept}|${isRunWalked}|${isWindowOnly}`,
    { ...listValues(filter), limit: page.limit, offset: page.offset, upTo, countLimit },
    (values) => {
      const marked = withListValues(filter, values);
      const counted = buildCountQuery(db, 'postgres', marked, values.countLimit, kept);
      const isReached = sql<SqlBool>`${values.offset} < counted.total`;
      // A search's page without its own sort of the ten rows: the sort below puts them in order.
      const patients =
        marked.search.kind === 'all'
          ? buildUnsearchedPage(db, 'postgres', marked, values).where(isReached)
          : buildSearchedPage(
              db,
              marked,
              marked.search,
              values,
              isRunWalked,
              isWindowOnly ? { total: sql<number>`counted.total` } : undefined,
            )
              .clearOrderBy()
              .where(isReached);
      const joined = db
        .selectFrom(counted.as('counted'))
        .leftJoinLateral(patients.as('page'), (join) => join.onTrue())
        .selectAll('page')
        .select('counted.total');
      // The rows in the page's own order (a join promises none): a sort of ten rows.
      return isDateOrdered(filter)
        ? joined.orderBy('page.created_at', 'desc').orderBy('page.file_number', 'desc')
        : joined.orderBy('page.file_number', 'desc');
    },
    // Named only when no value decides the page's plan, as the page alone is (patientPageQuery), or when
    // the page comes from the newest keys alone; the counts it joins have one plan for every value.
    pageStatementOptions('postgres', filter, page, isWindowOnly),
  );
}

/** The count (up to `countLimit`) and the page of a PostgreSQL list (isCountedWithPage), in one round trip. */
export async function findCountedPatientPage(
  db: Kysely<Database>,
  filter: PatientListFilter,
  page: { limit: number; offset: number },
  countLimit: number,
): Promise<{ counted: number; rows: PatientPageRow[] }> {
  const isWindowFirst = isWindowSearch(filter);
  const rows = await countedPatientPageQuery(db, filter, page, countLimit, isWindowFirst).execute();
  const found = countedPage(rows, countLimit);
  if (!isWindowFirst || found.rows.length > 0 || page.offset >= found.counted) return found;
  // The newest keys did not hold the page: the statement that also asks the planner (searchPage).
  return countedPage(await countedPatientPageQuery(db, filter, page, countLimit).execute(), countLimit);
}

function countedPage(
  rows: CountedPageRow[],
  countLimit: number,
): { counted: number; rows: PatientPageRow[] } {
  const counted = cappedTotal(rows[0], countLimit);
  return { counted, rows: rows.filter((row): row is CountedPageRow & PatientPageRow => row.id !== null) };
}
