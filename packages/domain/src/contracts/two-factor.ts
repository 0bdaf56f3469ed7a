import { z } from 'zod';
import { ROLES } from '../roles';
import { readSecondStepCode } from '../two-factor';
import { loginResponse } from './auth';

/** Romanian texts of two-factor sign-in (issue 16), shared by the server and the screens. */
export const TWO_FACTOR_MESSAGES = {
  codeFormat: 'Introduceți codul de 6 cifre din aplicația de autentificare sau un cod de recuperare.',
  totpFormat: 'Introduceți codul de 6 cifre din aplicația de autentificare.',
  wrongCode: 'Codul introdus nu este corect.',
  replayedCode: 'Acest cod a fost deja folosit. Așteptați următorul cod din aplicație.',
  usedRecoveryCode: 'Acest cod de recuperare a fost deja folosit.',
  challengeExpired:
    'Timpul pentru al doilea pas al autentificării a expirat. Introduceți din nou emailul și parola.',
  alreadyOn: 'Autentificarea în doi pași este deja activă.',
  notOn: 'Autentificarea în doi pași nu este activă.',
  noPendingSetup: 'Începeți din nou activarea autentificării în doi pași.',
  requiredByRole:
    'Autentificarea în doi pași este obligatorie pentru rolul dumneavoastră și nu poate fi dezactivată.',
  wrongPassword: 'Parola nu este corectă.',
  codeOrPassword: 'Introduceți un cod din aplicație sau parola contului.',
  keyUnreadable:
    'Codul din aplicație nu poate fi verificat: cheia de criptare a serverului s-a schimbat. Folosiți un cod de recuperare sau cereți administratorului să reseteze autentificarea în doi pași.',
} as const;

/** Too many wrong codes, with the time the caller may try again ('peste 12 minute'). */
export function twoFactorLockoutMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const text = minutes === 1 ? 'un minut' : `${minutes} ${minutes < 20 ? 'minute' : 'de minute'}`;
  return `Prea multe coduri greșite. Încercați din nou peste ${text}.`;
}

/** A key to type into an authenticator app, and the otpauth:// address its QR code holds. */
export const totpSetup = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetup = z.infer<typeof totpSetup>;

/**
 * POST /api/login answers one of three: signed in (the session cookie is set); a code is needed
 * (`twoFactor: 'code'`); or the clinic requires TOTP and the user sets it up now (`twoFactor: 'setup'`).
 * The last two set only the short-lived `odonto_2fa` cookie, no session.
 */
export const loginAnswer = z.union([
  loginResponse,
  z.object({ twoFactor: z.literal('code') }),
  z.object({ twoFactor: z.literal('setup'), setup: totpSetup }),
]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

/** A code typed at the second step of sign-in: six digits or a recovery code. */
export const secondStepRequest = z.strictObject({
  code: z
    .string()
    .max(64)
    .refine((value) => readSecondStepCode(value) !== null, TWO_FACTOR_MESSAGES.codeFormat),
});
export type SecondStepRequest = z.infer<typeof secondStepRequest>;

/** A code from the authenticator app only (confirming a new TOTP key). */
export const totpCodeRequest = z.strictObject({
  code: z
    .string()
    .max(64)
    .refine((value) => readSecondStepCode(value)?.kind === 'totp', TWO_FACTOR_MESSAGES.totpFormat),
});
export type TotpCodeRequest = z.infer<typeof totpCodeRequest>;

/** The ten recovery codes, shown once. */
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

/** Signed in after setting TOTP up at sign-in: the user and the recovery codes to write down. */
export const setupSignInResponse = loginResponse.extend({ recoveryCodes: z.array(z.string()) });
export type SetupSignInResponse = z.infer<typeof setupSignInResponse>;

/** GET /api/profile/two-factor */
export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  /** The clinic requires it for one of the user's roles: it cannot be turned off. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** GET /api/users/{id}/two-factor (admin) */
export const userTwoFactor = z.object({ enabled: z.boolean() });
export type UserTwoFactor = z.infer<typeof userTwoFactor>;

/** Turning TOTP off: a current code (or a recovery code), or the account's password. */
export const disableTwoFactorRequest = z
  .strictObject({
    code: z.string().max(64).optional(),
    password: z.string().max(1024).optional(),
  })
  .superRefine((value, ctx) => {
    const hasCode = (value.code ?? '').trim() !== '';
    const hasPassword = (value.password ?? '') !== '';
    if (!hasCode && !hasPassword) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: TWO_FACTOR_MESSAGES.codeOrPassword });
    } else if (hasCode && readSecondStepCode(value.code ?? '') === null) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: TWO_FACTOR_MESSAGES.codeFormat });
    }
  });
export type DisableTwoFactorRequest = z.infer<typeof disableTwoFactorRequest>;

/** The clinic's rule: the roles whose accounts must use TOTP (default none). */
export const twoFactorPolicy = z.object({
  requiredRoles: z.array(z.enum(ROLES)),
  /** 0 until an admin first saves it; a save must send the version it started from. */
  version: z.number().int(),
});
export type TwoFactorPolicy = z.infer<typeof twoFactorPolicy>;

export const twoFactorPolicyUpdate = z.strictObject({
  requiredRoles: z.array(z.enum(ROLES)).max(ROLES.length),
  version: z.number().int().min(0),
});
export type TwoFactorPolicyUpdate = z.infer<typeof twoFactorPolicyUpdate>;
