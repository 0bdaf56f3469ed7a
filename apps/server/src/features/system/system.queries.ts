import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';

export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** The migrations the database records as applied (Kysely's bookkeeping table; missing before the first). */
export async function appliedMigrationNames(db: Kysely<Database>): Promise<string[]> {
  const result = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return result.rows.map((row) => row.name);
}
