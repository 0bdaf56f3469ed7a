import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type {
  Database,
  EfacturaOauthStatesTable,
  EfacturaSettingsRow,
  EfacturaSettingsTable,
  EfacturaTokensRow,
  EfacturaTokensTable,
} from '../../db/database';

/** The one connection's row id. */
export const CONNECTION_ID = 'anaf';

// ---- settings ---------------------------------------------------------------------------------------

export async function findSettingsRow(db: Kysely<Database>): Promise<EfacturaSettingsRow | undefined> {
  return db.selectFrom('efactura_settings').selectAll().where('id', '=', CONNECTION_ID).executeTakeFirst();
}

/** The first save; false when another admin saved first. */
export async function insertSettingsRow(
  trx: Kysely<Database>,
  row: Insertable<EfacturaSettingsTable>,
): Promise<boolean> {
  const result = await trx
    .insertInto('efactura_settings')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** A later save, only over version `expected`; false when it changed meanwhile. */
export async function updateSettingsRow(
  trx: Kysely<Database>,
  changes: Updateable<EfacturaSettingsTable>,
  expected: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('efactura_settings')
    .set(changes)
    .where('id', '=', CONNECTION_ID)
    .where('version', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- tokens -----------------------------------------------------------------------------------------

export async function findTokensRow(db: Kysely<Database>): Promise<EfacturaTokensRow | undefined> {
  return db.selectFrom('efactura_tokens').selectAll().where('id', '=', CONNECTION_ID).executeTakeFirst();
}

/** Stores the tokens of a new authorisation, replacing any earlier ones. */
export async function saveAuthorisedTokens(
  trx: Kysely<Database>,
  values: Omit<Insertable<EfacturaTokensTable>, 'id' | 'version' | 'created_at' | 'refresh_lock_until'>,
): Promise<void> {
  await trx
    .insertInto('efactura_tokens')
    .values({
      ...values,
      id: CONNECTION_ID,
      created_at: values.updated_at,
      version: 1,
      refresh_lock_until: null,
    })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        access_token_enc: values.access_token_enc,
        refresh_token_enc: values.refresh_token_enc,
        access_expires_at: values.access_expires_at,
        refresh_expires_at: values.refresh_expires_at,
        authorised_at: values.authorised_at,
        authorised_by: values.authorised_by ?? null,
        refreshed_at: null,
        refresh_lock_until: null,
        updated_at: values.updated_at,
        version: eb('efactura_tokens.version', '+', 1),
      })),
    )
    .execute();
}

/**
 * Takes the right to renew tokens of version `version` until `until`: one conditional UPDATE, so of
 * several workers (or processes) only one renews; false when another holds it or renewed already.
 */
export async function takeRefreshLock(
  db: Kysely<Database>,
  version: number,
  at: string,
  until: string,
): Promise<boolean> {
  const result = await db
    .updateTable('efactura_tokens')
    .set({ refresh_lock_until: until })
    .where('id', '=', CONNECTION_ID)
    .where('version', '=', version)
    .where((eb) => eb.or([eb('refresh_lock_until', 'is', null), eb('refresh_lock_until', '<', at)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stores renewed tokens over version `version` and frees the lock. */
export async function storeRefreshedTokens(
  db: Kysely<Database>,
  version: number,
  values: Pick<
    EfacturaTokensTable,
    'access_token_enc' | 'refresh_token_enc' | 'access_expires_at' | 'refresh_expires_at'
  > & { at: string },
): Promise<boolean> {
  const { at, ...tokens } = values;
  const result = await db
    .updateTable('efactura_tokens')
    .set({ ...tokens, refreshed_at: at, updated_at: at, refresh_lock_until: null, version: version + 1 })
    .where('id', '=', CONNECTION_ID)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseRefreshLock(db: Kysely<Database>, version: number): Promise<void> {
  await db
    .updateTable('efactura_tokens')
    .set({ refresh_lock_until: null })
    .where('id', '=', CONNECTION_ID)
    .where('version', '=', version)
    .execute();
}

// ---- OAuth states -----------------------------------------------------------------------------------

export async function insertOauthState(
  db: Kysely<Database>,
  row: Insertable<EfacturaOauthStatesTable>,
): Promise<void> {
  await db.insertInto('efactura_oauth_states').values(row).execute();
}

/** Uses a state once: answers its row when it was unused and unexpired (and marks it used), else undefined. */
export async function useOauthState(
  db: Kysely<Database>,
  stateHash: string,
  at: string,
): Promise<Selectable<EfacturaOauthStatesTable> | undefined> {
  const result = await db
    .updateTable('efactura_oauth_states')
    .set({ used_at: at })
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db
    .selectFrom('efactura_oauth_states')
    .selectAll()
    .where('state_hash', '=', stateHash)
    .executeTakeFirst();
}
