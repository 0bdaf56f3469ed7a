import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, EfacturaSubmissionRow, EfacturaSubmissionsTable, FileRow } from '../../db/database';

/**
 * The submissions as the worker's queue and the invoice screen's record. A row is taken with one
 * conditional UPDATE (its state and claim as read), so of several workers only one changes it.
 */

/** Queues a document; false when it has a submission already (`document_id` is unique). */
export async function insertSubmission(
  trx: Kysely<Database>,
  row: Insertable<EfacturaSubmissionsTable>,
): Promise<boolean> {
  const result = await trx
    .insertInto('efactura_submissions')
    .values(row)
    .onConflict((oc) => oc.column('document_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findSubmissionByDocument(
  db: Kysely<Database>,
  documentId: string,
): Promise<EfacturaSubmissionRow | undefined> {
  return db
    .selectFrom('efactura_submissions')
    .selectAll()
    .where('document_id', '=', documentId)
    .executeTakeFirst();
}

export async function findSubmissionById(
  db: Kysely<Database>,
  id: string,
): Promise<EfacturaSubmissionRow | undefined> {
  return db.selectFrom('efactura_submissions').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * What a worker pass looks at: queued or uploaded rows that are due and not held by a live claim, and
 * 'uploading' rows whose claim expired (their worker died; they are never uploaded again).
 */
export async function findDueSubmissionIds(
  db: Kysely<Database>,
  at: string,
  staleClaimBefore: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('efactura_submissions')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('state', 'in', ['queued', 'uploaded']),
          eb('next_attempt_at', '<=', at),
          eb.or([eb('lease', 'is', null), eb('claimed_at', '<', staleClaimBefore)]),
        ]),
        eb.and([eb('state', '=', 'uploading'), eb('claimed_at', '<', staleClaimBefore)]),
      ]),
    )
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes a queued row for its upload: it becomes 'uploading' under this worker's lease, committed before
 * the POST goes out. Answers the row when this call won.
 */
export async function claimForUpload(
  db: Kysely<Database>,
  id: string,
  at: string,
  lease: string,
): Promise<EfacturaSubmissionRow | undefined> {
  const result = await db
    .updateTable('efactura_submissions')
    .set((eb) => ({
      state: 'uploading',
      lease,
      claimed_at: at,
      attempts: eb('attempts', '+', 1),
      updated_at: at,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('state', '=', 'queued')
    .where('next_attempt_at', '<=', at)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return findSubmissionById(db, id);
}

/** Takes an uploaded row to ask ANAF about it (state unchanged; only the lease). */
export async function claimForPoll(
  db: Kysely<Database>,
  id: string,
  at: string,
  staleClaimBefore: string,
  lease: string,
): Promise<EfacturaSubmissionRow | undefined> {
  const result = await db
    .updateTable('efactura_submissions')
    .set({ lease, claimed_at: at })
    .where('id', '=', id)
    .where('state', '=', 'uploaded')
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('lease', 'is', null), eb('claimed_at', '<', staleClaimBefore)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return findSubmissionById(db, id);
}

/** An 'uploading' row whose worker went away becomes 'check': it may be at ANAF, so it is not sent again. */
export async function markInterrupted(
  db: Kysely<Database>,
  id: string,
  at: string,
  staleClaimBefore: string,
  message: string,
): Promise<boolean> {
  const result = await db
    .updateTable('efactura_submissions')
    .set((eb) => ({
      state: 'check',
      lease: null,
      next_attempt_at: null,
      last_error: message,
      updated_at: at,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('state', '=', 'uploading')
    .where('claimed_at', '<', staleClaimBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records ANAF's upload index: the first write after the POST answered, whatever else happened meanwhile
 * (even if the claim expired and the row was marked for a check, the index is the truth).
 */
export async function recordUpload(
  db: Kysely<Database>,
  id: string,
  uploadIndex: string,
  at: string,
  nextAttemptAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('efactura_submissions')
    .set((eb) => ({
      state: 'uploaded',
      upload_index: uploadIndex,
      uploaded_at: at,
      next_attempt_at: nextAttemptAt,
      polls: 0,
      lease: null,
      claimed_at: null,
      errors: null,
      last_error: null,
      updated_at: at,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('upload_index', 'is', null)
    .where('state', 'in', ['uploading', 'check'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type SubmissionChanges = Pick<
  Updateable<EfacturaSubmissionsTable>,
  | 'state'
  | 'next_attempt_at'
  | 'last_error'
  | 'errors'
  | 'polls'
  | 'download_id'
  | 'answer_file_id'
  | 'attempts'
>;

/** A queued row that cannot go yet (no ANAF connection): tried again later, with the reason shown. */
export async function postponeQueued(
  db: Kysely<Database>,
  id: string,
  at: string,
  nextAttemptAt: string,
  reason: string,
): Promise<void> {
  await db
    .updateTable('efactura_submissions')
    .set({ next_attempt_at: nextAttemptAt, last_error: reason, updated_at: at })
    .where('id', '=', id)
    .where('state', '=', 'queued')
    .execute();
}

/** Ends an upload claim that did not get an index (retry later, failed, or check). */
export async function releaseUpload(
  db: Kysely<Database>,
  row: Pick<EfacturaSubmissionRow, 'id' | 'lease'>,
  changes: SubmissionChanges,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('efactura_submissions')
    .set((eb) => ({ ...changes, lease: null, updated_at: at, version: eb('version', '+', 1) }))
    .where('id', '=', row.id)
    .where('state', '=', 'uploading')
    .where('lease', '=', row.lease)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records what a status poll learnt, only under this worker's lease. */
export async function updatePolled(
  db: Kysely<Database>,
  row: Pick<EfacturaSubmissionRow, 'id' | 'lease'>,
  changes: SubmissionChanges,
  at: string,
): Promise<boolean> {
  const bumps = changes.state !== undefined && changes.state !== 'uploaded';
  const result = await db
    .updateTable('efactura_submissions')
    .set((eb) => ({
      ...changes,
      lease: null,
      claimed_at: null,
      updated_at: at,
      version: bumps ? eb('version', '+', 1) : eb('version', '+', 0),
    }))
    .where('id', '=', row.id)
    .where('state', '=', 'uploaded')
    .where('lease', '=', row.lease)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An admin's decision on a 'check' or 'failed' row, over version `expected`. */
export async function resolveSubmissionRow(
  db: Kysely<Database>,
  id: string,
  expected: number,
  changes: Updateable<EfacturaSubmissionsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('efactura_submissions')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', expected)
    .where('state', 'in', ['check', 'failed'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Which of these upload indexes a submission already has. */
export async function knownUploadIndexes(
  db: Kysely<Database>,
  indexes: readonly string[],
): Promise<Set<string>> {
  if (indexes.length === 0) return new Set();
  const rows = await db
    .selectFrom('efactura_submissions')
    .select('upload_index')
    .where('upload_index', 'in', [...indexes])
    .execute();
  return new Set(rows.flatMap((row) => (row.upload_index ? [row.upload_index] : [])));
}

/** Rows waiting for an admin's check, oldest first. */
export async function findCheckSubmissions(
  db: Kysely<Database>,
  limit: number,
): Promise<EfacturaSubmissionRow[]> {
  return db
    .selectFrom('efactura_submissions')
    .selectAll()
    .where('state', '=', 'check')
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

export async function findFileById(db: Kysely<Database>, id: string): Promise<FileRow | undefined> {
  return db
    .selectFrom('files')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
