import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database, OutboxRow } from '../db/database';
import type { DialectName } from '../db/dialect';

/**
 * The outbox as the workers' queue. Every app instance runs a worker; a worker takes a batch of due rows in
 * one statement (status 'sending', `claimed_at` its claim), so no other worker sees them until their
 * outcome is recorded or the claim is older than the lease (the worker died; another takes them again).
 * `claimed_at` is also the claim's token: a row taken again gets a later one, so a worker that went away
 * and comes back can no longer change it.
 */

export interface ClaimWindow {
  /** Now: rows queued to go out no later than this are due, and it becomes their claim. */
  at: string;
  /** Rows a worker claimed before this and never finished are taken again. */
  staleClaimBefore: string;
  limit: number;
}

/** Due SMS: queued and past send_after, or claimed by a worker that went away. */
function isDue({ at, staleClaimBefore }: ClaimWindow) {
  return (eb: ExpressionBuilder<Database, 'outbox'>) =>
    eb.and([
      eb('channel', '=', 'sms'),
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('send_after', '<=', at)]),
        eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleClaimBefore)]),
      ]),
    ]);
}

/**
 * Claims up to `limit` due SMS for this worker, oldest first, and answers them. On PostgreSQL the rows are
 * locked with SKIP LOCKED, so workers claiming at the same moment take different rows instead of waiting
 * on each other (the CTE is materialised: a LIMIT subquery inside the UPDATE could run more than once). On
 * SQLite one process writes at a time, so the statement alone is atomic.
 */
export async function claimDueSms(
  db: Kysely<Database>,
  dialect: DialectName,
  window: ClaimWindow,
): Promise<OutboxRow[]> {
  const claim = { status: 'sending' as const, claimed_at: window.at, updated_at: window.at };
  const rows =
    dialect === 'postgres'
      ? await db
          .with(
            (cte) => cte('claimable').materialized(),
            (qb) =>
              qb
                .selectFrom('outbox')
                .select('id')
                .where(isDue(window))
                .orderBy('send_after')
                .orderBy('id')
                .limit(window.limit)
                .forUpdate()
                .skipLocked(),
          )
          .updateTable('outbox')
          .from('claimable')
          .set(claim)
          .whereRef('outbox.id', '=', 'claimable.id')
          .returningAll('outbox')
          .execute()
      : await db
          .updateTable('outbox')
          .set(claim)
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('outbox')
              .select('id')
              .where(isDue(window))
              .orderBy('send_after')
              .orderBy('id')
              .limit(window.limit),
          )
          .returningAll()
          .execute();
  return rows.sort((a, b) =>
    a.send_after === b.send_after ? a.id.localeCompare(b.id) : a.send_after.localeCompare(b.send_after),
  );
}

/** Puts claimed rows this worker will not send back in the queue, for any worker (they were not tried). */
export async function releaseClaimedRows(
  db: Kysely<Database>,
  ids: readonly string[],
  claimedAt: string,
  at: string,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('outbox')
    .set({ status: 'queued', claimed_at: null, updated_at: at })
    .where('id', 'in', ids)
    .where('status', '=', 'sending')
    .where('claimed_at', '=', claimedAt)
    .execute();
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
