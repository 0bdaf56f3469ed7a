/**
 * An amount in words, in Romanian, as a receipt (chitanță) writes it under the figures: 125000 bani →
 * 'una mie două sute cincizeci lei și zero bani'. Receipts leave out the 'de' of everyday speech
 * ('douăzeci lei', not 'douăzeci de lei') and write one thousand as 'una mie'; thousands and millions agree
 * in gender ('două mii', 'douăzeci și două de mii', 'două milioane').
 */
import { BANI_PER_LEU } from './money';

const UNITS = ['zero', 'unu', 'doi', 'trei', 'patru', 'cinci', 'șase', 'șapte', 'opt', 'nouă'] as const;
const TEENS = [
  'zece',
  'unsprezece',
  'doisprezece',
  'treisprezece',
  'paisprezece',
  'cincisprezece',
  'șaisprezece',
  'șaptesprezece',
  'optsprezece',
  'nouăsprezece',
] as const;
const TENS = [
  '',
  '',
  'douăzeci',
  'treizeci',
  'patruzeci',
  'cincizeci',
  'șaizeci',
  'șaptezeci',
  'optzeci',
  'nouăzeci',
];

type Gender = 'masculine' | 'feminine';

/** 1–99 in words. Feminine changes 'unu' → 'una', 'doi' → 'două' (also in 'douăsprezece'). */
function belowHundred(n: number, gender: Gender): string {
  if (n < 10) {
    if (gender === 'feminine' && n === 1) return 'una';
    if (gender === 'feminine' && n === 2) return 'două';
    return UNITS[n] ?? '';
  }
  if (n < 20) return gender === 'feminine' && n === 12 ? 'douăsprezece' : (TEENS[n - 10] ?? '');
  const tens = TENS[Math.floor(n / 10)] ?? '';
  const unit = n % 10;
  return unit === 0 ? tens : `${tens} și ${belowHundred(unit, gender)}`;
}

/** 1–999 in words ('o sută', 'două sute', 'nouă sute nouăzeci și nouă'). */
function belowThousand(n: number, gender: Gender): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds === 1) parts.push('o sută');
  else if (hundreds > 1) parts.push(`${belowHundred(hundreds, 'feminine')} sute`);
  if (rest > 0) parts.push(belowHundred(rest, gender));
  return parts.join(' ');
}

/** 'de' joins a count to its noun when the count ends in 00 or 20–99 ('douăzeci de mii'). */
function needsDe(count: number): boolean {
  const lastTwo = count % 100;
  return lastTwo === 0 || lastTwo >= 20;
}

/** A count of a feminine/neuter group word: 'una mie' / 'două mii' / 'douăzeci de mii'. */
function group(count: number, one: string, many: string): string {
  if (count === 1) return one;
  return `${belowThousand(count, 'feminine')}${needsDe(count) ? ' de' : ''} ${many}`;
}

/** A whole number 0 … 999 999 999 in words (masculine, as lei and bani are counted). */
export function integerInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n > 999_999_999) throw new RangeError(`integerInWords: ${n}`);
  if (n === 0) return 'zero';
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor(n / 1000) % 1000;
  const rest = n % 1000;
  const parts: string[] = [];
  if (millions > 0) parts.push(group(millions, 'un milion', 'milioane'));
  if (thousands > 0) parts.push(group(thousands, 'una mie', 'mii'));
  if (rest > 0) parts.push(belowThousand(rest, 'masculine'));
  return parts.join(' ');
}

/** An amount of bani in words for a receipt: 'una mie două sute cincizeci lei și zero bani'. */
export function amountInWords(bani: number): string {
  if (!Number.isSafeInteger(bani)) throw new RangeError(`amountInWords: ${bani}`);
  const magnitude = Math.abs(bani);
  const lei = Math.floor(magnitude / BANI_PER_LEU);
  const cents = magnitude % BANI_PER_LEU;
  const leiText = lei === 1 ? 'un leu' : `${integerInWords(lei)} lei`;
  const baniText = cents === 1 ? 'un ban' : `${integerInWords(cents)} bani`;
  return `${bani < 0 ? 'minus ' : ''}${leiText} și ${baniText}`;
}
