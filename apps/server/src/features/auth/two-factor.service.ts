import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Secret } from 'otpauth';
import {
  TWO_FACTOR_MESSAGES,
  twoFactorLockoutMessage,
  type DisableTwoFactorRequest,
  type TotpSetup,
  type TwoFactorStatus,
} from '@odonto/domain/contracts/two-factor';
import { formatRecoveryCode, readSecondStepCode, RECOVERY_CODE_COUNT } from '@odonto/domain/two-factor';
import type { Database } from '../../db/database';
import { writeAudit } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { hashToken, type SessionUser } from '../../plugins/sessions';
import type { SecretBox } from '../efactura/secret-box';
import { findUserById, nthRecentAction } from './auth.queries';
import type { AuthDeps, ClientInfo } from './auth.service';
import { twoFactorLockout } from './lockout';
import { verifyPassword } from './password.service';
import { newTotpKey, otpauthUrl, totpStepOf } from './totp';
import { isRequiredFor } from './two-factor-policy.service';
import {
  acceptTotpStep,
  countUnusedRecoveryCodes,
  deleteChallengesOf,
  deleteTotp,
  findTotp,
  replaceRecoveryCodes,
  savePendingTotp,
  useRecoveryCode,
} from './two-factor.queries';

export interface TwoFactorDeps extends AuthDeps {
  /** The secrets-at-rest key (ODONTO_SECRET_KEY or the data dir's secret.key), read on first use. */
  secrets(): Promise<SecretBox>;
}

/** The account a two-factor step is about. */
export interface TwoFactorAccount {
  id: string;
  email: string;
  roles: string[];
}

/** How the second factor was given, for the audit row. */
export type SecondFactor = 'totp' | 'recovery_code';

type CodeCheck = { ok: true; method: SecondFactor } | { ok: false; reason: string; message: string };

const sealPurpose = (userId: string) => `totp:${userId}`;

/** GET /api/profile/two-factor */
export async function twoFactorStatusOf(
  db: Kysely<Database>,
  user: TwoFactorAccount,
): Promise<TwoFactorStatus> {
  const totp = await findTotp(db, user.id);
  const enabled = totp?.enabled_at != null;
  return {
    enabled,
    required: await isRequiredFor(db, user.roles),
    recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(db, user.id) : 0,
  };
}

/** A new key for the user, kept sealed and unconfirmed until a first code (profile or sign-in). */
export async function startTotpSetup(
  deps: TwoFactorDeps,
  user: TwoFactorAccount,
  db: Kysely<Database> = deps.db,
): Promise<TotpSetup> {
  const key = newTotpKey();
  const sealed = (await deps.secrets()).seal(sealPurpose(user.id), key);
  await savePendingTotp(db, user.id, sealed, deps.now().toISOString());
  return { secret: key, otpauthUrl: otpauthUrl(key, user.email) };
}

/** POST /api/profile/two-factor/setup: 409 while TOTP is already on. */
export async function beginProfileSetup(deps: TwoFactorDeps, user: TwoFactorAccount): Promise<TotpSetup> {
  const totp = await findTotp(deps.db, user.id);
  if (totp?.enabled_at != null) throw new AppError(409, 'conflict', TWO_FACTOR_MESSAGES.alreadyOn);
  return startTotpSetup(deps, user);
}

/**
 * Confirms the unconfirmed key with a first code and turns TOTP on, with ten new recovery codes (answered
 * once, stored hashed). `then` runs in the same transaction (the sign-in opens its session there).
 * A wrong code is recorded as a failure and answered with `status`.
 */
export async function confirmTotpSetup(
  deps: TwoFactorDeps,
  user: TwoFactorAccount,
  code: string,
  client: ClientInfo,
  options: { stage: 'profile' | 'sign-in'; wrongStatus: 400 | 401 },
  then?: (trx: Kysely<Database>) => Promise<void>,
): Promise<string[]> {
  await refuseWhileLocked(deps, user, client, options.stage);
  const totp = await findTotp(deps.db, user.id);
  if (totp === null || totp.enabled_at !== null) {
    throw new AppError(409, 'conflict', TWO_FACTOR_MESSAGES.noPendingSetup);
  }
  const key = await openKey(deps, user.id, totp.secret_sealed);
  const parsed = readSecondStepCode(code);
  const now = deps.now();
  const step = parsed?.kind === 'totp' ? totpStepOf(key, parsed.code, now) : null;
  if (step === null) {
    return recordFailure(
      deps,
      user,
      client,
      { reason: 'wrong_code', message: TWO_FACTOR_MESSAGES.wrongCode },
      options,
    );
  }
  const plain = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    new Secret({ size: 10 }).base32.toLowerCase(),
  );
  const at = now.toISOString();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await acceptTotpStep(trx, user.id, step, at, true))) {
      throw new AppError(409, 'conflict', TWO_FACTOR_MESSAGES.noPendingSetup);
    }
    await replaceRecoveryCodes(
      trx,
      user.id,
      plain.map((recovery) => ({
        id: randomUUID(),
        user_id: user.id,
        code_hash: hashToken(recovery),
        used_at: null,
        created_at: at,
      })),
    );
    await writeAudit(
      trx,
      now,
      { userId: user.id, userEmail: user.email, ip: client.ip },
      { action: 'two_factor_enabled', entity: 'user', entityId: user.id, details: { stage: options.stage } },
    );
    await then?.(trx);
  });
  return plain.map(formatRecoveryCode);
}

/** POST /api/profile/two-factor/disable: with a current code (or a recovery code) or the password. */
export async function disableTwoFactor(
  deps: TwoFactorDeps,
  sessionUser: SessionUser,
  input: DisableTwoFactorRequest,
  client: ClientInfo,
): Promise<void> {
  if (await isRequiredFor(deps.db, sessionUser.roles)) {
    throw new AppError(403, 'forbidden', TWO_FACTOR_MESSAGES.requiredByRole);
  }
  const totp = await findTotp(deps.db, sessionUser.id);
  if (totp?.enabled_at == null) throw new AppError(409, 'conflict', TWO_FACTOR_MESSAGES.notOn);
  const options = { stage: 'disable', wrongStatus: 400 } as const;
  await refuseWhileLocked(deps, sessionUser, client, options.stage);
  const code = (input.code ?? '').trim();
  let method: SecondFactor | 'password';
  if (code !== '') {
    const check = await checkSecondFactor(deps, sessionUser.id, code);
    if (!check.ok) return recordFailure(deps, sessionUser, client, check, options);
    method = check.method;
  } else {
    const account = await findUserById(deps.db, sessionUser.id);
    if (!account || !(await verifyPassword(account.passwordHash, input.password ?? ''))) {
      return recordFailure(
        deps,
        sessionUser,
        client,
        { reason: 'wrong_password', message: TWO_FACTOR_MESSAGES.wrongPassword, field: 'password' },
        options,
      );
    }
    method = 'password';
  }
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await deleteTotp(trx, sessionUser.id);
    await writeAudit(
      trx,
      now,
      { userId: sessionUser.id, userEmail: sessionUser.email, ip: client.ip },
      { action: 'two_factor_disabled', entity: 'user', entityId: sessionUser.id, details: { by: method } },
    );
  });
}

/**
 * DELETE /api/users/{id}/two-factor (admin): a user who lost the phone and the recovery codes gets TOTP
 * removed; where the clinic requires it, they set it up again at their next sign-in. 404 no such user,
 * 409 TOTP is off.
 */
export async function resetTwoFactor(
  deps: Pick<AuthDeps, 'db' | 'now'>,
  actor: { id: string; email: string },
  userId: string,
  client: ClientInfo,
): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError(404, 'not_found', 'Utilizatorul nu a fost găsit.');
  const totp = await findTotp(deps.db, userId);
  if (totp?.enabled_at == null) throw new AppError(409, 'conflict', TWO_FACTOR_MESSAGES.notOn);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await deleteTotp(trx, userId);
    await deleteChallengesOf(trx, userId);
    await writeAudit(
      trx,
      now,
      { userId: actor.id, userEmail: actor.email, ip: client.ip },
      { action: 'two_factor_reset', entity: 'user', entityId: userId, details: { email: user.email } },
    );
  });
}

/** Whether the user's TOTP is on (admin's view of an account). */
export async function isTotpEnabled(db: Kysely<Database>, userId: string): Promise<boolean> {
  return (await findTotp(db, userId))?.enabled_at != null;
}

/**
 * Checks a TOTP code or a recovery code of a user whose TOTP is on. A TOTP code is accepted once: a code
 * of a step already used (the same code again, or an older one) is a replay. A recovery code is used up.
 */
export async function checkSecondFactor(
  deps: TwoFactorDeps,
  userId: string,
  input: string,
): Promise<CodeCheck> {
  const parsed = readSecondStepCode(input);
  const now = deps.now();
  const wrong = { ok: false, reason: 'wrong_code', message: TWO_FACTOR_MESSAGES.wrongCode } as const;
  if (parsed === null) return wrong;
  if (parsed.kind === 'recovery') {
    const outcome = await useRecoveryCode(deps.db, userId, hashToken(parsed.code), now.toISOString());
    if (outcome === 'used') return { ok: true, method: 'recovery_code' };
    if (outcome === 'already-used') {
      return { ok: false, reason: 'used_recovery_code', message: TWO_FACTOR_MESSAGES.usedRecoveryCode };
    }
    return wrong;
  }
  const totp = await findTotp(deps.db, userId);
  if (totp?.enabled_at == null) return wrong;
  const key = await openKey(deps, userId, totp.secret_sealed);
  const step = totpStepOf(key, parsed.code, now);
  if (step === null) return wrong;
  if (!(await acceptTotpStep(deps.db, userId, step, now.toISOString(), false))) {
    return { ok: false, reason: 'replayed_code', message: TWO_FACTOR_MESSAGES.replayedCode };
  }
  return { ok: true, method: 'totp' };
}

/**
 * The user's TOTP key. When it cannot be opened (the secrets-at-rest key was lost and made again), the
 * code cannot be checked: 409 pointing to a recovery code, not counted as a wrong code.
 */
async function openKey(deps: TwoFactorDeps, userId: string, sealed: string): Promise<string> {
  const box = await deps.secrets();
  try {
    return box.open(sealPurpose(userId), sealed);
  } catch {
    throw new AppError(409, 'conflict', TWO_FACTOR_MESSAGES.keyUnreadable);
  }
}

/**
 * 429 while the account's second step is locked (5 wrong codes in 15 minutes). The first refused attempt
 * of a lockout is audited; later ones are not, so hammering a locked account does not grow the log.
 */
export async function refuseWhileLocked(
  deps: Pick<AuthDeps, 'db' | 'now' | 'log'>,
  user: TwoFactorAccount,
  client: ClientInfo,
  stage: string,
): Promise<void> {
  const now = deps.now();
  const { waitSeconds, lockedSince } = await twoFactorLockout(deps.db, user.email, now);
  if (waitSeconds <= 0 || lockedSince === null) return;
  deps.log.warn({ email: user.email, ip: client.ip }, 'second sign-in step refused: locked out');
  const noted = await nthRecentAction(
    deps.db,
    'two_factor_locked',
    { column: 'user_email', value: user.email },
    // From the failure that locked it on (rows may share its millisecond).
    new Date(Date.parse(lockedSince) - 1).toISOString(),
    1,
  );
  if (noted === null) {
    await writeAudit(
      deps.db,
      now,
      { userId: user.id, userEmail: user.email, ip: client.ip },
      {
        action: 'two_factor_locked',
        entity: 'user',
        entityId: user.id,
        details: { stage, retryAfter: waitSeconds },
      },
    );
  }
  throw new AppError(429, 'rate_limited', twoFactorLockoutMessage(waitSeconds), {
    headers: { 'retry-after': String(waitSeconds) },
  });
}

/** Records a wrong code (it counts towards the lockout) and answers it. */
export async function recordFailure(
  deps: Pick<AuthDeps, 'db' | 'now'>,
  user: TwoFactorAccount,
  client: ClientInfo,
  failure: { reason: string; message: string; field?: string },
  options: { stage: string; wrongStatus: 400 | 401 },
): Promise<never> {
  await writeAudit(
    deps.db,
    deps.now(),
    { userId: user.id, userEmail: user.email, ip: client.ip },
    {
      action: 'two_factor_failed',
      entity: 'user',
      entityId: user.id,
      details: { reason: failure.reason, stage: options.stage },
    },
  );
  if (options.wrongStatus === 401) throw new AppError(401, 'unauthenticated', failure.message);
  throw new AppError(400, 'invalid_input', failure.message, {
    fields: { [failure.field ?? 'code']: failure.message },
  });
}
