/**
 * The global validation rules of SPEC.md §5, written once for the server (zod refinements) and the
 * browser (react-hook-form `validate`). A rule returns `true` when the value passes and otherwise the
 * message to show, which is exactly react-hook-form's contract; `zodRefinement` adapts it to zod.
 *
 * As in the form library the original product used, an empty value (undefined, null, NaN, '', only
 * whitespace, []) passes every rule except `required` and `confirmed`, so an optional field stays
 * optional: combine a rule with `required` when the field must be filled in.
 *
 * Every message is Romanian. SPEC.md quotes its old framework's English defaults ('This field is
 * required!', 'The {field} field must be less then N'); the product says the same in Romanian
 * (docs/decisions/0029).
 */
import { z } from 'zod';
import { passwordProblem } from './contracts/auth';
import { MESSAGES } from './messages';

/** `true` when the value passes, otherwise the message to show. */
export type RuleResult = true | string;
/** One field's check, e.g. `(value) => min(value, 2, 'Nume')`; fits react-hook-form's `validate`. */
export type Validator<T> = (value: T) => RuleResult;
/** A number as a form holds it: a number, or the text of a number ('09', '2,5'). */
export type NumberLike = number | string;
type Optional<T> = T | null | undefined;

/** The rule messages; those with parameters take the field's display name first. */
export const RULE_MESSAGES = {
  required: 'Câmpul este obligatoriu.',
  email: 'Adresa de email nu este validă.',
  alpha: (field: string) => `Câmpul ${field} poate conține doar litere, spații și cratimă.`,
  min: (field: string, length: number) => `Câmpul ${field} trebuie să aibă cel puțin ${length} caractere.`,
  confirmed: MESSAGES.passwordsDiffer,
  eqOrGt: (field: string, min: number) => `Câmpul ${field} trebuie să fie cel puțin ${min}.`,
  gt: (field: string, limit: number) => `Câmpul ${field} trebuie să fie mai mare decât ${limit}.`,
  lt: (field: string, limit: number) => `Câmpul ${field} trebuie să fie mai mic decât ${limit}.`,
} as const;

// Same pattern as the zod `email` contract of contracts/auth.ts, so the form never accepts an address the
// server then rejects; 254 is the longest address SMTP can carry.
const EMAIL_PATTERN = z.regexes.email;
const EMAIL_MAX_LENGTH = 254;
// Words of letters (any script, Romanian ăâîșț and şţ included) joined by spaces or hyphens: the hyphen is
// accepted, unlike SPEC's alpha keystroke filter, because double names such as 'Popescu-Ionescu' are
// common and must be storable.
const ALPHA_PATTERN = /^\p{L}\p{M}*(?:[ -]*\p{L}\p{M}*)*$/u;
// A plain decimal number; a comma is accepted as the Romanian decimal separator. Number() alone would also
// take '0x1A', '1e3' or 'Infinity'.
const NUMBER_PATTERN = /^[+-]?\d+(?:[.,]\d+)?$/;

/** True for the values a form leaves in an unfilled field: undefined, null, NaN, blank text, []. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'number') return Number.isNaN(value);
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** The number a form value holds, or NaN when it holds none. */
export function toNumber(value: NumberLike): number {
  if (typeof value === 'number') return value;
  const text = value.trim();
  return NUMBER_PATTERN.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
}

/** required: fails for an empty value (see isEmptyValue) and for an unticked checkbox (false). */
export function required(value: unknown): RuleResult {
  return isEmptyValue(value) || value === false ? RULE_MESSAGES.required : true;
}

/** email: a plausible address (surrounding spaces ignored, as the server trims them). */
export function email(value: Optional<string>): RuleResult {
  if (isEmptyValue(value)) return true;
  const address = (value ?? '').trim();
  return address.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(address) ? true : RULE_MESSAGES.email;
}

/** alpha: letters (Romanian diacritics included) in words separated by spaces or hyphens. */
export function alpha(value: Optional<string>, field: string): RuleResult {
  if (isEmptyValue(value)) return true;
  return ALPHA_PATTERN.test((value ?? '').normalize('NFC').trim()) ? true : RULE_MESSAGES.alpha(field);
}

/** min: the text has at least `length` characters (counted as Unicode code points). */
export function min(value: Optional<string>, length: number, field: string): RuleResult {
  if (isEmptyValue(value)) return true;
  return Array.from(value ?? '').length >= length ? true : RULE_MESSAGES.min(field, length);
}

/**
 * confirmed: the value equals the one it confirms ('Parolele nu coincid'). Unlike the other rules an
 * empty value is compared too, so an empty confirmation never passes against a typed password.
 */
export function confirmed(value: unknown, other: unknown): RuleResult {
  return value === other ? true : RULE_MESSAGES.confirmed;
}

/** password: at least 10 characters and not the account's email (the rule of contracts/auth.ts). */
export function password(value: Optional<string>, accountEmail: Optional<string>): RuleResult {
  if (isEmptyValue(value)) return true;
  return passwordProblem(value ?? '', accountEmail ?? '') ?? true;
}

// Shared by the numeric rules: an empty value or an empty bound passes (nothing to compare yet, e.g. the
// start hour is not chosen); a value that is not a number fails.
function compare(
  value: Optional<NumberLike>,
  bound: Optional<NumberLike>,
  passes: (value: number, bound: number) => boolean,
  message: (bound: number) => string,
): RuleResult {
  if (isEmptyValue(value) || isEmptyValue(bound)) return true;
  const limit = toNumber(bound ?? Number.NaN);
  if (Number.isNaN(limit)) return true;
  const number = toNumber(value ?? Number.NaN);
  return !Number.isNaN(number) && passes(number, limit) ? true : message(limit);
}

/** eqOrGt: the value is a number at least `minimum`. */
export function eqOrGt(
  value: Optional<NumberLike>,
  minimum: Optional<NumberLike>,
  field: string,
): RuleResult {
  return compare(
    value,
    minimum,
    (n, limit) => n >= limit,
    (limit) => RULE_MESSAGES.eqOrGt(field, limit),
  );
}

/** SPEC.md's parameters of eqOrGtMinutes, in its order: the start hour, the start minutes, the end hour. */
export type MinutesParams = readonly [
  startHour: Optional<NumberLike>,
  startMinutes: Optional<NumberLike>,
  endHour: Optional<NumberLike>,
];

/**
 * eqOrGtMinutes, for the appointment's end minutes: SPEC.md "passes unless the third parameter equals the
 * first, then the value must be at least the second" — when the end hour equals the start hour, the end
 * minutes must be at least the start minutes. The hours themselves are checked with
 * `eqOrGt(endHour, startHour, …)`.
 */
export function eqOrGtMinutes(value: Optional<NumberLike>, params: MinutesParams, field: string): RuleResult {
  const [startHour, startMinutes, endHour] = params;
  if (isEmptyValue(startHour) || isEmptyValue(endHour)) return true;
  if (toNumber(startHour ?? Number.NaN) !== toNumber(endHour ?? Number.NaN)) return true;
  return eqOrGt(value, startMinutes, field);
}

/** gt: the value is a number greater than `limit`. */
export function gt(value: Optional<NumberLike>, limit: Optional<NumberLike>, field: string): RuleResult {
  return compare(
    value,
    limit,
    (n, bound) => n > bound,
    (bound) => RULE_MESSAGES.gt(field, bound),
  );
}

/** lt: the value is a number less than `limit`. */
export function lt(value: Optional<NumberLike>, limit: Optional<NumberLike>, field: string): RuleResult {
  return compare(
    value,
    limit,
    (n, bound) => n < bound,
    (bound) => RULE_MESSAGES.lt(field, bound),
  );
}

/** Runs the validators in order and answers the first failure, e.g. `combineRules(required, …)`. */
export function combineRules<T>(...validators: readonly Validator<T>[]): Validator<T> {
  return (value) => {
    for (const validate of validators) {
      const result = validate(value);
      if (result !== true) return result;
    }
    return true;
  };
}

/**
 * A zod `superRefine` callback that reports the validator's message as an issue, at `path` when given
 * (for a rule over several fields, checked on the object): `z.string().superRefine(zodRefinement(…))`.
 */
export function zodRefinement<T>(
  validate: Validator<T>,
  path?: readonly PropertyKey[],
): (value: T, ctx: z.core.$RefinementCtx<T>) => void {
  return (value, ctx) => {
    const result = validate(value);
    if (result === true) return;
    ctx.addIssue(
      path ? { code: 'custom', message: result, path: [...path] } : { code: 'custom', message: result },
    );
  };
}
