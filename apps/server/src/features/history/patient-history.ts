import type { Kysely } from 'kysely';
import type { PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import type { Database } from '../../db/database';
import { entryPlanItems } from '../plans/plan-progress.service';
import { toHistory } from './history.presenter';
import { findLiveEntries, findLivePictures } from './history.queries';

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
