import type { Kysely } from 'kysely';
import { endOfDay, startOfDay } from '@odonto/domain/dates';
import { MESSAGES } from '@odonto/domain/messages';
import {
  PATIENT_PAGE_SIZE,
  type PatientListResponse,
  type patientListQuery,
} from '@odonto/domain/contracts/patients';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { DialectName } from '../../db/dialect';
import { AppError } from '../../plugins/errors';
import { PATIENT_MESSAGES } from './patient-messages';
import { filterValue, planSearch } from './patient-search';
import { countPatients, findPatientPage, type PatientListFilter } from './patients-list.queries';
import { toListItem } from './patients.presenter';

export type PatientListParams = z.output<typeof patientListQuery>;

/** GET /api/pacienti: one page of the (filtered) list, newest first, with the total of matches. */
export async function listPatients(
  deps: { db: Kysely<Database>; dialect: DialectName },
  params: PatientListParams,
): Promise<PatientListResponse> {
  const filter = toFilter(params);
  const offset = (params.page - 1) * PATIENT_PAGE_SIZE;
  const [rows, total] = await Promise.all([
    findPatientPage(deps.db, deps.dialect, filter, { limit: PATIENT_PAGE_SIZE, offset }),
    countPatients(deps.db, deps.dialect, filter),
  ]);
  return { pacienti: rows.map(toListItem), total, page: params.page, pageSize: PATIENT_PAGE_SIZE };
}

/** The query as the list queries take it; from/to are whole days on the clinic's calendar (SPEC.md §9). */
export function toFilter(params: PatientListParams): PatientListFilter {
  const createdFrom = params.from ? startOfDay(params.from).toISOString() : undefined;
  const createdTo = params.to ? endOfDay(params.to).toISOString() : undefined;
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
  };
}
