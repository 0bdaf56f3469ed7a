import type { Kysely } from 'kysely';
import type { Database, NewAuditLogRow } from '../db/database';

export async function insertAuditRow(db: Kysely<Database>, row: NewAuditLogRow): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}
