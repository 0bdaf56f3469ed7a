import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { MESSAGES } from '@odonto/domain/messages';
import { GDPR_ERASURE_MESSAGES } from '@odonto/domain/contracts/gdpr-erasure';
import type { Patient, PatientData } from '@odonto/domain/contracts/patients';
import { birthdateProblem } from '@odonto/domain/date-window';
import { toIsoDay } from '@odonto/domain/dates';
import type { Clock } from '../../app-types';
import { nextCounterValue } from '../../db/counters.queries';
import type { Database, PatientRow } from '../../db/database';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { loadPatientRecordHistory } from '../history/patient-history';
import { findPatientBalance } from '../ledger/patient-balance.queries';
import { PATIENT_MESSAGES } from './patient-messages';
import { changedFields, formColumns, formData, toPatient } from './patients.presenter';
import {
  findPatientById,
  insertPatient,
  restoreDeletedPatient,
  softDeletePatient,
  toggleBlocked,
  updatePatientIfVersion,
} from './patients.queries';

export interface PatientsDeps {
  db: Kysely<Database>;
  now: Clock;
}

/** The counter of the clinic's file numbers (the patients' `id`). */
export const PATIENT_FILE_COUNTER = 'patient_file';

const notFound = () => new AppError(404, 'not_found', PATIENT_MESSAGES.notFound);

function auditEntry(action: string, patientId: string, details?: Record<string, unknown>) {
  return { action, entity: 'patient', entityId: patientId, patientId, ...(details ? { details } : {}) };
}

/** POST /api/save-pacient: the next file number, the row and its audit entry, all or nothing. */
/** A birth date in the future or before 1900 is a typing mistake: 400 on `birthdate`. */
function checkBirthdate(birthdate: string | null, now: Date): void {
  const problem = birthdate === null ? null : birthdateProblem(birthdate, toIsoDay(now));
  if (problem !== null) throw new AppError(400, 'invalid_input', problem, { fields: { birthdate: problem } });
}

export async function createPatient(
  deps: PatientsDeps,
  actor: AuditActor,
  data: PatientData,
): Promise<Patient> {
  const now = deps.now();
  checkBirthdate(data.birthdate, now);
  const at = now.toISOString();
  const row = await deps.db.transaction().execute(async (trx) => {
    const created = await insertPatient(trx, {
      id: randomUUID(),
      file_number: await nextCounterValue(trx, PATIENT_FILE_COUNTER),
      ...formColumns(data),
      blocked: 0,
      dinti_stersi: '[]',
      avatar: null,
      created_at: at,
      updated_at: at,
      version: 1,
      deleted_at: null,
      deleted_by: null,
    });
    await writeAudit(
      trx,
      now,
      actor,
      auditEntry('patient_create', created.id, { fileNumber: created.file_number }),
    );
    return created;
  });
  return toPatient(row, now);
}

/** POST /api/update-pacient/{id}: 404 unknown or deleted, 409 when the form's version is stale. */
export async function updatePatient(
  deps: PatientsDeps,
  actor: AuditActor,
  id: string,
  update: PatientData & { version: number },
): Promise<Patient> {
  const { version, ...data } = update;
  const now = deps.now();
  checkBirthdate(data.birthdate, now);
  const row = await deps.db.transaction().execute(async (trx) => {
    const before = await findPatientById(trx, id);
    if (!before || before.deleted_at !== null) throw notFound();
    if (before.anonymised_at !== null)
      throw new AppError(409, 'anonymised', GDPR_ERASURE_MESSAGES.anonymisedReadOnly);
    const updated = await updatePatientIfVersion(trx, id, version, formColumns(data), now.toISOString());
    if (!updated) throw new AppError(409, 'conflict', MESSAGES.conflict);
    const fields = changedFields(formData(before), data);
    await writeAudit(trx, now, actor, auditEntry('patient_update', id, { fields, version: updated.version }));
    return updated;
  });
  return toPatient(row, now);
}

/**
 * GET /api/get-pacient/{id}. A deleted patient is shown only to those who may restore it; every view
 * is recorded (DESIGN.md §8).
 */
export async function viewPatient(
  deps: PatientsDeps,
  actor: AuditActor,
  id: string,
  options: { canSeeDeleted: boolean; canSeeBalance?: boolean },
): Promise<Patient> {
  const now = deps.now();
  const row = await findPatientById(deps.db, id);
  if (!row || (row.deleted_at !== null && !options.canSeeDeleted)) throw notFound();
  // The view's audit row, the history and the balance do not depend on each other: on PostgreSQL they run
  // at once on the pool's connections, so the audit's commit (a WAL flush) holds up no read (issue 20). A
  // failed audit still fails the view.
  const [, { history, cancelled }, sold] = await Promise.all([
    writeAudit(deps.db, now, actor, auditEntry('patient_view', id)),
    loadPatientRecordHistory(deps.db, id),
    options.canSeeBalance ? findPatientBalance(deps.db, id) : undefined,
  ]);
  const patient = toPatient(row, now, history, cancelled);
  return sold ? { ...patient, sold } : patient;
}

/** POST /api/block-pacient: flips the flag and answers the patient. */
export async function toggleBlock(deps: PatientsDeps, actor: AuditActor, id: string): Promise<Patient> {
  return changeRow(
    deps,
    actor,
    id,
    'patient_block',
    (trx, at) => toggleBlocked(trx, id, at),
    (row) => ({ blocked: row.blocked === 1 }),
  );
}

/** GET /api/delete-pacient/{id}: soft delete, restorable by an admin. */
export async function deletePatient(
  deps: PatientsDeps,
  actor: AuditActor,
  id: string,
): Promise<{ id: string }> {
  const deletedBy = actor.userId ?? '';
  await changeRow(deps, actor, id, 'patient_delete', (trx, at) => softDeletePatient(trx, id, at, deletedBy));
  return { id };
}

/** POST /api/restore-pacient/{id}: 404 unknown, 409 when the patient is not deleted. */
export async function restorePatient(deps: PatientsDeps, actor: AuditActor, id: string): Promise<Patient> {
  return changeRow(deps, actor, id, 'patient_restore', async (trx, at) => {
    const restored = await restoreDeletedPatient(trx, id, at);
    if (!restored && (await findPatientById(trx, id))) {
      throw new AppError(409, 'conflict', PATIENT_MESSAGES.notDeleted);
    }
    return restored;
  });
}

/** One conditional write and its audit entry in a transaction; no row written means 404. */
async function changeRow(
  deps: PatientsDeps,
  actor: AuditActor,
  id: string,
  action: string,
  write: (trx: Kysely<Database>, at: string) => Promise<PatientRow | undefined>,
  details?: (row: PatientRow) => Record<string, unknown>,
): Promise<Patient> {
  const now = deps.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    const changed = await write(trx, now.toISOString());
    if (!changed) throw notFound();
    await writeAudit(trx, now, actor, auditEntry(action, id, details?.(changed)));
    return changed;
  });
  return toPatient(row, now);
}
