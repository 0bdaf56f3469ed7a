import { hash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { SessionCache } from './session-cache';
import {
  deleteSession,
  deleteStaleSessions,
  findSessionByTokenHash,
  insertSession,
  touchSession,
  type SessionWithUser,
} from './sessions.queries';

export const SESSION_COOKIE = 'odonto_session';
const TOUCH_EVERY_MS = 60_000;
const MINUTE_MS = 60_000;

/** The signed-in user as the request carries it. */
export interface SessionUser {
  id: string;
  nume: string;
  email: string;
  telefon: string;
  functie: string;
  roles: string[];
}

export type SessionSettings = Pick<Config, 'sessionIdleMinutes' | 'sessionMaxHours' | 'isHttps'>;

/** A random, URL-safe secret: 32 bytes, 43 characters. Only its sha256 is stored. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The token's sha256, as stored. Every signed-in request hashes its cookie: the one-shot `hash` costs a
 * fraction of a `createHash` object (issue 20).
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Writes a new session row and answers the token for the cookie. */
export async function createSession(
  db: Kysely<Database>,
  input: { userId: string; now: Date; ip: string; userAgent: string },
  settings: SessionSettings,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecretToken();
  const at = input.now.toISOString();
  const expiresAt = new Date(input.now.getTime() + settings.sessionMaxHours * 60 * MINUTE_MS);
  await deleteStaleSessions(db, at, idleCutoff(input.now, settings).toISOString());
  await insertSession(db, {
    id: randomUUID(),
    token_hash: hashToken(token),
    user_id: input.userId,
    created_at: at,
    last_seen_at: at,
    expires_at: expiresAt.toISOString(),
    ip: input.ip,
    user_agent: input.userAgent.slice(0, 512),
  });
  return { token, expiresAt };
}

/**
 * The user behind a session token, or null when the session is unknown, idle for too long, past its
 * absolute expiry, or its user is deactivated. A dead session is deleted on the way. With a cache, the
 * row may come from memory (session-cache.ts); the checks are the same either way.
 */
export async function resolveSession(
  db: Kysely<Database>,
  token: string,
  now: Date,
  settings: SessionSettings,
  cache?: SessionCache,
): Promise<{ sessionId: string; user: SessionUser } | null> {
  const tokenHash = hashToken(token);
  const found = cache
    ? await findCachedSession(db, tokenHash, cache)
    : await findSessionByTokenHash(db, tokenHash);
  if (!found) return null;
  const lastSeen = new Date(found.lastSeenAt);
  const isAlive =
    new Date(found.expiresAt) > now && lastSeen > idleCutoff(now, settings) && found.user.active;
  if (!isAlive) {
    await deleteSession(db, found.sessionId);
    return null;
  }
  // Touching at most once a minute keeps the idle clock honest without a write per request.
  if (now.getTime() - lastSeen.getTime() >= TOUCH_EVERY_MS) {
    await touchSession(db, found.sessionId, now.toISOString());
  }
  const { active: _active, ...user } = found.user;
  return { sessionId: found.sessionId, user };
}

async function findCachedSession(
  db: Kysely<Database>,
  tokenHash: string,
  cache: SessionCache,
): Promise<SessionWithUser | null> {
  const cached = cache.get(tokenHash);
  if (cached) return cached;
  const generation = cache.generation;
  const found = await findSessionByTokenHash(db, tokenHash);
  if (found) cache.store(tokenHash, found, generation);
  return found;
}

function idleCutoff(now: Date, settings: SessionSettings): Date {
  return new Date(now.getTime() - settings.sessionIdleMinutes * MINUTE_MS);
}

export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
  settings: SessionSettings,
): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: settings.isHttps,
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, settings: SessionSettings): void {
  void reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: settings.isHttps,
    path: '/',
  });
}
