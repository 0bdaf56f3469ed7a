import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { lastAccountSuccess, nthRecentAction } from './auth.queries';

/**
 * Sign-in limits within 15 minutes: 5 failures lock the account (from every address). An address with
 * 20 failures (on any e-mails) is only slowed: each further failure is answered LOGIN_SLOWDOWN_MS late,
 * but a right password for an account that is not itself locked always gets in at once. A clinic's staff share one public
 * address, so locking the address would let anyone on the guest Wi-Fi lock the whole clinic out.
 */
export const LOCKOUT = { windowMs: 15 * 60_000, perAccount: 5, slowAddressAfter: 20 } as const;

/**
 * Seconds until the account may try again, or 0 when it may now. Counts the account's `login_failed`
 * audit rows since its last successful sign-in (or the window's start).
 */
export async function lockoutSeconds(db: Kysely<Database>, email: string, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - LOCKOUT.windowMs).toISOString();
  const lastSuccess = await lastAccountSuccess(db, email);
  const since = lastSuccess !== null && lastSuccess > windowStart ? lastSuccess : windowStart;
  const failure = await nthRecentAction(
    db,
    'login_failed',
    { column: 'user_email', value: email },
    since,
    LOCKOUT.perAccount,
  );
  return failure === null ? 0 : secondsUntil(failure, LOCKOUT.windowMs, now);
}

/**
 * The second step of sign-in (a TOTP or recovery code, decision 0027) locks on its own: 5 wrong codes for
 * an account within 15 minutes, counted since its last successful sign-in, from `two_factor_failed` rows.
 * Answers the seconds to wait and the time of the failure that locked it, or 0 and null.
 */
export async function twoFactorLockout(
  db: Kysely<Database>,
  email: string,
  now: Date,
): Promise<{ waitSeconds: number; lockedSince: string | null }> {
  const windowStart = new Date(now.getTime() - TWO_FACTOR_LOCKOUT.windowMs).toISOString();
  const lastSuccess = await lastAccountSuccess(db, email);
  const since = lastSuccess !== null && lastSuccess > windowStart ? lastSuccess : windowStart;
  const failure = await nthRecentAction(
    db,
    'two_factor_failed',
    { column: 'user_email', value: email },
    since,
    TWO_FACTOR_LOCKOUT.perAccount,
  );
  if (failure === null) return { waitSeconds: 0, lockedSince: null };
  return { waitSeconds: secondsUntil(failure, TWO_FACTOR_LOCKOUT.windowMs, now), lockedSince: failure };
}

export const TWO_FACTOR_LOCKOUT = { windowMs: 15 * 60_000, perAccount: 5 } as const;

/** Whether the address has failed often enough in the window for its failures to be slowed. */
export async function isSlowedAddress(db: Kysely<Database>, ip: string, now: Date): Promise<boolean> {
  const windowStart = new Date(now.getTime() - LOCKOUT.windowMs).toISOString();
  const failure = await nthRecentAction(
    db,
    'login_failed',
    { column: 'ip', value: ip },
    windowStart,
    LOCKOUT.slowAddressAfter,
  );
  return failure !== null;
}

/** "Ai uitat parola?" within 15 minutes: 10 requests from one address (any e-mails), 5 for one e-mail. */
export const RESET_THROTTLE = { windowMs: 15 * 60_000, perAddress: 10, perEmail: 5 } as const;

/** Seconds until the address, or the e-mail, may ask for a reset link again; 0 when it may now. */
export async function resetWaitSeconds(
  db: Kysely<Database>,
  email: string,
  ip: string,
  now: Date,
): Promise<number> {
  const windowStart = new Date(now.getTime() - RESET_THROTTLE.windowMs).toISOString();
  const [byAddress, byEmail] = await Promise.all([
    nthRecentAction(
      db,
      'password_reset_requested',
      { column: 'ip', value: ip },
      windowStart,
      RESET_THROTTLE.perAddress,
    ),
    nthRecentAction(
      db,
      'password_reset_requested',
      { column: 'user_email', value: email },
      windowStart,
      RESET_THROTTLE.perEmail,
    ),
  ]);
  const waits = [byAddress, byEmail]
    .filter((at): at is string => at !== null)
    .map((at) => secondsUntil(at, RESET_THROTTLE.windowMs, now));
  return Math.max(0, ...waits);
}

/** Until the counted row leaves the window. */
function secondsUntil(at: string, windowMs: number, now: Date): number {
  return Math.max(0, Math.ceil((new Date(at).getTime() + windowMs - now.getTime()) / 1000));
}
