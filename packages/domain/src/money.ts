/**
 * Money (issues 12 and 13; decision 0018). Every amount is an integer number of bani (1 leu = 100 bani),
 * end to end: stored, computed, sent and received as integers. Percentages are integer basis points
 * (1 % = 100 bp), so 21 % VAT is 2100 and a 12,5 % discount is 1250. Nothing here uses floating-point
 * arithmetic on amounts except the final, exact division inside `roundDiv`.
 */
import { z } from 'zod';

/** 1 leu in bani. */
export const BANI_PER_LEU = 100;
/** 100 % in basis points. */
export const FULL_PERCENT_BP = 10_000;
/** The largest amount the product accepts anywhere (10 million lei), far below Number.MAX_SAFE_INTEGER. */
export const MAX_AMOUNT_BANI = 1_000_000_000;

export const MONEY_MESSAGES = {
  notInteger: 'Suma trebuie să fie un număr întreg de bani.',
  negative: 'Suma nu poate fi negativă.',
  tooLarge: 'Suma este prea mare.',
  invalidText: 'Suma nu este validă (ex.: 1.250,00).',
  percentRange: 'Procentul trebuie să fie între 0 și 100.',
} as const;

/** A non-negative amount in bani (a price, a payment). */
export const amountBani = z
  .number(MONEY_MESSAGES.notInteger)
  .int(MONEY_MESSAGES.notInteger)
  .min(0, MONEY_MESSAGES.negative)
  .max(MAX_AMOUNT_BANI, MONEY_MESSAGES.tooLarge);

/** A signed amount in bani (a balance, a reversal). */
export const signedAmountBani = z
  .number(MONEY_MESSAGES.notInteger)
  .int(MONEY_MESSAGES.notInteger)
  .min(-MAX_AMOUNT_BANI, MONEY_MESSAGES.tooLarge)
  .max(MAX_AMOUNT_BANI, MONEY_MESSAGES.tooLarge);

/** A percentage in basis points, 0 … 10 000. */
export const percentBp = z
  .number(MONEY_MESSAGES.percentRange)
  .int(MONEY_MESSAGES.percentRange)
  .min(0, MONEY_MESSAGES.percentRange)
  .max(FULL_PERCENT_BP, MONEY_MESSAGES.percentRange);

/**
 * `numerator / denominator` rounded to the nearest integer, halves away from zero (the commercial rule
 * a Romanian accountant expects: 0,5 bani → 1 ban). Exact for every operand this product produces.
 */
export function roundDiv(numerator: number, denominator: number): number {
  if (denominator <= 0 || !Number.isInteger(denominator)) throw new RangeError('denominator');
  const sign = numerator < 0 ? -1 : 1;
  const magnitude = Math.abs(numerator);
  const quotient = Math.floor(magnitude / denominator);
  const remainder = magnitude - quotient * denominator;
  return sign * (remainder * 2 >= denominator ? quotient + 1 : quotient);
}

/** `percent` (basis points) of `amount` (bani), rounded half away from zero. */
export function percentOf(amount: number, bp: number): number {
  return roundDiv(amount * bp, FULL_PERCENT_BP);
}

/**
 * Splits `total` over `weights` in proportion, in whole bani, so the parts add up to `total` exactly
 * (largest remainder; ties go to the earlier part). Used to spread a discount over lines.
 */
export function allocateProportionally(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum === 0) return weights.map(() => 0);
  const sign = total < 0 ? -1 : 1;
  const magnitude = Math.abs(total);
  const exact = weights.map((weight) => {
    const scaled = magnitude * weight;
    const floor = Math.floor(scaled / sum);
    return { floor, remainder: scaled - floor * sum };
  });
  let left = magnitude - exact.reduce((acc, part) => acc + part.floor, 0);
  const order = exact
    .map((part, index) => ({ index, remainder: part.remainder }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  const parts = exact.map((part) => part.floor);
  for (const { index } of order) {
    if (left === 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts.map((part) => sign * part);
}

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/** '1.250,00' (ro-RO digits, no currency): the amount as a form field shows it. */
export function formatAmount(bani: number): string {
  const sign = bani < 0 ? '-' : '';
  const magnitude = Math.abs(Math.trunc(bani));
  const lei = Math.floor(magnitude / BANI_PER_LEU)
    .toString()
    .replace(THOUSANDS, '.');
  const cents = (magnitude % BANI_PER_LEU).toString().padStart(2, '0');
  return `${sign}${lei},${cents}`;
}

/** '1.250,00 lei': an amount as the screens and printed documents show it (issue 12). */
export function formatLei(bani: number): string {
  return `${formatAmount(bani)} lei`;
}

/** '1250.00': an amount as UBL/e-Factura and CSV exports for accountants write it (dot, no grouping). */
export function formatDecimalAmount(bani: number): string {
  const sign = bani < 0 ? '-' : '';
  const magnitude = Math.abs(Math.trunc(bani));
  return `${sign}${Math.floor(magnitude / BANI_PER_LEU)}.${(magnitude % BANI_PER_LEU).toString().padStart(2, '0')}`;
}

const RO_AMOUNT = /^(-?)(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/;
const DOT_AMOUNT = /^(-?)(\d+)\.(\d{1,2})$/;

/**
 * Reads an amount typed by a person or found in an imported file: '1.250,00', '1250,5', '1250', '1 250,00 lei'
 * and the accountants' '1250.00' all give bani; anything else (three decimals, letters) gives null.
 */
export function parseAmount(text: string): number | null {
  const compact = text
    .trim()
    .replace(/\s*lei$/i, '')
    .replace(/[\s\u00a0]/g, '');
  if (compact === '') return null;
  const ro = RO_AMOUNT.exec(compact);
  const dot = ro ? null : DOT_AMOUNT.exec(compact);
  const match = ro ?? dot;
  if (!match) return null;
  const lei = Number((match[2] ?? '').replace(/\./g, ''));
  const cents = Number((match[3] ?? '').padEnd(2, '0') || '0');
  const bani = lei * BANI_PER_LEU + cents;
  if (!Number.isSafeInteger(bani) || bani > MAX_AMOUNT_BANI) return null;
  return match[1] === '-' ? -bani : bani;
}

/** '21%' / '12,5%': a rate in basis points as documents show it. */
export function formatPercent(bp: number): string {
  const whole = Math.floor(bp / 100);
  const fraction = bp % 100;
  if (fraction === 0) return `${whole}%`;
  return `${whole},${fraction.toString().padStart(2, '0').replace(/0$/, '')}%`;
}

/** Reads '21', '21%', '12,5', '12.5 %' into basis points; null when not a percentage 0–100 with ≤ 2 decimals. */
export function parsePercent(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?\s*%?$/.exec(text.trim());
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0') || '0');
  return bp <= FULL_PERCENT_BP ? bp : null;
}
