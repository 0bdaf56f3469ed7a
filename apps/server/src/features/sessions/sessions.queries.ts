import type { Kysely } from 'kysely';
import type { Database, SessionRow } from '../../db/database';

type OpenSession = Pick<SessionRow, 'id' | 'ip' | 'user_agent' | 'created_at' | 'last_seen_at'>;

/** The user's sessions still alive (before their absolute expiry, used since `idleSince`). */
export async function findOpenSessions(
  db: Kysely<Database>,
  userId: string,
  now: string,
  idleSince: string,
): Promise<OpenSession[]> {
  return db
    .selectFrom('sessions')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', idleSince)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Ends one of the user's sessions: true when it was theirs and open. */
export async function deleteSessionOfUser(
  db: Kysely<Database>,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Ends every session of the user but `keepId`; answers how many. */
export async function deleteOtherSessions(
  db: Kysely<Database>,
  userId: string,
  keepId: string,
): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
