import type { Kysely } from 'kysely';
import type { Database, NewUser, UserRow } from '../../db/database';

/** The columns the user form writes. */
export interface UserFormColumns {
  nume: string;
  email: string;
  telefon: string;
  functie: string;
  /** JSON text of the role names. */
  roles: string;
  active: number;
}

/** Every account, in no particular order (a clinic has tens of them; the service sorts in Romanian). */
export async function findAllUsers(db: Kysely<Database>): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().execute();
}

export async function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The id of the account with this (already lower-cased) email, if any. */
export async function findUserIdByEmail(db: Kysely<Database>, email: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id;
}

export async function insertUserRow(db: Kysely<Database>, row: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * Compare-and-set: writes the form only while the row still has the version the form was loaded with.
 * Answers undefined when it does not (changed meanwhile, or unknown).
 */
export async function updateUserIfVersion(
  db: Kysely<Database>,
  id: string,
  version: number,
  columns: UserFormColumns,
  at: string,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set((eb) => ({ ...columns, updated_at: at, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
}

/** Removes the account; its sessions and password links go with it (foreign keys cascade). */
export async function deleteUserRow(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Active accounts holding an admin role (admin or dinstitute_admin), leaving one account out. */
export async function countActiveAdminsExcept(db: Kysely<Database>, exceptId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('active', '=', 1)
    .where('id', '!=', exceptId)
    .where((eb) => eb.or([eb('roles', 'like', '%"admin"%'), eb('roles', 'like', '%"dinstitute_admin"%')]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Cancels the account's unused password links (a deactivated account must not keep a way in). */
export async function deleteOpenPasswordTokens(db: Kysely<Database>, userId: string): Promise<number> {
  const result = await db
    .deleteFrom('password_resets')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
