import type { Kysely } from 'kysely';
import {
  DEFAULT_RETENTION,
  GDPR_ERASURE_MESSAGES,
  notYetMessage,
  RETENTION_PAGE_SIZE,
  type AnonymiseResult,
  type RetentionReport,
  type RetentionSettings,
} from '@odonto/domain/contracts/gdpr-erasure';
import { countLimit, pagedTotal } from '@odonto/domain/contracts/paging';
import { toIsoDay } from '@odonto/domain/dates';
import {
  isRetentionPassed,
  lastVisitOf,
  retentionCutoff,
  retentionEndDay,
} from '@odonto/domain/gdpr-retention';
import type { Database } from '../../db/database';
import type { BlobStore } from '../../files/blob-store';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import {
  anonymisePatientRow,
  countPastRetention,
  deleteFileErasure,
  eraseRelatedRows,
  findPatient,
  listFileErasures,
  listPastRetention,
  queueFileErasures,
  readRetentionText,
  swapRetentionText,
  visitDatesOf,
} from './gdpr-erasure.queries';

export interface ErasureDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  now: () => Date;
}

/** The clinic's retention period and the text it was read from (for the next save's comparison). */
export async function readRetention(
  db: Kysely<Database>,
): Promise<{ settings: RetentionSettings; text: string | null }> {
  const text = await readRetentionText(db);
  if (text === null) return { settings: DEFAULT_RETENTION, text };
  const stored = JSON.parse(text) as Partial<RetentionSettings>;
  return {
    settings: { ani: stored.ani ?? DEFAULT_RETENTION.ani, version: stored.version ?? 1 },
    text,
  };
}

/** PUT /api/settings/gdpr-retention: 409 when someone saved since `version`. */
export async function saveRetention(
  deps: Pick<ErasureDeps, 'db' | 'now'>,
  actor: AuditActor,
  update: { ani: number; version: number },
): Promise<RetentionSettings> {
  const { settings, text } = await readRetention(deps.db);
  if (update.version !== settings.version) throw new AppError(409, 'conflict', GDPR_ERASURE_MESSAGES.stale);
  const next: RetentionSettings = { ani: update.ani, version: settings.version + 1 };
  const at = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await swapRetentionText(trx, text, JSON.stringify(next), at.toISOString()))) {
      throw new AppError(409, 'conflict', GDPR_ERASURE_MESSAGES.stale);
    }
    await writeAudit(trx, at, actor, {
      action: 'gdpr_retention_change',
      entity: 'settings',
      entityId: 'gdpr-retention',
      details: { ani: next.ani, aniInainte: settings.ani },
    });
  });
  return next;
}

/**
 * GET /api/gdpr/retentie: the patients past the retention period on the clinic day of now, a page at a
 * time, with their total (exact up to 1,000, then "more than": decision 0040).
 */
export async function retentionReport(
  db: Kysely<Database>,
  now: Date,
  page: number,
): Promise<RetentionReport> {
  const { ani } = (await readRetention(db)).settings;
  const cutoff = retentionCutoff(now, ani);
  const offset = (page - 1) * RETENTION_PAGE_SIZE;
  const limit = countLimit({ offset, limit: RETENTION_PAGE_SIZE });
  const [counted, rows] = await Promise.all([
    countPastRetention(db, cutoff, limit),
    listPastRetention(db, cutoff, RETENTION_PAGE_SIZE, offset),
  ]);
  return {
    ani,
    ...pagedTotal(counted, limit),
    page,
    pageSize: RETENTION_PAGE_SIZE,
    pacienti: rows.map((row) => {
      const lastVisit = lastVisitOf({
        createdAt: row.created_at,
        lastEntryAt: row.last_entry_at,
        lastAppointmentAt: row.last_appointment_at,
      });
      return {
        _id: row.id,
        id: row.file_number,
        nume: row.nume,
        prenume: row.prenume,
        ultimaVizita: lastVisit,
        sfarsitRetentie: retentionEndDay(lastVisit, ani),
        sters: row.deleted_at !== null,
      };
    }),
  };
}

/**
 * POST /api/pacienti/{id}/anonimizare: removes the patient's identity and files once the retention period
 * has passed (decision 0035). The rows change in one transaction that also lists the files' bytes in
 * `file_erasures`; the bytes are unlinked after it commits (finishFileErasures), so a crash in between
 * leaves the list for the next start, never a live row without its bytes.
 */
export async function anonymisePatient(
  deps: ErasureDeps,
  actor: AuditActor,
  patientId: string,
): Promise<AnonymiseResult> {
  const patient = await findPatient(deps.db, patientId);
  if (!patient) throw new AppError(404, 'not_found', GDPR_ERASURE_MESSAGES.patientNotFound);
  if (patient.anonymised_at !== null) {
    throw new AppError(409, 'conflict', GDPR_ERASURE_MESSAGES.alreadyAnonymised);
  }
  const now = deps.now();
  const { ani } = (await readRetention(deps.db)).settings;
  const lastVisit = lastVisitOf({
    createdAt: patient.created_at,
    ...(await visitDatesOf(deps.db, patientId)),
  });
  if (!isRetentionPassed(lastVisit, ani, now)) {
    throw new AppError(
      422,
      'unprocessable',
      notYetMessage(retentionEndDay(lastVisit, ani), ani, toIsoDay(lastVisit)),
    );
  }
  const at = now.toISOString();
  const files = await deps.db.transaction().execute(async (trx) => {
    if (!(await anonymisePatientRow(trx, patientId, at, actor.userId))) {
      throw new AppError(409, 'conflict', GDPR_ERASURE_MESSAGES.alreadyAnonymised);
    }
    const count = await queueFileErasures(trx, patientId, at);
    await eraseRelatedRows(trx, patientId, at, actor.userId);
    await writeAudit(trx, now, actor, {
      action: 'patient_anonymise',
      entity: 'patient',
      entityId: patientId,
      patientId,
      details: {
        fileNumber: Number(patient.file_number),
        ani,
        ultimaVizita: lastVisit,
        fisiereSterse: count,
      },
    });
    return count;
  });
  await finishFileErasures(deps);
  return { _id: patientId, anonimizatLa: at, fisiereSterse: files };
}

/**
 * Unlinks the bytes listed in `file_erasures` and empties the list as it goes: after each anonymisation and
 * when the app starts, so an interrupted one is finished. A file already gone counts as done.
 */
export async function finishFileErasures(deps: Pick<ErasureDeps, 'db' | 'blobs'>): Promise<number> {
  const pending = await listFileErasures(deps.db);
  for (const file of pending) {
    await deps.blobs.remove(file.disk_name);
    await deleteFileErasure(deps.db, file.file_id);
  }
  return pending.length;
}
