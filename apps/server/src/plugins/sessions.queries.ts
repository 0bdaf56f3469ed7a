import type { Kysely } from 'kysely';
import { compileOnce } from '../db/compiled-once';
import type { Database, SessionsTable } from '../db/database';
import { parseStringArray } from '../db/json';

export interface SessionWithUser {
  sessionId: string;
  lastSeenAt: string;
  expiresAt: string;
  user: {
    id: string;
    nume: string;
    email: string;
    telefon: string;
    functie: string;
    roles: string[];
    active: boolean;
  };
}

export async function insertSession(db: Kysely<Database>, row: SessionsTable): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export async function findSessionByTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<SessionWithUser | null> {
  // On every request: its text is built once (db/compiled-once.ts).
  const query = compileOnce(
    db,
    'sessions:by-token',
    { tokenHash },
    (values) =>
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'sessions.id as session_id',
          'sessions.last_seen_at',
          'sessions.expires_at',
          'users.id as user_id',
          'users.nume',
          'users.email',
          'users.telefon',
          'users.functie',
          'users.roles',
          'users.active',
        ])
        .where('sessions.token_hash', '=', values.tokenHash),
    { prepared: true },
  );
  const [row] = (await db.executeQuery(query)).rows;
  if (!row) return null;
  return {
    sessionId: row.session_id,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    user: {
      id: row.user_id,
      nume: row.nume,
      email: row.email,
      telefon: row.telefon,
      functie: row.functie,
      roles: parseStringArray(row.roles),
      active: row.active === 1,
    },
  };
}

export async function touchSession(db: Kysely<Database>, sessionId: string, at: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
}

export async function deleteSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function deleteSessionsOfUser(db: Kysely<Database>, userId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes sessions past their absolute expiry or idle since before `idleSince`. */
export async function deleteStaleSessions(
  db: Kysely<Database>,
  now: string,
  idleSince: string,
): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleSince)]))
    .execute();
}
