import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { titleOfDoctor } from '@odonto/domain/contracts/clinic';
import {
  LETTER_MESSAGES,
  type Letter,
  type PrintResponse,
  type SaveLetterResponse,
} from '@odonto/domain/contracts/letters';
import type { Database, LetterRow, PatientRow } from '../../db/database';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import type { SessionUser } from '../../plugins/sessions';
import { readClinic } from '../clinic/clinic.service';
import { loadPatientRecordHistory } from '../history/patient-history';
import { toPatient } from '../patients/patients.presenter';
import { findLetter, findLetters, insertLetter } from './letters.queries';
import { findLivePatient } from '../patients/live-patient.queries';

export interface LettersDeps {
  db: Kysely<Database>;
  now: () => Date;
}

function toLetter(row: LetterRow): Letter {
  return {
    id: row.id,
    patientId: row.patient_id,
    text: row.text,
    authorId: row.author_id,
    authorName: row.author_name,
    authorTitle: row.author_title,
    createdAt: row.created_at,
  };
}

async function livePatient(db: Kysely<Database>, id: string): Promise<PatientRow> {
  const patient = await findLivePatient(db, id);
  if (!patient) throw new AppError(404, 'not_found', LETTER_MESSAGES.patientNotFound);
  return patient;
}

/**
 * POST /api/save-scrisoare: stores the letter with its author (name and title as they print today) and
 * answers the patient with the saved letter.
 */
export async function saveLetter(
  deps: LettersDeps,
  author: SessionUser,
  actor: AuditActor,
  patientId: string,
  text: string,
): Promise<SaveLetterResponse> {
  const patient = await livePatient(deps.db, patientId);
  const clinic = await readClinic(deps.db);
  const now = deps.now();
  const row: LetterRow = {
    id: randomUUID(),
    patient_id: patientId,
    text,
    author_id: author.id,
    author_name: author.nume,
    author_title: titleOfDoctor(clinic, author.id),
    created_at: now.toISOString(),
  };
  await deps.db.transaction().execute(async (trx) => {
    await insertLetter(trx, row);
    await writeAudit(trx, now, actor, {
      action: 'letter_create',
      entity: 'letter',
      entityId: row.id,
      patientId,
      details: { length: text.length },
    });
  });
  const record = await loadPatientRecordHistory(deps.db, patientId);
  return {
    ...toPatient(patient, now, record.history, record.cancelled),
    scrisoare: toLetter(row),
  };
}

/** GET /api/scrisori/{patientId}: the patient's letters, newest first. */
export async function listLetters(deps: LettersDeps, patientId: string): Promise<Letter[]> {
  await livePatient(deps.db, patientId);
  return (await findLetters(deps.db, patientId)).map(toLetter);
}

/** POST /api/print-scrisoare/{patientId}/{letterId}: records that a letter was printed again. */
export async function recordLetterPrint(
  deps: LettersDeps,
  actor: AuditActor,
  patientId: string,
  letterId: string,
): Promise<PrintResponse> {
  await livePatient(deps.db, patientId);
  if (!(await findLetter(deps.db, patientId, letterId))) {
    throw new AppError(404, 'not_found', LETTER_MESSAGES.letterNotFound);
  }
  const now = deps.now();
  await writeAudit(deps.db, now, actor, {
    action: 'letter_print',
    entity: 'letter',
    entityId: letterId,
    patientId,
  });
  return { printedAt: now.toISOString() };
}

/** POST /api/print-pacient/{id}: records that the patient file was printed (a view of the record). */
export async function recordPatientPrint(
  deps: LettersDeps,
  actor: AuditActor,
  patientId: string,
): Promise<PrintResponse> {
  await livePatient(deps.db, patientId);
  const now = deps.now();
  await writeAudit(deps.db, now, actor, {
    action: 'patient_print',
    entity: 'patient',
    entityId: patientId,
    patientId,
  });
  return { printedAt: now.toISOString() };
}
