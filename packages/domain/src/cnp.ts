/**
 * The Romanian personal numeric code (CNP, issue 13; decision 0020): S AA LL ZZ JJ NNN C.
 *
 * - S: 1/2 born in the 1900s, 3/4 in the 1800s, 5/6 in the 2000s (odd male, even female); 7/8 foreign
 *   residents (the century is not encoded, so the date must exist in the 1900s or the 2000s); 9 the fiscal
 *   number (NIF) ANAF gives a foreigner without a CNP, which shares only the length and the control digit.
 * - JJ: the county that registered the person. The list is the one the Directorate for Personal Records
 *   (DGEP) gave in writing (published in the open CNP specification, github.com/vimishor/cnp-spec, FAQ):
 *   01–46 (40 București, 41–46 its sectors), 47 (București's sector 7 before 1979), 51 Călărași,
 *   52 Giurgiu, 70 (numbers the civil-status system generates itself), 80–83 (registrations at Romanian
 *   embassies and consulates), and the codes DGEP confirms exist on older numbers without explaining them
 *   (50, 54, 56, 60, 64, 78, 84, 87, 88, 90, 98, 99). 48, 49, 53 and 55 were never given out.
 * - C: Σ digit × 279146358279 mod 11, where 10 becomes 1.
 *
 * e-Factura accepts thirteen zeros (`ANONYMOUS_CNP`) when the buyer gives no CNP.
 */
import { z } from 'zod';

/** What an invoice carries for a person who gives no CNP (OUG 120/2021 as amended by OUG 69/2024). */
export const ANONYMOUS_CNP = '0000000000000';

export const CNP_MESSAGES = {
  format: 'CNP-ul trebuie să aibă exact 13 cifre.',
  sex: 'Prima cifră a CNP-ului nu este validă.',
  date: 'Data nașterii din CNP nu este validă.',
  county: 'Codul de județ din CNP nu este valid.',
  sequence: 'Numărul de ordine din CNP nu este valid.',
  control: 'Cifra de control a CNP-ului nu este corectă (verificați cifrele).',
} as const;

const CONTROL_KEY = '279146358279';

// prettier-ignore
const COUNTY_CODES = new Set([
  ...Array.from({ length: 47 }, (_, index) => index + 1), // 01–47
  51, 52, 70, 80, 81, 82, 83,
  50, 54, 56, 60, 64, 78, 84, 87, 88, 90, 98, 99,
]);

const CENTURIES: Readonly<Record<string, readonly number[]>> = {
  '1': [1900],
  '2': [1900],
  '3': [1800],
  '4': [1800],
  '5': [2000],
  '6': [2000],
  '7': [1900, 2000],
  '8': [1900, 2000],
};

/** The CNP's control digit for its first twelve digits. */
export function cnpControlDigit(first12: string): number {
  const sum = [...first12].reduce(
    (total, digit, index) => total + Number(digit) * Number(CONTROL_KEY[index]),
    0,
  );
  const remainder = sum % 11;
  return remainder === 10 ? 1 : remainder;
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The result of a check: ok, or the Romanian message to show beside the field. */
export type IdCheck = { ok: true } | { ok: false; message: string };

/** Checks a CNP's structure, birth date, county and control digit; surrounding spaces are ignored. */
export function validateCnp(text: string): IdCheck {
  const cnp = text.trim();
  if (!/^\d{13}$/.test(cnp)) return { ok: false, message: CNP_MESSAGES.format };
  const sex = cnp.charAt(0);
  if (sex === '0') return { ok: false, message: CNP_MESSAGES.sex };
  if (sex !== '9') {
    const yy = Number(cnp.slice(1, 3));
    const month = Number(cnp.slice(3, 5));
    const day = Number(cnp.slice(5, 7));
    const centuries = CENTURIES[sex] ?? [];
    if (!centuries.some((century) => isRealDate(century + yy, month, day))) {
      return { ok: false, message: CNP_MESSAGES.date };
    }
    if (!COUNTY_CODES.has(Number(cnp.slice(7, 9)))) return { ok: false, message: CNP_MESSAGES.county };
    if (cnp.slice(9, 12) === '000') return { ok: false, message: CNP_MESSAGES.sequence };
  }
  if (cnpControlDigit(cnp.slice(0, 12)) !== Number(cnp.charAt(12))) {
    return { ok: false, message: CNP_MESSAGES.control };
  }
  return { ok: true };
}

/** True for a valid CNP (see `validateCnp`). */
export function isValidCnp(text: string): boolean {
  return validateCnp(text).ok;
}

/** A CNP as a form or an API sends it: trimmed, then checked; the message says what is wrong. */
export const cnp = z
  .string()
  .trim()
  .superRefine((value, context) => {
    const check = validateCnp(value);
    if (!check.ok) context.addIssue({ code: 'custom', message: check.message });
  });
