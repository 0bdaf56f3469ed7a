import type { Kysely } from 'kysely';
import type { Database, OutboxRow, OutboxTable } from '../db/database';

export async function insertOutboxRow(db: Kysely<Database>, row: OutboxTable): Promise<void> {
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
