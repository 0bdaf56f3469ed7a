import type { Kysely } from 'kysely';
import type { EndedSessions, SessionItem } from '@odonto/domain/contracts/sessions';
import { SESSION_MESSAGES } from '@odonto/domain/contracts/sessions';
import { describeUserAgent } from '@odonto/domain/user-agent';
import type { Clock } from '../../app-types';
import type { Database } from '../../db/database';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { deleteOtherSessions, deleteSessionOfUser, findOpenSessions } from './sessions.queries';

export interface SessionsDeps {
  db: Kysely<Database>;
  now: Clock;
  sessionIdleMinutes: number;
}

/** Whose sessions: the signed-in user and the session of the request. */
export interface Owner {
  userId: string;
  currentSessionId: string;
}

/** GET /api/sesiuni: the user's open sessions, this one first, then the most recently used. */
export async function listSessions(deps: SessionsDeps, owner: Owner): Promise<SessionItem[]> {
  const now = deps.now();
  const idleSince = new Date(now.getTime() - deps.sessionIdleMinutes * 60_000);
  const rows = await findOpenSessions(deps.db, owner.userId, now.toISOString(), idleSince.toISOString());
  const items = rows.map((row) => ({
    id: row.id,
    device: describeUserAgent(row.user_agent),
    ip: row.ip,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    current: row.id === owner.currentSessionId,
  }));
  return [...items.filter((item) => item.current), ...items.filter((item) => !item.current)];
}

/** DELETE /api/sesiuni/{id}: ends one of the user's sessions (the current one signs them out). */
export async function endSession(
  deps: SessionsDeps,
  actor: AuditActor,
  owner: Owner,
  sessionId: string,
): Promise<EndedSessions> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await deleteSessionOfUser(trx, owner.userId, sessionId))) {
      throw new AppError(404, 'not_found', SESSION_MESSAGES.notFound);
    }
    await writeAudit(trx, deps.now(), actor, {
      action: 'session_end',
      entity: 'session',
      entityId: sessionId,
      details: { current: sessionId === owner.currentSessionId },
    });
  });
  return { ended: 1 };
}

/** DELETE /api/sesiuni: ends every other session of the user; this one stays. */
export async function endOtherSessions(
  deps: SessionsDeps,
  actor: AuditActor,
  owner: Owner,
): Promise<EndedSessions> {
  return deps.db.transaction().execute(async (trx) => {
    const ended = await deleteOtherSessions(trx, owner.userId, owner.currentSessionId);
    await writeAudit(trx, deps.now(), actor, {
      action: 'sessions_end_others',
      entity: 'user',
      entityId: owner.userId,
      details: { endedSessions: ended },
    });
    return { ended };
  });
}
