import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { cifDigits } from '@odonto/domain/efactura-sending';
import {
  EFACTURA_MESSAGES,
  type EfacturaSubmission,
  type ResolveSubmissionInput,
} from '@odonto/domain/contracts/efactura';
import { MESSAGES } from '@odonto/domain/messages';
import type { Database, EfacturaSubmissionRow } from '../../db/database';
import { parseStringArray } from '../../db/json';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { findSettingsRow } from './efactura-connection.queries';
import {
  findSubmissionByDocument,
  insertSubmission,
  knownUploadIndexes,
  resolveSubmissionRow,
} from './efactura.queries';

/**
 * What other features use of e-Factura (published in eslint.config.js): the invoices feature queues a
 * document's XML in the transaction that issues it, and reads its state back for the invoice screen.
 */

export interface QueueSubmissionInput {
  documentId: string;
  kind: 'invoice' | 'credit-note';
  /** Issued to a person (ANAF's /uploadb2c) rather than a company (/upload). */
  b2c: boolean;
  /** The UBL 2.1 CIUS-RO XML, exactly as it is to be sent. */
  xml: string;
  /** The seller's fiscal code (with or without RO). */
  cif: string;
  /** When it was issued (the app's clock); the worker sends it from then on. */
  at: Date;
}

/**
 * Queues a document for RO e-Factura inside the caller's transaction (`trx`): nothing is sent until it
 * commits, and a rolled-back invoice is never sent. A document is queued once (409 a second time).
 */
export async function queueSubmission(
  trx: Kysely<Database>,
  input: QueueSubmissionInput,
): Promise<EfacturaSubmission> {
  const at = input.at.toISOString();
  const cif = cifDigits(input.cif);
  if (!/^\d{2,10}$/.test(cif)) throw new AppError(400, 'invalid_input', EFACTURA_MESSAGES.cif);
  if (input.xml.trim() === '') throw new AppError(400, 'invalid_input', MESSAGES.invalidInput);
  const inserted = await insertSubmission(trx, {
    id: randomUUID(),
    document_id: input.documentId,
    document_kind: input.kind,
    b2c: input.b2c ? 1 : 0,
    cif,
    xml: input.xml,
    state: 'queued',
    upload_index: null,
    download_id: null,
    answer_file_id: null,
    errors: null,
    last_error: null,
    attempts: 0,
    polls: 0,
    next_attempt_at: at,
    claimed_at: null,
    lease: null,
    uploaded_at: null,
    created_at: at,
    updated_at: at,
    version: 1,
  });
  if (!inserted) throw new AppError(409, 'conflict', EFACTURA_MESSAGES.duplicate);
  const row = await findSubmissionByDocument(trx, input.documentId);
  if (!row) throw new Error('queued submission missing');
  return presentSubmission(row);
}

/** A document's submission, or null when it was never queued. */
export async function findSubmission(
  db: Kysely<Database>,
  documentId: string,
): Promise<EfacturaSubmission | null> {
  const row = await findSubmissionByDocument(db, documentId);
  return row ? presentSubmission(row) : null;
}

export function presentSubmission(row: EfacturaSubmissionRow): EfacturaSubmission {
  return {
    documentId: row.document_id,
    documentKind: row.document_kind === 'credit-note' ? 'credit-note' : 'invoice',
    b2c: row.b2c === 1,
    state: row.state,
    uploadIndex: row.upload_index,
    downloadId: row.download_id,
    errors: parseStringArray(row.errors),
    lastError: row.last_error,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    uploadedAt: row.uploaded_at,
    hasAnswer: row.answer_file_id !== null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/**
 * An admin's decision on a submission to check (or one that failed): the upload index found in SPV
 * (the worker follows it to ok / nok), or sent again once they made sure ANAF does not have it.
 */
export async function resolveSubmission(
  db: Kysely<Database>,
  at: Date,
  actor: AuditActor,
  documentId: string,
  input: ResolveSubmissionInput,
): Promise<EfacturaSubmission> {
  const row = await findSubmissionByDocument(db, documentId);
  if (!row) throw new AppError(404, 'not_found', EFACTURA_MESSAGES.submissionNotFound);
  if (row.version !== input.version) throw new AppError(409, 'conflict', MESSAGES.conflict);
  if (row.state !== 'check' && row.state !== 'failed') {
    throw new AppError(409, 'conflict', EFACTURA_MESSAGES.notResolvable);
  }
  if (input.action === 'uploaded' && (await knownUploadIndexes(db, [input.uploadIndex])).size > 0) {
    throw new AppError(409, 'conflict', EFACTURA_MESSAGES.uploadIndexTaken);
  }
  const when = at.toISOString();
  const changes =
    input.action === 'uploaded'
      ? {
          state: 'uploaded' as const,
          upload_index: input.uploadIndex,
          uploaded_at: when,
          polls: 0,
          errors: null,
          last_error: null,
          lease: null,
          claimed_at: null,
          next_attempt_at: when,
          updated_at: when,
        }
      : {
          state: 'queued' as const,
          attempts: 0,
          errors: null,
          last_error: null,
          lease: null,
          claimed_at: null,
          next_attempt_at: when,
          updated_at: when,
        };
  await db.transaction().execute(async (trx) => {
    if (!(await resolveSubmissionRow(trx, row.id, row.version, changes))) {
      throw new AppError(409, 'conflict', MESSAGES.conflict);
    }
    await writeAudit(trx, at, actor, {
      action: 'efactura_submission_resolve',
      entity: 'efactura_submission',
      entityId: documentId,
      details: {
        action: input.action,
        from: row.state,
        ...(input.action === 'uploaded' ? { uploadIndex: input.uploadIndex } : {}),
      },
    });
  });
  const updated = await findSubmissionByDocument(db, documentId);
  if (!updated) throw new AppError(404, 'not_found', EFACTURA_MESSAGES.submissionNotFound);
  return presentSubmission(updated);
}

/**
 * The CIFs the clinic's ANAF connection uploads for (its settings, digits only): the clinic's, then the other
 * firms' its authorisation may use (decision 0050); none while not set. The invoices feature refuses a
 * location's seller with a CIF not among them.
 */
export async function connectionCifs(db: Kysely<Database>): Promise<string[]> {
  const row = await findSettingsRow(db);
  if (!row?.cif) return [];
  return [row.cif, ...parseStringArray(row.other_cifs)].map(cifDigits);
}
