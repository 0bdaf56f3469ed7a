import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { lastAccountSuccess, nthRecentLoginFailure } from './auth.queries';

/** Sign-in lockout: 5 failures for one account or 20 from one address within 15 minutes. */
export const LOCKOUT = { windowMs: 15 * 60_000, perAccount: 5, perAddress: 20 } as const;

/**
 * Seconds until the next attempt may be made, or 0 when it may be made now. Counts the
 * `login_failed` audit rows; an account's count restarts at its last successful sign-in.
 */
export async function lockoutSeconds(
  db: Kysely<Database>,
  email: string,
  ip: string,
  now: Date,
): Promise<number> {
  const windowStart = new Date(now.getTime() - LOCKOUT.windowMs).toISOString();
  const lastSuccess = await lastAccountSuccess(db, email);
  const accountSince = lastSuccess !== null && lastSuccess > windowStart ? lastSuccess : windowStart;
  const [accountFailure, addressFailure] = await Promise.all([
    nthRecentLoginFailure(db, { column: 'user_email', value: email }, accountSince, LOCKOUT.perAccount),
    nthRecentLoginFailure(db, { column: 'ip', value: ip }, windowStart, LOCKOUT.perAddress),
  ]);
  // Locked until the oldest of the counted failures leaves the window.
  const unlockTimes = [accountFailure, addressFailure]
    .filter((at): at is string => at !== null)
    .map((at) => new Date(at).getTime() + LOCKOUT.windowMs);
  if (unlockTimes.length === 0) return 0;
  return Math.max(0, Math.ceil((Math.max(...unlockTimes) - now.getTime()) / 1000));
}
