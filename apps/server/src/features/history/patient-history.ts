import type { Kysely } from 'kysely';
import type { CancelledHistoryEntry, PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import type { PlanItemRef } from '@odonto/domain/contracts/plans';
import type { Database } from '../../db/database';
import { entryPlanItems } from '../plans/plan-progress.service';
import { toHistory } from './history.presenter';
import { findCancelledEntries, findListedPictures, findLiveEntries } from './history.queries';

/**
 * What the history feature publishes to the patients feature (docs/decisions/0009): a patient's live
 * entries with their pictures, newest treatment date first, for GET /api/get-pacient.
 */
export async function loadPatientHistory(
  db: Kysely<Database>,
  patientId: string,
): Promise<PatientHistoryEntry[]> {
  const entries = await findLiveEntries(db, patientId);
  if (entries.length === 0) return [];
  const [pictures, planItems] = await Promise.all([
    findListedPictures(db, patientId),
    entryPlanItems(db, patientId),
  ]);
  return toHistory(entries, pictures, planItems);
}

/**
 * What a patient's record shows of the history: the live entries and the cancelled signed ones, their
 * pictures read once for both.
 */
export async function loadPatientRecordHistory(
  db: Kysely<Database>,
  patientId: string,
): Promise<{ history: PatientHistoryEntry[]; cancelled: CancelledHistoryEntry[] }> {
  const [entries, cancelledRows] = await Promise.all([
    findLiveEntries(db, patientId),
    findCancelledEntries(db, patientId),
  ]);
  if (entries.length === 0 && cancelledRows.length === 0) return { history: [], cancelled: [] };
  const [pictures, planItems] = await Promise.all([
    findListedPictures(db, patientId),
    entries.length === 0 ? new Map<number, PlanItemRef>() : entryPlanItems(db, patientId),
  ]);
  const history = toHistory(entries, pictures, planItems);
  if (cancelledRows.length === 0) return { history, cancelled: [] };
  const cancelled = toHistory(cancelledRows, pictures).map((entry, index) => {
    const row = cancelledRows[index];
    return {
      ...entry,
      planItem: null,
      anulat: {
        la: row?.deleted_at ?? '',
        de: row?.cancelled_by_name ?? '',
        motiv: row?.cancel_reason ?? '',
      },
    };
  });
  return { history, cancelled };
}
