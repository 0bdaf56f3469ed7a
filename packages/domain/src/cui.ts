/**
 * The Romanian fiscal code of a company (CUI / CIF, issue 13; decision 0020): 2 to 10 digits, the last
 * one a control digit, written with 'RO' in front when the company is registered for VAT. Control digit:
 * the digits before it, right-aligned under the key 753217532, Σ digit × key × 10 mod 11, where 10 gives 0.
 */
import { z } from 'zod';
import type { IdCheck } from './cnp';

export const CUI_MESSAGES = {
  format: 'Codul fiscal (CUI) trebuie să aibă între 2 și 10 cifre, cu sau fără „RO” în față.',
  control: 'Cifra de control a codului fiscal (CUI) nu este corectă (verificați cifrele).',
} as const;

const CONTROL_KEY = [7, 5, 3, 2, 1, 7, 5, 3, 2];
const CUI_PATTERN = /^(RO)?\s?([1-9]\d{1,9})$/i;

/** The CUI's control digit for the digits before it (at most nine). */
export function cuiControlDigit(body: string): number {
  const padded = body.padStart(CONTROL_KEY.length, '0');
  const sum = [...padded].reduce(
    (total, digit, index) => total + Number(digit) * (CONTROL_KEY[index] ?? 0),
    0,
  );
  return ((sum * 10) % 11) % 10;
}

/** Checks a CUI/CIF with or without 'RO' (any case, one space allowed after it) and its control digit. */
export function validateCui(text: string): IdCheck {
  const match = CUI_PATTERN.exec(text.trim());
  const digits = match?.[2];
  if (!digits) return { ok: false, message: CUI_MESSAGES.format };
  if (cuiControlDigit(digits.slice(0, -1)) !== Number(digits.at(-1))) {
    return { ok: false, message: CUI_MESSAGES.control };
  }
  return { ok: true };
}

/** True for a valid CUI/CIF (see `validateCui`). */
export function isValidCui(text: string): boolean {
  return validateCui(text).ok;
}

/** ' ro 1234567 ' → 'RO1234567', '1234567' → '1234567': the form documents print. */
export function normalizeCui(text: string): string {
  const trimmed = text.trim();
  const digits = trimmed.replace(/^RO\s?/i, '');
  return /^RO/i.test(trimmed) ? `RO${digits}` : digits;
}

/** The digits alone ('RO1234567' → '1234567'): the company's registration number without the VAT mark. */
export function cuiDigits(text: string): string {
  return text.trim().replace(/^RO\s?/i, '');
}

/** True when the code carries the VAT mark 'RO'. */
export function isVatCui(text: string): boolean {
  return /^RO/i.test(text.trim());
}

/** A CUI/CIF as a form or an API sends it: checked, then normalised ('ro 1234567' → 'RO1234567'). */
export const cui = z
  .string()
  .trim()
  .superRefine((value, context) => {
    const check = validateCui(value);
    if (!check.ok) context.addIssue({ code: 'custom', message: check.message });
  })
  .transform(normalizeCui);
