import type { Kysely } from 'kysely';
import type { DateWindow } from '@odonto/domain/date-window';
import { MESSAGES } from '@odonto/domain/messages';
import type { Patient, PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import type { Clock } from '../../app-types';
import type { Database, HistoryEntryRow } from '../../db/database';
import { changeFiles, type FileStore } from '../../files/store';
import { writeAudit, type AuditActor, type AuditEntry } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { toPatient } from '../patients/patients.presenter';
import { recordTreatmentCharge } from '../ledger/treatment-charges';
import { entryPlanItems, syncEntryPlanItem } from '../plans/plan-progress.service';
import { recordInstrumentUses } from '../sterilisation/instrument-uses.service';
import { filesOf, planPictures, preparePictures, savingPictures } from './entry-pictures';
import {
  checkTreatment,
  entryColumns,
  entryNotFound,
  lockPatient,
  mergeInstruments,
  newlyClaimedInstruments,
  nextEntryId,
  patientNotFound,
} from './entry-rules';
import type { HistoryForm } from './history-form';
import { toHistoryEntry } from './history.presenter';
import {
  findLiveEntry,
  findLivePictures,
  insertEntry,
  insertPictures,
  markPicturesDeleted,
  setPicturePosition,
  updateEntryIfVersion,
} from './history.queries';
import type { SaveHistoryObj, UpdateHistoryObj } from './history.schemas';
import { loadPatientRecordHistory } from './patient-history';
import { findLivePatient } from '../patients/live-patient.queries';

export interface HistoryDeps {
  db: Kysely<Database>;
  now: Clock;
  store: FileStore;
  /** The days a treatment may be dated (config); the default window when not given. */
  dateWindow?: DateWindow;
}

export function historyAudit(
  action: string,
  patientId: string,
  entryId: number,
  details: Record<string, unknown>,
): AuditEntry {
  return {
    action,
    entity: 'history_entry',
    entityId: String(entryId),
    patientId,
    details: { entryId, ...details },
  };
}

/** The patient as GET /api/get-pacient answers it, history included (after a write commits). */
export async function patientAnswer(deps: HistoryDeps, patientId: string): Promise<Patient> {
  const row = await findLivePatient(deps.db, patientId);
  if (!row) throw patientNotFound();
  const { history, cancelled } = await loadPatientRecordHistory(deps.db, patientId);
  return toPatient(row, deps.now(), history, cancelled);
}

/**
 * POST /api/save-history/{id}: a new entry with its pictures, checked by the treatment rules against the
 * patient's chart as it stands; the entry, its picture rows, the files and the audit row are written
 * together or not at all.
 */
export async function createEntry(
  deps: HistoryDeps,
  actor: AuditActor,
  patientId: string,
  form: HistoryForm<SaveHistoryObj>,
): Promise<Patient> {
  if (!(await findLivePatient(deps.db, patientId))) throw patientNotFound();
  const plan = planPictures(form.obj.pics, form.files, [], form.deleted);
  const pictures = await preparePictures(deps.db, patientId, plan.add, actor.userId);
  const add = pictures.flatMap((picture) => picture.files);
  await savingPictures(() =>
    changeFiles(deps.store, { add }, async (trx, added) => {
      const now = deps.now();
      const { chart } = await lockPatient(trx, patientId);
      const checked = checkTreatment(form.obj, {
        mode: 'create',
        now,
        chart,
        ...(deps.dateWindow ? { dateWindow: deps.dateWindow } : {}),
      });
      const id = await nextEntryId(trx, patientId, now);
      const uses = { patientId, entryId: id, now, userId: actor.userId };
      const used = await recordInstrumentUses(trx, uses, form.usedInstruments);
      const claimed = newlyClaimedInstruments(form.obj.sterilizari, [], form.usedInstruments);
      const sterilizari = mergeInstruments(
        used,
        await recordInstrumentUses(trx, uses, claimed, 'sterilizari'),
      );
      const entry = await insertEntry(trx, {
        patient_id: patientId,
        id,
        ...entryColumns(checked, sterilizari),
        signature: null,
        updated_at: null,
        version: 1,
        deleted_at: null,
        deleted_by: null,
      });
      await insertPictures(
        trx,
        pictures.map((picture) => picture.row(id, added, now.toISOString())),
      );
      await syncEntryPlanItem(trx, planLink(patientId, id, entry, now, actor), form.obj.planItem);
      // A treatment with a price (its plan item's, or the list's on its day) is a charge on the account.
      await recordTreatmentCharge(trx, { actor, now }, treatmentOf(patientId, entry));
      await writeAudit(
        trx,
        now,
        actor,
        historyAudit('history_create', patientId, id, {
          type: entry.type,
          denumire: entry.denumire,
          dinte: entry.dinte,
          pictures: plan.add.map(({ pic }) => pic.name),
        }),
      );
    }),
  );
  return patientAnswer(deps, patientId);
}

/**
 * POST /api/update-history/{id}: the entry of `obj.id` as the modal left it (409 when `version` is stale).
 * New pictures are stored with the entry; removed ones are marked deleted in the same transaction and
 * their files unlinked only after it commits. Answers the entry.
 */
export async function updateEntry(
  deps: HistoryDeps,
  actor: AuditActor,
  patientId: string,
  form: HistoryForm<UpdateHistoryObj>,
): Promise<PatientHistoryEntry> {
  const { version, id } = form.obj;
  if (!(await findLivePatient(deps.db, patientId))) throw patientNotFound();
  const before = await findLiveEntry(deps.db, patientId, id);
  if (!before) throw entryNotFound();
  if (before.version !== version) throw new AppError(409, 'conflict', MESSAGES.conflict);
  const stored = await findLivePictures(deps.db, patientId, id);
  const plan = planPictures(form.obj.pics, form.files, stored, form.deleted);
  const pictures = await preparePictures(deps.db, patientId, plan.add, actor.userId);
  const changes = {
    add: pictures.flatMap((picture) => picture.files),
    remove: await filesOf(deps.db, plan.remove),
  };
  const { result } = await savingPictures(() =>
    changeFiles(deps.store, changes, async (trx, added) => {
      const now = deps.now();
      const at = now.toISOString();
      const { history, chart } = await lockPatient(trx, patientId);
      const original = history.find((entry) => entry.id === id);
      if (!original) throw entryNotFound();
      const checked = checkTreatment(form.obj, {
        mode: 'update',
        now,
        chart,
        original,
        ...(deps.dateWindow ? { dateWindow: deps.dateWindow } : {}),
      });
      const uses = { patientId, entryId: id, now, userId: actor.userId };
      const used = await recordInstrumentUses(trx, uses, form.usedInstruments);
      const claimed = newlyClaimedInstruments(
        form.obj.sterilizari,
        original.sterilizari,
        form.usedInstruments,
      );
      const sterilizari = mergeInstruments(
        original.sterilizari,
        used,
        await recordInstrumentUses(trx, uses, claimed, 'sterilizari'),
      );
      const updated = await updateEntryIfVersion(
        trx,
        patientId,
        id,
        version,
        entryColumns(checked, sterilizari),
        at,
      );
      if (!updated) throw new AppError(409, 'conflict', MESSAGES.conflict);
      await insertPictures(
        trx,
        pictures.map((picture) => picture.row(id, added, at)),
      );
      for (const { row, index } of plan.keep) {
        if (row.position !== index) await setPicturePosition(trx, row.id, index);
      }
      await markPicturesDeleted(
        trx,
        plan.remove.map((row) => row.id),
        at,
      );
      await syncEntryPlanItem(trx, planLink(patientId, id, updated, now, actor), form.obj.planItem);
      await recordTreatmentCharge(trx, { actor, now }, treatmentOf(patientId, updated));
      const after = toHistoryEntry(updated, []);
      await writeAudit(
        trx,
        now,
        actor,
        historyAudit('history_update', patientId, id, {
          fields: changedFields(original, after),
          version: updated.version,
          picturesAdded: plan.add.map(({ pic }) => pic.name),
          picturesRemoved: plan.remove.map((row) => row.name),
        }),
      );
      return updated;
    }),
  );
  const [livePictures, planItems] = await Promise.all([
    findLivePictures(deps.db, patientId, id),
    entryPlanItems(deps.db, patientId),
  ]);
  return toHistoryEntry(result, livePictures, planItems.get(id) ?? null);
}

/** The entry as the patient's account prices it (docs/decisions/0023). */
function treatmentOf(
  patientId: string,
  entry: Pick<
    HistoryEntryRow,
    'id' | 'map_id' | 'denumire' | 'dinte' | 'dinte_start' | 'dinte_destinatie' | 'medic' | 'created_at'
  >,
) {
  return {
    patientId,
    entryId: entry.id,
    mapId: entry.map_id === null ? null : Number(entry.map_id),
    denumire: entry.denumire,
    teeth: [entry.dinte, entry.dinte_start, entry.dinte_destinatie],
    medic: entry.medic,
    createdAt: entry.created_at,
  };
}

/** The entry as a plan link sees it: which entry, on which teeth, when and by whom. */
function planLink(
  patientId: string,
  entryId: number,
  entry: Pick<HistoryEntryRow, 'dinte' | 'dinte_start' | 'dinte_destinatie'>,
  at: Date,
  actor: AuditActor,
) {
  return { patientId, entryId, teeth: [entry.dinte, entry.dinte_start, entry.dinte_destinatie], at, actor };
}

const AUDITED_FIELDS = [
  'createdAt',
  'denumire',
  'dinte',
  'dinteDestinatie',
  'medic',
  'detalii',
  'sterilizari',
] as const satisfies readonly (keyof PatientHistoryEntry)[];

/** The entry fields a save changed, for the audit log (pictures are listed apart). */
function changedFields(before: PatientHistoryEntry, after: PatientHistoryEntry): string[] {
  return AUDITED_FIELDS.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}
