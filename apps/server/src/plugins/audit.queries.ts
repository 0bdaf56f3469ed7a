import type { Kysely } from 'kysely';
import { runOnce } from '../db/compiled-once';
import type { Database, NewAuditLogRow } from '../db/database';

export async function insertAuditRow(db: Kysely<Database>, row: NewAuditLogRow): Promise<void> {
  // On every recorded view and change: its text is built once (db/compiled-once.ts).
  await runOnce(db, 'audit:insert', row, (values) => db.insertInto('audit_log').values(values), {
    prepared: true,
  });
}
