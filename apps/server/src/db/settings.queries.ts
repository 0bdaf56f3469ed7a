import type { Kysely } from 'kysely';
import type { Database } from './database';

/**
 * A feature's settings are one JSON row of `settings`, keyed by the feature. Saving compares the text the
 * editor started from, so two admins saving at once cannot both win (the loser gets a 409 from its service).
 */

/** The JSON text stored under `key`, or null while no admin has saved it. */
export async function readSettingText(db: Kysely<Database>, key: string): Promise<string | null> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

/** Replaces the row under `key` only if it is still `previous` (null: never saved); false otherwise. */
export async function swapSettingText(
  db: Kysely<Database>,
  key: string,
  previous: string | null,
  value: string,
  at: string,
): Promise<boolean> {
  if (previous === null) {
    const inserted = await db
      .insertInto('settings')
      .values({ key, value, updated_at: at })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const updated = await db
    .updateTable('settings')
    .set({ value, updated_at: at })
    .where('key', '=', key)
    .where('value', '=', previous)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}
