import { randomUUID } from 'node:crypto';
import { TWO_FACTOR_MESSAGES, type LoginAnswer } from '@odonto/domain/contracts/two-factor';
import { writeAudit } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { hashToken, newSecretToken } from '../../plugins/sessions';
import { findUserById, type UserAccount } from './auth.queries';
import { startSession, type ClientInfo, type SignedIn } from './auth.service';
import {
  checkSecondFactor,
  confirmTotpSetup,
  recordFailure,
  refuseWhileLocked,
  startTotpSetup,
  type TwoFactorDeps,
} from './two-factor.service';
import { isRequiredFor } from './two-factor-policy.service';
import { deleteChallenge, findChallenge, findTotp, insertChallenge } from './two-factor.queries';

/** How long the second step of a sign-in stays open: a code is typed in seconds, a setup takes longer. */
export const CHALLENGE_MINUTES = { code: 5, setup: 15 } as const;

/** A sign-in waiting for its second step: the token goes into the `odonto_2fa` cookie. */
export interface PendingSignIn {
  token: string;
  expiresAt: Date;
  answer: Exclude<LoginAnswer, { name: string }>;
}

/**
 * After a right password: null when the account signs in at once; otherwise the second step, opened
 * here. With TOTP on, a code is asked for. When the clinic requires TOTP for one of the user's roles and
 * the user has none yet, a new key is made and the user sets it up before any session exists.
 */
export async function openSecondStep(
  deps: TwoFactorDeps,
  user: UserAccount,
  client: ClientInfo,
): Promise<PendingSignIn | null> {
  const totp = await findTotp(deps.db, user.id);
  const kind =
    totp?.enabled_at != null ? 'code' : (await isRequiredFor(deps.db, user.roles)) ? 'setup' : null;
  if (kind === null) return null;
  const now = deps.now();
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + CHALLENGE_MINUTES[kind] * 60_000);
  const answer = await deps.db.transaction().execute(async (trx) => {
    await insertChallenge(trx, {
      id: randomUUID(),
      token_hash: hashToken(token),
      user_id: user.id,
      kind,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      ip: client.ip,
    });
    await writeAudit(
      trx,
      now,
      { userId: user.id, userEmail: user.email, ip: client.ip },
      { action: 'login_second_step', entity: 'user', entityId: user.id, details: { step: kind } },
    );
    return kind === 'code'
      ? ({ twoFactor: 'code' } as const)
      : ({ twoFactor: 'setup', setup: await startTotpSetup(deps, user, trx) } as const);
  });
  return { token, expiresAt, answer };
}

/** The open challenge of this kind behind the cookie's token, and its user; 401 when there is none. */
async function openChallenge(
  deps: TwoFactorDeps,
  token: string | undefined,
  kind: 'code' | 'setup',
): Promise<{ challengeId: string; user: UserAccount }> {
  const expired = new AppError(401, 'unauthenticated', TWO_FACTOR_MESSAGES.challengeExpired);
  if (!token) throw expired;
  const challenge = await findChallenge(deps.db, hashToken(token));
  if (!challenge || challenge.kind !== kind) throw expired;
  if (new Date(challenge.expiresAt) <= deps.now()) {
    await deleteChallenge(deps.db, challenge.id);
    throw expired;
  }
  const user = await findUserById(deps.db, challenge.userId);
  if (!user?.active) {
    await deleteChallenge(deps.db, challenge.id);
    throw expired;
  }
  return { challengeId: challenge.id, user };
}

/** POST /api/login/two-factor: a TOTP code or a recovery code completes the sign-in. */
export async function completeSignInWithCode(
  deps: TwoFactorDeps,
  token: string | undefined,
  code: string,
  client: ClientInfo,
  previousSessionId: string | null,
): Promise<SignedIn> {
  const { challengeId, user } = await openChallenge(deps, token, 'code');
  await refuseWhileLocked(deps, user, client, 'sign-in');
  const check = await checkSecondFactor(deps, user.id, code);
  if (!check.ok) return recordFailure(deps, user, client, check, { stage: 'sign-in', wrongStatus: 401 });
  const session = await deps.db.transaction().execute(async (trx) => {
    await deleteChallenge(trx, challengeId);
    return startSession(deps, user, client, previousSessionId, trx, { secondFactor: check.method });
  });
  return { user, session };
}

/**
 * POST /api/login/two-factor/setup: the clinic requires TOTP; the first code from the app confirms the
 * key made at the password step, turns TOTP on and opens the session, all in one transaction.
 */
export async function completeSignInWithSetup(
  deps: TwoFactorDeps,
  token: string | undefined,
  code: string,
  client: ClientInfo,
  previousSessionId: string | null,
): Promise<SignedIn & { recoveryCodes: string[] }> {
  const { challengeId, user } = await openChallenge(deps, token, 'setup');
  const opened: { session?: SignedIn['session'] } = {};
  const recoveryCodes = await confirmTotpSetup(
    deps,
    user,
    code,
    client,
    { stage: 'sign-in', wrongStatus: 401 },
    async (trx) => {
      await deleteChallenge(trx, challengeId);
      opened.session = await startSession(deps, user, client, previousSessionId, trx, {
        secondFactor: 'totp',
      });
    },
  );
  if (!opened.session) throw new Error('the session was not opened');
  return { user, session: opened.session, recoveryCodes };
}
