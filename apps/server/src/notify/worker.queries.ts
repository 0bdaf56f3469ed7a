import type { Kysely } from 'kysely';
import type { Database, OutboxRow } from '../db/database';

/**
 * The outbox as the worker's queue. A row is taken with one conditional UPDATE (status still 'queued', or a
 * claim older than the lease): on SQLite and PostgreSQL alike only one of several workers changes the
 * row, and that one sends it.
 */

/** Ids of SMS rows due at `at`: queued and past send_after, or claimed by a worker that went away. */
export async function findDueSmsIds(
  db: Kysely<Database>,
  at: string,
  staleClaimBefore: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('outbox')
    .select('id')
    .where('channel', '=', 'sms')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('send_after', '<=', at)]),
        eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleClaimBefore)]),
      ]),
    )
    .orderBy('send_after')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Takes the row for this worker; answers it when this call won, undefined when another worker did. */
export async function claimOutboxRow(
  db: Kysely<Database>,
  id: string,
  at: string,
  staleClaimBefore: string,
): Promise<OutboxRow | undefined> {
  const result = await db
    .updateTable('outbox')
    .set({ status: 'sending', claimed_at: at, updated_at: at })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('send_after', '<=', at)]),
        eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleClaimBefore)]),
      ]),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Records the outcome of a claimed row; only the claim that sent it may (a stale worker changes nothing). */
export async function finishClaimedRow(
  db: Kysely<Database>,
  row: Pick<OutboxRow, 'id' | 'claimed_at' | 'attempts'>,
  outcome:
    | { status: 'sent'; at: string; recipient?: string }
    | { status: 'queued'; at: string; retryAt: string; error: string }
    | { status: 'failed'; at: string; error: string }
    | { status: 'cancelled'; at: string; error: string },
): Promise<void> {
  const tried = { updated_at: outcome.at, attempts: row.attempts + 1 };
  const changes =
    outcome.status === 'sent'
      ? {
          ...tried,
          status: 'sent' as const,
          sent_at: outcome.at,
          last_error: null,
          ...(outcome.recipient ? { recipient: outcome.recipient } : {}),
        }
      : outcome.status === 'queued'
        ? { ...tried, status: 'queued' as const, send_after: outcome.retryAt, last_error: outcome.error }
        : outcome.status === 'failed'
          ? { ...tried, status: 'failed' as const, last_error: outcome.error }
          : // Not tried: what it was about is gone, so it is not sent at all.
            { updated_at: outcome.at, status: 'cancelled' as const, last_error: outcome.error };
  let query = db.updateTable('outbox').set(changes).where('id', '=', row.id).where('status', '=', 'sending');
  if (row.claimed_at !== null) query = query.where('claimed_at', '=', row.claimed_at);
  await query.execute();
}
