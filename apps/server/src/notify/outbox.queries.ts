import type { Insertable, Kysely } from 'kysely';
import type { Database, OutboxChannel, OutboxRow, OutboxTable } from '../db/database';

export async function insertOutboxRow(db: Kysely<Database>, row: Insertable<OutboxTable>): Promise<void> {
  await db.insertInto('outbox').values(row).execute();
}

export async function markOutboxSent(db: Kysely<Database>, id: string, at: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set((eb) => ({
      status: 'sent',
      sent_at: at,
      updated_at: at,
      last_error: null,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', id)
    .execute();
}

export async function markOutboxFailed(
  db: Kysely<Database>,
  id: string,
  at: string,
  error: string,
): Promise<void> {
  await db
    .updateTable('outbox')
    .set((eb) => ({ status: 'failed', updated_at: at, last_error: error, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function findOutboxRow(db: Kysely<Database>, id: string): Promise<OutboxRow | undefined> {
  return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks the rows of a channel about `kind`/`refId` still waiting for a worker as cancelled. */
export async function cancelQueuedOutboxRows(
  db: Kysely<Database>,
  channel: OutboxChannel,
  kind: string,
  refId: string,
  at: string,
): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set({ status: 'cancelled', updated_at: at })
    .where('channel', '=', channel)
    .where('kind', '=', kind)
    .where('ref_id', '=', refId)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
