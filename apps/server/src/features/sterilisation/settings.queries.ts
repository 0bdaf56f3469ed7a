import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

const SETTINGS_KEY = 'sterilisation';

/** The JSON text of the sterilisation settings, or null while the defaults apply. */
export async function readSettingsText(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', SETTINGS_KEY)
    .executeTakeFirst();
  return row?.value ?? null;
}

export async function writeSettingsText(trx: Kysely<Database>, value: string, at: string): Promise<void> {
  await trx
    .insertInto('settings')
    .values({ key: SETTINGS_KEY, value, updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at }))
    .execute();
}
