import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { MESSAGES, resetThrottledMessage } from '@odonto/domain/messages';
import type { NewPasswordRequest } from '@odonto/domain/contracts/auth';
import type { PasswordTokenPurpose } from '../../db/database';
import { mailBody } from '../../notify/mail-text';
import { writeAudit } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { hashToken, newSecretToken } from '../../plugins/sessions';
import { deleteSessionsOfUser } from '../../plugins/sessions.queries';
import {
  deleteOpenTokens,
  findPasswordToken,
  findUserByEmail,
  insertPasswordToken,
  markTokenUsed,
  setPasswordHash,
} from './auth.queries';
import { clinicName } from '../clinic/clinic.service';
import type { AuthDeps, ClientInfo } from './auth.service';
import { resetWaitSeconds } from './lockout';

/** How long a password link works: a reset 60 minutes, an invitation to a new account 72 hours. */
export const TOKEN_TTL_MINUTES: Record<PasswordTokenPurpose, number> = { reset: 60, invite: 72 * 60 };

/** argon2id (the library's default algorithm) with its default, OWASP-level cost. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Stores a new single-use token for the user (older unused ones of that purpose stop working). */
export async function issuePasswordToken(
  deps: Pick<AuthDeps, 'db' | 'now'>,
  userId: string,
  purpose: PasswordTokenPurpose,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecretToken();
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_MINUTES[purpose] * 60_000);
  await deps.db.transaction().execute(async (trx) => {
    await deleteOpenTokens(trx, userId, purpose);
    await insertPasswordToken(trx, {
      id: randomUUID(),
      user_id: userId,
      token_hash: hashToken(token),
      purpose,
      expires_at: expiresAt.toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    });
  });
  return { token, expiresAt };
}

/** The address of the screen that sets a new password with this token. */
export function passwordLink(publicUrl: string, token: string, email: string): string {
  return `${publicUrl}/login?reset_pass=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
}

/** GET /api/forgot-pass: mails a reset link to a known, active account. */
export async function requestPasswordReset(deps: AuthDeps, email: string, client: ClientInfo): Promise<void> {
  // Throttled per client address across e-mails and per e-mail across addresses, so the staff's e-mails
  // cannot be listed; a refused request is not recorded, so asking on does not push the limit further.
  const waitSeconds = await resetWaitSeconds(deps.db, email, client.ip, deps.now());
  if (waitSeconds > 0)
    throw new AppError(429, 'rate_limited', resetThrottledMessage(waitSeconds), {
      headers: { 'retry-after': String(waitSeconds) },
    });
  const user = await findUserByEmail(deps.db, email);
  if (!user || !user.active) {
    // A refused request is recorded too (who asked for which address, from where), never mailed.
    await writeAudit(
      deps.db,
      deps.now(),
      { userId: user?.id ?? null, userEmail: email, ip: client.ip },
      {
        action: 'password_reset_requested',
        entity: 'user',
        ...(user ? { entityId: user.id } : {}),
        details: { reason: user ? 'inactive' : 'unknown_email' },
      },
    );
    // A deactivated account answers exactly as an unknown address: who has left is nobody's business.
    throw new AppError(404, 'not_found', MESSAGES.unknownEmail);
  }

  const { token } = await issuePasswordToken(deps, user.id, 'reset');
  const link = passwordLink(deps.config.publicUrl, token, user.email);
  const clinic = await clinicName(deps.db, deps.config.clinicName);
  const result = await deps.mailer.sendMail({ to: user.email, ...resetMail(user.nume, link, clinic) });
  await writeAudit(
    deps.db,
    deps.now(),
    { userId: user.id, userEmail: user.email, ip: client.ip },
    {
      action: 'password_reset_requested',
      entity: 'user',
      entityId: user.id,
      details: { mail: result.status },
    },
  );
}

/** The reset mail: Romanian, signed by the clinic, with the single-use link. */
function resetMail(
  nume: string,
  link: string,
  clinicName: string,
): { subject: string; text: string; html: string } {
  const body = mailBody([
    `Bună ziua, ${nume},`,
    `Am primit o cerere de resetare a parolei contului dumneavoastră Odonto de la ${clinicName}. Pentru a ` +
      `alege o parolă nouă, deschideți link-ul de mai jos (valabil ${TOKEN_TTL_MINUTES.reset} de minute, ` +
      'o singură dată):',
    { link, label: 'Alegeți o parolă nouă' },
    'Dacă nu ați cerut resetarea parolei, ignorați acest mesaj: parola rămâne neschimbată.',
    clinicName,
  ]);
  return { subject: `Resetare parolă Odonto — ${clinicName}`, ...body };
}

/**
 * POST /api/save-new-pass: a valid token (unused, unexpired, for that email) sets the new password,
 * is spent, and ends every session of the account.
 */
export async function saveNewPassword(
  deps: AuthDeps,
  input: NewPasswordRequest,
  client: ClientInfo,
): Promise<void> {
  const invalid = new AppError(400, 'invalid_input', MESSAGES.resetTokenInvalid, {
    fields: { token: MESSAGES.resetTokenInvalid },
  });
  const found = await findPasswordToken(deps.db, hashToken(input.token));
  const now = deps.now();
  if (!found || found.usedAt !== null || new Date(found.expiresAt) <= now || found.email !== input.email) {
    throw invalid;
  }
  if (!found.active) throw new AppError(403, 'forbidden', MESSAGES.inactiveAccount);

  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await markTokenUsed(trx, found.id, now.toISOString()))) throw invalid;
    await setPasswordHash(trx, found.userId, passwordHash, now.toISOString());
    const endedSessions = await deleteSessionsOfUser(trx, found.userId);
    await writeAudit(
      trx,
      now,
      { userId: found.userId, userEmail: found.email, ip: client.ip },
      {
        action: 'password_change',
        entity: 'user',
        entityId: found.userId,
        details: { via: found.purpose, endedSessions },
      },
    );
  });
}
