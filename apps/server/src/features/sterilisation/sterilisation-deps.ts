import type { FastifyRequest } from 'fastify';
import { can } from '@odonto/domain/roles';
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
  /**
   * Whether the user may see who a pouch was used on: DESIGN.md §5 gives sterilisation staff the
   * register but no access to patients, so their trace-backs carry no identity.
   */
  seesPatients: boolean;
}

export function auditActorOf(operator: Operator) {
  return { userId: operator.userId, userEmail: operator.userEmail, ip: operator.ip };
}

export function operatorOf(request: FastifyRequest): Operator {
  const user = currentUser(request);
  return {
    userId: user.id,
    userEmail: user.email,
    nume: user.nume,
    ip: request.ip,
    seesPatients: can(user.roles, 'read:patient'),
  };
}
