import type { Kysely } from 'kysely';
import { chartState, type ChartState } from '@odonto/domain/chart-state';
import { toInstant } from '@odonto/domain/clinic-time';
import {
  entryFieldsFromForm,
  treatmentForm,
  type TreatmentFormData,
  type TreatmentRulesContext,
  type UsedInstrument,
} from '@odonto/domain/contracts/history';
import type { PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import type { Database, PatientRow } from '../../db/database';
import { parseStringArray } from '../../db/json';
import { AppError } from '../../plugins/errors';
import { invalidFields } from './history-form';
import { HISTORY_SERVER_MESSAGES as TEXT } from './history-messages';
import { instrumentsText } from './history.presenter';
import { maxEntryId, type EntryColumns } from './history.queries';
import { loadPatientHistory } from './patient-history';
import { lockLivePatient } from '../patients/live-patient.queries';

export const patientNotFound = () => new AppError(404, 'not_found', TEXT.patientNotFound);
export const entryNotFound = () => new AppError(404, 'not_found', TEXT.entryNotFound);

/** What a history write knows once it holds the patient's lock. */
export interface LockedPatient {
  patient: PatientRow;
  history: PatientHistoryEntry[];
  chart: ChartState<PatientHistoryEntry>;
}

/** Locks the live patient (404 otherwise) and reads its history and chart as they stand. */
export async function lockPatient(trx: Kysely<Database>, patientId: string): Promise<LockedPatient> {
  const patient = await lockLivePatient(trx, patientId);
  if (!patient) throw patientNotFound();
  const history = await loadPatientHistory(trx, patientId);
  return { patient, history, chart: chartState(history, parseStringArray(patient.dinti_stersi)) };
}

/** The modal's fields of an entry, checked by the domain's treatment rules (400 with field messages). */
export function checkTreatment(
  obj: Pick<TreatmentFormData, 'createdAt' | 'dinte' | 'dinteDestinatie' | 'denumire' | 'medic' | 'detalii'>,
  context: TreatmentRulesContext,
): TreatmentFormData {
  const parsed = treatmentForm(context).safeParse({
    createdAt: obj.createdAt,
    dinte: obj.dinte,
    dinteDestinatie: obj.dinteDestinatie,
    denumire: obj.denumire,
    medic: obj.medic,
    detalii: obj.detalii,
  });
  if (!parsed.success) throw invalidFields(parsed.error);
  return parsed.data;
}

/**
 * A new entry's id: the creation time in ms (SPEC.md §9), unique per patient — one past the newest id
 * when that time is taken. Called under the patient's lock.
 */
export async function nextEntryId(trx: Kysely<Database>, patientId: string, now: Date): Promise<number> {
  const newest = await maxEntryId(trx, patientId);
  return newest === null ? now.getTime() : Math.max(now.getTime(), newest + 1);
}

/** The treatment date as stored: an ISO instant, so entries sort by it as text on both databases. */
export function storedDate(createdAt: string): string {
  return new Date(toInstant(createdAt)).toISOString();
}

/** The columns an entry's form writes; type, catalogue id, colour and placement follow from the form. */
export function entryColumns(form: TreatmentFormData, sterilizari: readonly UsedInstrument[]): EntryColumns {
  const placement = entryFieldsFromForm(form);
  return {
    type: placement.type,
    denumire: placement.denumire,
    map_id: placement.mapID,
    dinte: placement.dinte,
    dinte_start: placement.dinteStart,
    dinte_destinatie: placement.dinteDestinatie,
    side: placement.side,
    start_index: placement.start,
    end_index: placement.end,
    direction: placement.direction,
    fill: placement.fill,
    detalii: form.detalii,
    medic: form.medic,
    sterilizari: instrumentsText(sterilizari),
    created_at: storedDate(form.createdAt),
  };
}

/**
 * The pouches a client wrote into an entry's `sterilizari` itself: neither already recorded on the entry
 * nor picked in this save's `usedInstruments`. They are checked against the register like a pick, never
 * stored as sent.
 */
export function newlyClaimedInstruments(
  sent: readonly UsedInstrument[],
  recorded: readonly UsedInstrument[],
  picked: readonly UsedInstrument[],
): UsedInstrument[] {
  const known = new Set([...recorded, ...picked].map((item) => String(item.id_sterilizare)));
  return sent.filter((item) => !known.has(String(item.id_sterilizare)));
}

/** Used instruments are a record: a save adds to them and never drops one (same id and time = same use). */
export function mergeInstruments(...lists: (readonly UsedInstrument[])[]): UsedInstrument[] {
  const seen = new Map<string, UsedInstrument>();
  for (const item of lists.flat()) {
    const key = `${String(item.id_sterilizare)}@${item.used_at}`;
    if (!seen.has(key)) seen.set(key, item);
  }
  return [...seen.values()];
}
