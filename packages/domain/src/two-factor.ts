import { ROLES, type Role } from './roles';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, a new code every 30 seconds. */
export const TOTP = { digits: 6, periodSeconds: 30, algorithm: 'SHA1' } as const;

/** How many single-use recovery codes a user gets when TOTP is turned on. */
export const RECOVERY_CODE_COUNT = 10;

/** A recovery code: 16 base32 letters (80 random bits), shown in groups of four. */
export const RECOVERY_CODE_LENGTH = 16;
const RECOVERY_CODE = /^[a-z2-7]{16}$/;

/** What a code typed at the second step of sign-in is, normalised; null when it is neither kind. */
export type SecondStepCode = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string };

/**
 * Reads a code typed at the second step: six digits (spaces allowed, as apps show "123 456") are a TOTP
 * code; sixteen base32 letters (any case, dashes and spaces ignored) are a recovery code.
 */
export function readSecondStepCode(input: string): SecondStepCode | null {
  const compact = input.replace(/[\s-]/g, '');
  if (/^\d{6}$/.test(compact)) return { kind: 'totp', code: compact };
  const lower = compact.toLowerCase();
  if (RECOVERY_CODE.test(lower)) return { kind: 'recovery', code: lower };
  return null;
}

/** 'abcdefghijklmnop' → 'abcd-efgh-ijkl-mnop', the form a recovery code is shown in. */
export function formatRecoveryCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/** Whether any of the user's roles is one the clinic requires TOTP for. */
export function isTwoFactorRequired(roles: readonly string[], requiredRoles: readonly string[]): boolean {
  return roles.some((role) => requiredRoles.includes(role));
}

/** The required roles in the role table's order, each once, unknown names left out. */
export function normaliseRequiredRoles(roles: readonly string[]): Role[] {
  return ROLES.filter((role) => roles.includes(role));
}
