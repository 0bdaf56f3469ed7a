import type { Kysely } from 'kysely';
import { endOfDay, startOfDay } from '@odonto/domain/dates';
import { MESSAGES } from '@odonto/domain/messages';
import {
  PATIENT_PAGE_SIZE,
  type PatientListResponse,
  type patientListQuery,
} from '@odonto/domain/contracts/patients';
import { countLimit, pagedTotal } from '@odonto/domain/contracts/paging';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { DialectName } from '../../db/dialect';
import { AppError } from '../../plugins/errors';
import { PATIENT_MESSAGES } from './patient-messages';
import { filterValue, planSearch } from './patient-search';
import { findCountedPatientPage, isCountedWithPage } from './patients-list-counted.queries';
import {
  countPatients,
  findPatientPage,
  isWindowSearch,
  type PatientListFilter,
  type PatientPageRow,
} from './patients-list.queries';
import { toListItem } from './patients.presenter';

export type PatientListParams = z.output<typeof patientListQuery>;

/**
 * GET /api/pacienti: one page of the (filtered) list, newest first, with the total of matches: exact up to
 * 1,000, then "more than" (contracts/paging.ts).
 */
export async function listPatients(
  deps: { db: Kysely<Database>; dialect: DialectName },
  params: PatientListParams,
): Promise<PatientListResponse> {
  const filter = toFilter(params);
  const offset = (params.page - 1) * PATIENT_PAGE_SIZE;
  const page = { limit: PATIENT_PAGE_SIZE, offset };
  const limit = countLimit(page);
  const { counted, rows } = await countAndPage(deps, filter, page, limit);
  return {
    pacienti: rows.map((row) => toListItem(row, Number(row.plan_open_bani))),
    ...pagedTotal(counted, limit),
    page: params.page,
    pageSize: PATIENT_PAGE_SIZE,
  };
}

/**
 * The count (up to `limit`) and the page. On SQLite the count comes first: a page past the end then needs
 * no query at all. On PostgreSQL each statement is a round trip: a list that searches nothing, and a search
 * counted from one row of the kept counts, ask for both in one statement (patients-list-counted.queries.ts;
 * decisions 0061 and 0068); any other search, whose capped count (up to 1,001 matches checked) is the
 * dearest statement, asks for both at once on two of the pool's connections (issue 14). A search whose page
 * walks the newest keys asks them alone first (decision 0072).
 */
async function countAndPage(
  deps: { db: Kysely<Database>; dialect: DialectName },
  filter: PatientListFilter,
  page: { limit: number; offset: number },
  limit: number,
): Promise<{ counted: number; rows: PatientPageRow[] }> {
  if (deps.dialect === 'postgres' && isCountedWithPage(filter)) {
    return findCountedPatientPage(deps.db, filter, page, limit);
  }
  if (deps.dialect === 'postgres') {
    const isWindowFirst = isWindowSearch(filter);
    const [counted, found] = await Promise.all([
      countPatients(deps.db, deps.dialect, filter, limit),
      findPatientPage(deps.db, deps.dialect, filter, page, isWindowFirst),
    ]);
    if (page.offset >= counted) return { counted, rows: [] };
    // The newest keys did not hold the page: the statement that also asks the planner (decision 0072).
    const isHeld = !isWindowFirst || found.length > 0;
    return { counted, rows: isHeld ? found : await findPatientPage(deps.db, deps.dialect, filter, page) };
  }
  const counted = await countPatients(deps.db, deps.dialect, filter, limit);
  const rows = page.offset >= counted ? [] : await findPatientPage(deps.db, deps.dialect, filter, page);
  return { counted, rows };
}

/** The query as the list queries take it; from/to are whole days on the clinic's calendar (SPEC.md §9). */
export function toFilter(params: PatientListParams): PatientListFilter {
  const createdFrom = params.from ? dayStart(params.from) : undefined;
  const createdTo = params.to ? dayEnd(params.to) : undefined;
  if (createdFrom !== undefined && createdTo !== undefined && createdFrom > createdTo) {
    throw new AppError(400, 'invalid_input', MESSAGES.invalidInput, {
      fields: { to: PATIENT_MESSAGES.dateRange },
    });
  }
  return {
    search: planSearch(params.q),
    judet: filterValue(params.judet),
    oras: filterValue(params.oras),
    tara: filterValue(params.tara),
    medic: filterValue(params.medic),
    isIgienizare: params.igienizare === true,
    createdFrom,
    createdTo,
    isDeleted: params.deleted === true,
    isOwing: params.sold === 'de-plata',
    locationId: params.sediu,
  };
}

// A day's first and last instants never change, and working them out in the clinic's zone (Intl) took about
// 0.15 ms a request, more than the SQL of a dated page: the days asked for are remembered, a bounded number.
const DAYS_REMEMBERED = 1000;
const dayStarts = new Map<string, string>();
const dayEnds = new Map<string, string>();

function remembered(days: Map<string, string>, day: string, compute: () => string): string {
  let instant = days.get(day);
  if (instant === undefined) {
    if (days.size >= DAYS_REMEMBERED) days.clear();
    instant = compute();
    days.set(day, instant);
  }
  return instant;
}

function dayStart(day: string): string {
  return remembered(dayStarts, day, () => startOfDay(day).toISOString());
}

function dayEnd(day: string): string {
  return remembered(dayEnds, day, () => endOfDay(day).toISOString());
}
