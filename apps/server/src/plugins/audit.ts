import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { toJsonText } from '../db/json';
import { insertAuditRow } from './audit.queries';

export interface AuditEntry {
  action: string;
  entity?: string;
  entityId?: string;
  patientId?: string;
  details?: Record<string, unknown>;
}

/** Who did it, from where; a request's signed-in user is the default actor. */
export interface AuditActor {
  userId: string | null;
  userEmail: string | null;
  ip: string | null;
}

/** Writes one audit_log row. Pass a transaction as `db` to make it part of the change it records. */
export async function writeAudit(
  db: Kysely<Database>,
  at: Date,
  actor: AuditActor,
  entry: AuditEntry,
): Promise<void> {
  await insertAuditRow(db, {
    at: at.toISOString(),
    user_id: actor.userId,
    user_email: actor.userEmail,
    ip: actor.ip,
    action: entry.action,
    entity: entry.entity ?? null,
    entity_id: entry.entityId ?? null,
    patient_id: entry.patientId ?? null,
    details: entry.details === undefined ? null : toJsonText(entry.details),
  });
}

/** Records what the request's user did (who, when, ip, what). */
export async function audit(
  request: FastifyRequest,
  entry: AuditEntry,
  db: Kysely<Database> = request.server.db,
): Promise<void> {
  await writeAudit(db, request.server.now(), actorOf(request), entry);
}

export function actorOf(request: FastifyRequest): AuditActor {
  return { userId: request.user?.id ?? null, userEmail: request.user?.email ?? null, ip: request.ip };
}
