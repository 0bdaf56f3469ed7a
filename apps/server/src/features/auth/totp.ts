import { Secret, TOTP as Totp } from 'otpauth';
import { TOTP } from '@odonto/domain/two-factor';

/** The name authenticator apps show above the account's codes. */
const ISSUER = 'Odonto';

/** A new random TOTP key (160 bits, RFC 4226's recommendation), in base32 as apps take it. */
export function newTotpKey(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(key: string, account: string): Totp {
  return new Totp({
    issuer: ISSUER,
    label: account,
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
    secret: Secret.fromBase32(key),
  });
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function otpauthUrl(key: string, account: string): string {
  return totpOf(key, account).toString();
}

/**
 * The time step a code belongs to, when it is the key's code for now or for the step just before or
 * after (a phone's clock a little off); null otherwise. The caller refuses a step already used.
 */
export function totpStepOf(key: string, code: string, now: Date): number | null {
  const totp = totpOf(key, '');
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return totp.counter({ timestamp: now.getTime() }) + delta;
}
