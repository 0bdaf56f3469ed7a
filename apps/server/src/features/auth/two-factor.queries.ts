import type { Kysely } from 'kysely';
import type {
  Database,
  RecoveryCodesTable,
  SignInChallengeKind,
  SignInChallengesTable,
  UserTotpRow,
} from '../../db/database';
import { readSettingText, swapSettingText } from '../../db/settings.queries';

const POLICY_KEY = 'two-factor';

export async function findTotp(db: Kysely<Database>, userId: string): Promise<UserTotpRow | null> {
  const row = await db.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row ?? null;
}

/** Puts a new, not yet confirmed key in place of any earlier unconfirmed one. */
export async function savePendingTotp(
  db: Kysely<Database>,
  userId: string,
  secretSealed: string,
  at: string,
): Promise<void> {
  await db.deleteFrom('user_totp').where('user_id', '=', userId).where('enabled_at', 'is', null).execute();
  await db
    .insertInto('user_totp')
    .values({
      user_id: userId,
      secret_sealed: secretSealed,
      enabled_at: null,
      last_used_step: null,
      created_at: at,
      updated_at: at,
      version: 1,
    })
    .execute();
}

/**
 * Accepts a code of `step` for the user: true only when no code of this step or a later one was accepted
 * before (one conditional update, so two requests racing with the same code cannot both win). With
 * `enable`, the confirmed key is turned on in the same statement.
 */
export async function acceptTotpStep(
  db: Kysely<Database>,
  userId: string,
  step: number,
  at: string,
  enable: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable('user_totp')
    .set((eb) => ({
      last_used_step: step,
      updated_at: at,
      version: eb('version', '+', 1),
      ...(enable ? { enabled_at: at } : {}),
    }))
    .where('user_id', '=', userId)
    .where((eb) => (enable ? eb('enabled_at', 'is', null) : eb('enabled_at', 'is not', null)))
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Turns TOTP off: the key and every recovery code go. */
export async function deleteTotp(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_totp').where('user_id', '=', userId).execute();
}

/** A new set of recovery codes in place of the old ones. */
export async function replaceRecoveryCodes(
  db: Kysely<Database>,
  userId: string,
  rows: RecoveryCodesTable[],
): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db.insertInto('recovery_codes').values(rows).execute();
}

/** The outcome of a recovery code: used now, used before, or not one of the user's. */
export async function useRecoveryCode(
  db: Kysely<Database>,
  userId: string,
  codeHash: string,
  at: string,
): Promise<'used' | 'already-used' | 'unknown'> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return 'used';
  const row = await db
    .selectFrom('recovery_codes')
    .select('id')
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  return row ? 'already-used' : 'unknown';
}

export async function countUnusedRecoveryCodes(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Opens the second step of a sign-in; the user's earlier unfinished ones and expired ones go. */
export async function insertChallenge(db: Kysely<Database>, row: SignInChallengesTable): Promise<void> {
  await db
    .deleteFrom('sign_in_challenges')
    .where((eb) => eb.or([eb('user_id', '=', row.user_id), eb('expires_at', '<=', row.created_at)]))
    .execute();
  await db.insertInto('sign_in_challenges').values(row).execute();
}

export interface ChallengeRecord {
  id: string;
  kind: SignInChallengeKind;
  expiresAt: string;
  userId: string;
}

export async function findChallenge(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<ChallengeRecord | null> {
  const row = await db
    .selectFrom('sign_in_challenges')
    .select(['id', 'kind', 'expires_at', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row ? { id: row.id, kind: row.kind, expiresAt: row.expires_at, userId: row.user_id } : null;
}

export async function deleteChallengesOf(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('sign_in_challenges').where('user_id', '=', userId).execute();
}

export async function deleteChallenge(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('sign_in_challenges').where('id', '=', id).execute();
}

/** The JSON text of the clinic's two-factor rule, or null while no admin has saved it. */
export function readPolicyText(db: Kysely<Database>): Promise<string | null> {
  return readSettingText(db, POLICY_KEY);
}

/** Saves the rule only if it is still `previous` (null: never saved); false when someone saved first. */
export function swapPolicyText(
  db: Kysely<Database>,
  previous: string | null,
  value: string,
  at: string,
): Promise<boolean> {
  return swapSettingText(db, POLICY_KEY, previous, value, at);
}
