import { digitsOnly, normalizeSearchText } from '@odonto/domain/text';

/**
 * Pure helpers of the patient search (DESIGN.md §2): the key the index holds and how a query is read.
 * Both sides go through normalizeSearchText, so "stefan" meets "Ștefan" and "Ştefan" alike.
 */

// A character no name or phone holds, so a query cannot match across two parts of the key.
const KEY_SEPARATOR = '|';
// What people type for a phone number: digits with spaces, dots, dashes, brackets or a leading plus.
const PHONE_LIKE = /^[\d\s+()./-]+$/;
/** The trigram index needs three characters; shorter queries take the LIKE fallback. */
export const TRIGRAM_LENGTH = 3;

/** The normalised search key of a patient: "nume prenume|prenume nume|phone digits". */
export function patientSearchKey(patient: { nume: string; prenume: string; telefon: string }): string {
  const nume = normalizeSearchText(patient.nume);
  const prenume = normalizeSearchText(patient.prenume);
  return [`${nume} ${prenume}`, `${prenume} ${nume}`, digitsOnly(patient.telefon)].join(KEY_SEPARATOR);
}

/** How the list restricts patients by the search box: not at all, by a short LIKE, or through the index. */
export type SearchPlan =
  { kind: 'all' } | { kind: 'short'; needle: string } | { kind: 'trigram'; needle: string };

/** Reads the search box: a phone-like query ('0722 123') is searched as its digits, anything else as text. */
export function planSearch(query: string | undefined): SearchPlan {
  const text = query ?? '';
  const needle = PHONE_LIKE.test(text) && /\d/.test(text) ? digitsOnly(text) : normalizeSearchText(text);
  if (needle === '') return { kind: 'all' };
  return [...needle].length >= TRIGRAM_LENGTH ? { kind: 'trigram', needle } : { kind: 'short', needle };
}

/**
 * A needle of three ASCII letters or digits: one trigram of pg_trgm, which a key holds as a substring
 * exactly when its trigrams include it (PostgreSQL counts such a search per trigram, migration 0033).
 */
export function isOneTrigram(needle: string): boolean {
  return /^[a-z0-9]{3}$/.test(needle);
}

/**
 * A needle of four or more ASCII letters: it may start a word of the search keys (PostgreSQL tells from the
 * counts per word whether such a search finds more patients than the list counts, migration 0034).
 */
export function isWordStart(needle: string): boolean {
  return /^[a-z]{4,}$/.test(needle);
}

/**
 * A needle of four to six digits, a phone fragment: it lies inside one run of a key's digits, and such a
 * search is counted from the counts per run of digits (migration 0035).
 */
export function isCountedDigits(needle: string): boolean {
  return /^[0-9]{4,6}$/.test(needle);
}

/** The length of the runs of digits that PostgreSQL keeps per key with the key's file number (migration 0036). */
export const DIGIT_RUN_LENGTH = 6;

/**
 * A needle of six or more digits, a phone fragment or a whole phone: every key that holds it holds each of
 * its runs of six digits, so PostgreSQL walks the keys of its rarest run, newest first (migration 0036).
 */
export function isDigitRunSearch(needle: string): boolean {
  return /^[0-9]+$/.test(needle) && needle.length >= DIGIT_RUN_LENGTH;
}

/** A needle of letters only as a LIKE pattern for "starts with" (letters need no escaping). */
export function startsWithPattern(needle: string): string {
  return `${needle}%`;
}

/** The needle as a LIKE pattern for "contains", with `\` escaping LIKE's own wildcards. */
export function containsPattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The needle as one FTS5 phrase: with the trigram tokenizer a phrase matches as a substring. */
export function ftsPhrase(needle: string): string {
  return `"${needle.replaceAll('"', '""')}"`;
}

/** The normalised form of an equality filter value (judet, oras, tara, medic), or undefined when empty. */
export function filterValue(value: string | undefined): string | undefined {
  const normalised = normalizeSearchText(value ?? '');
  return normalised === '' ? undefined : normalised;
}
