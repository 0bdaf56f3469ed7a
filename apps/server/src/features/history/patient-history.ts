import type { Kysely } from 'kysely';
import type { CancelledHistoryEntry, PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import type { Database } from '../../db/database';
import { entryPlanItems } from '../plans/plan-progress.service';
import { toHistory } from './history.presenter';
import { findCancelledEntries, findLiveEntries, findLivePictures } from './history.queries';

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
    findLivePictures(db, patientId),
    entryPlanItems(db, patientId),
  ]);
  return toHistory(entries, pictures, planItems);
}

/** What a patient's record shows of the history: the live entries and the cancelled signed ones. */
export async function loadPatientRecordHistory(
  db: Kysely<Database>,
  patientId: string,
): Promise<{ history: PatientHistoryEntry[]; cancelled: CancelledHistoryEntry[] }> {
  const [history, cancelledRows] = await Promise.all([
    loadPatientHistory(db, patientId),
    findCancelledEntries(db, patientId),
  ]);
  if (cancelledRows.length === 0) return { history, cancelled: [] };
  const pictures = await findLivePictures(db, patientId);
  const entries = toHistory(cancelledRows, pictures);
  const cancelled = entries.map((entry, index) => {
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
