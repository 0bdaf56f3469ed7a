import type { Kysely } from 'kysely';
import type { Database, IdempotencyKeyRow } from '../db/database';

export interface KeyId {
  scope: string;
  key: string;
}

export interface StoredAnswer {
  status: number;
  headers: string;
  body: string;
}

/** Claims the key for a first request: true when this call inserted the pending row. */
export async function claimIdempotencyKey(
  db: Kysely<Database>,
  id: KeyId,
  fingerprint: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_keys')
    .values({ ...id, fingerprint, status: 'pending', created_at: at })
    .onConflict((conflict) => conflict.columns(['scope', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findIdempotencyKey(
  db: Kysely<Database>,
  id: KeyId,
): Promise<IdempotencyKeyRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('scope', '=', id.scope)
    .where('key', '=', id.key)
    .executeTakeFirst();
}

/**
 * Takes over a row whose first request never finished (the process died) or that has expired: true when
 * this call did, judged by the `created_at` it read, so two takers never both win.
 */
export async function reclaimIdempotencyKey(
  db: Kysely<Database>,
  id: KeyId,
  seenCreatedAt: string,
  fingerprint: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({
      fingerprint,
      status: 'pending',
      created_at: at,
      completed_at: null,
      response_status: null,
      response_headers: null,
      response_body: null,
    })
    .where('scope', '=', id.scope)
    .where('key', '=', id.key)
    .where('created_at', '=', seenCreatedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function storeIdempotentAnswer(
  db: Kysely<Database>,
  id: KeyId,
  answer: StoredAnswer,
  at: string,
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({
      status: 'done',
      response_status: answer.status,
      response_headers: answer.headers,
      response_body: answer.body,
      completed_at: at,
    })
    .where('scope', '=', id.scope)
    .where('key', '=', id.key)
    .execute();
}

/** Lets the key go when its request wrote nothing that a repeat must not write again (a 5xx). */
export async function releaseIdempotencyKey(db: Kysely<Database>, id: KeyId): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', id.scope)
    .where('key', '=', id.key)
    .where('status', '=', 'pending')
    .execute();
}

export async function deleteIdempotencyKeysBefore(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
