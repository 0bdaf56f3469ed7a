import type { Kysely } from 'kysely';
import type {
  Database,
  NewUser,
  PasswordResetsTable,
  PasswordTokenPurpose,
  UserRow,
} from '../../db/database';
import { parseStringArray } from '../../db/json';

export interface UserAccount {
  id: string;
  nume: string;
  email: string;
  telefon: string;
  functie: string;
  roles: string[];
  passwordHash: string | null;
  active: boolean;
}

function toAccount(row: UserRow): UserAccount {
  return {
    id: row.id,
    nume: row.nume,
    email: row.email,
    telefon: row.telefon,
    functie: row.functie,
    roles: parseStringArray(row.roles),
    passwordHash: row.password_hash,
    active: row.active === 1,
  };
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserAccount | null> {
  const row = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  return row ? toAccount(row) : null;
}

export async function findUserById(db: Kysely<Database>, id: string): Promise<UserAccount | null> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toAccount(row) : null;
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertUser(db: Kysely<Database>, user: NewUser): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function setPasswordHash(
  db: Kysely<Database>,
  userId: string,
  hash: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ password_hash: hash, updated_at: at, version: eb('version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

/** Unused tokens of one purpose stop working when a new one is issued. */
export async function deleteOpenTokens(
  db: Kysely<Database>,
  userId: string,
  purpose: PasswordTokenPurpose,
): Promise<void> {
  await db
    .deleteFrom('password_resets')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

export async function insertPasswordToken(db: Kysely<Database>, row: PasswordResetsTable): Promise<void> {
  await db.insertInto('password_resets').values(row).execute();
}

export interface PasswordTokenRecord {
  id: string;
  purpose: PasswordTokenPurpose;
  expiresAt: string;
  usedAt: string | null;
  userId: string;
  email: string;
  active: boolean;
}

export async function findPasswordToken(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<PasswordTokenRecord | null> {
  const row = await db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select([
      'password_resets.id',
      'password_resets.purpose',
      'password_resets.expires_at',
      'password_resets.used_at',
      'users.id as user_id',
      'users.email',
      'users.active',
    ])
    .where('password_resets.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    purpose: row.purpose,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
    userId: row.user_id,
    email: row.email,
    active: row.active === 1,
  };
}

/** Answers false when the token was used meanwhile (two tabs, a replay): the caller must refuse. */
export async function markTokenUsed(db: Kysely<Database>, tokenId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The time of the n-th most recent audit row of `action` (n counted from 1) for an account or an address
 * since `since`, or null when there were fewer: failed sign-ins, password reset requests, wrong codes.
 */
export async function nthRecentAction(
  db: Kysely<Database>,
  action: 'login_failed' | 'password_reset_requested' | 'two_factor_failed' | 'two_factor_locked',
  by: { column: 'user_email' | 'ip'; value: string },
  since: string,
  n: number,
): Promise<string | null> {
  const row = await db
    .selectFrom('audit_log')
    .select('at')
    .where(by.column, '=', by.value)
    .where('action', '=', action)
    .where('at', '>', since)
    .orderBy('at', 'desc')
    .limit(1)
    .offset(n - 1)
    .executeTakeFirst();
  return row?.at ?? null;
}

/** The last time the account signed in or changed its password, which clears its failure count. */
export async function lastAccountSuccess(db: Kysely<Database>, email: string): Promise<string | null> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('at').as('at'))
    .where('user_email', '=', email)
    .where('action', 'in', ['login', 'password_change'])
    .executeTakeFirst();
  return row?.at ?? null;
}

/** The `login_locked` row of this account and address written since `since`, if any. */
export async function findLockedAttemptsRow(
  db: Kysely<Database>,
  email: string,
  ip: string,
  since: string,
): Promise<{ id: number; details: string | null } | undefined> {
  return db
    .selectFrom('audit_log')
    .select(['id', 'details'])
    .where('action', '=', 'login_locked')
    .where('user_email', '=', email)
    .where('ip', '=', ip)
    .where('at', '>', since)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Counts one more attempt on a `login_locked` row (its details: attempts, retryAfter, lastAt). */
export async function updateLockedAttemptsRow(
  db: Kysely<Database>,
  id: number,
  details: string,
): Promise<void> {
  await db.updateTable('audit_log').set({ details }).where('id', '=', id).execute();
}
