import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { USER_MESSAGES } from '@odonto/domain/contracts/users';
import type { Clock } from '../../app-types';
import type { Database } from '../../db/database';
import type { DialectName } from '../../db/dialect';
import type { Mailer } from '../../notify/mail';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { issuePasswordToken, passwordLink } from '../auth/password.service';
import { clinicName } from '../clinic/clinic.service';
import { invitationMail } from './invitation-mail';
import { findUserById } from './users.queries';

export interface UsersDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  now: Clock;
  publicUrl: string;
  /** CLINIC_NAME: the name mails carry until the clinic's details are saved. */
  clinicName: string;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * Mails the account a single-use set-password link (the reset flow's screen, token purpose 'invite',
 * valid 72 hours); issuing it cancels the account's earlier unused invitation links. A failed delivery
 * does not fail the call: the outbox row is marked failed and the admin can send the link again.
 */
export async function sendInvitation(
  deps: UsersDeps,
  actor: AuditActor,
  account: { id: string; nume: string; email: string },
  isResend: boolean,
): Promise<void> {
  const { token } = await issuePasswordToken(deps, account.id, 'invite');
  const link = passwordLink(deps.publicUrl, token, account.email);
  const clinic = await clinicName(deps.db, deps.clinicName);
  const result = await deps.mailer.sendMail(invitationMail(account, link, clinic));
  if (result.status === 'failed')
    deps.log.warn({ userId: account.id }, 'the invitation mail was not delivered');
  await writeAudit(deps.db, deps.now(), actor, {
    action: 'user_invite',
    entity: 'user',
    entityId: account.id,
    details: { mail: result.status, resend: isResend },
  });
}

/** POST /api/resend-invitation/{id}: only for an active account whose invitation is still pending. */
export async function resendInvitation(deps: UsersDeps, actor: AuditActor, id: string): Promise<void> {
  const row = await findUserById(deps.db, id);
  if (!row) throw new AppError(404, 'not_found', USER_MESSAGES.notFound);
  if (row.active !== 1) throw new AppError(409, 'conflict', USER_MESSAGES.inviteInactive);
  if (row.password_hash !== null) throw new AppError(409, 'conflict', USER_MESSAGES.inviteAccepted);
  await sendInvitation(deps, actor, { id: row.id, nume: row.nume, email: row.email }, true);
}
