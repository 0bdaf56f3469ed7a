import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../app-types';
import type { Database } from '../../db/database';
import type { DialectName } from '../../db/dialect';
import { currentUser } from '../../plugins/auth';

export interface SterilisationDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  now: Clock;
}

/** Who records: the signed-in user, for the register's operator column and the audit log. */
export interface Operator {
  userId: string;
  userEmail: string;
  nume: string;
  ip: string | null;
}

export function auditActorOf(operator: Operator) {
  return { userId: operator.userId, userEmail: operator.userEmail, ip: operator.ip };
}

export function operatorOf(request: FastifyRequest): Operator {
  const user = currentUser(request);
  return { userId: user.id, userEmail: user.email, nume: user.nume, ip: request.ip };
}
