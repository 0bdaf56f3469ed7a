import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  alpha,
  combineRules,
  confirmed,
  email,
  eqOrGt,
  eqOrGtMinutes,
  gt,
  isEmptyValue,
  lt,
  min,
  password,
  required,
  RULE_MESSAGES,
  toNumber,
  zodRefinement,
  type MinutesParams,
} from './rules';

const REQUIRED = 'Câmpul este obligatoriu.';
const BAD_EMAIL = 'Adresa de email nu este validă.';

describe('required', () => {
  it.each([
    ['undefined', undefined, REQUIRED],
    ['null', null, REQUIRED],
    ['empty text', '', REQUIRED],
    ['only spaces', '   ', REQUIRED],
    ['tabs and newlines', '\t\n', REQUIRED],
    ['empty list', [], REQUIRED],
    ['NaN (a cleared number input)', Number.NaN, REQUIRED],
    ['an unticked checkbox', false, REQUIRED],
    ['text', 'Ion', true],
    ['text with spaces around', ' a ', true],
    ['zero', 0, true],
    ['a list with an item', ['x'], true],
    ['a ticked checkbox', true, true],
    ['a date', new Date(0), true],
    ['an object', {}, true],
  ])('%s → %j', (_name, value, expected) => {
    expect(required(value)).toBe(expected);
  });
});

describe('email', () => {
  it.each([
    ['ion.popescu@clinica.ro', true],
    ['Ion.Popescu@Clinica.RO', true],
    ['ion+programari@clinica.ro', true],
    ['  ion@clinica.ro  ', true], // the server trims, so the form must not refuse it
    ['ion@sub.clinica.ro', true],
    ['', true], // empty: only `required` complains
    [null, true],
    [undefined, true],
    ['ion', BAD_EMAIL],
    ['ion@', BAD_EMAIL],
    ['@clinica.ro', BAD_EMAIL],
    ['ion@clinica', BAD_EMAIL],
    ['ion@clinica.r', BAD_EMAIL],
    ['ion popescu@clinica.ro', BAD_EMAIL],
    ['ion@@clinica.ro', BAD_EMAIL],
    ['ion..popescu@clinica.ro', BAD_EMAIL],
    ['ștefan@clinica.ro', BAD_EMAIL],
    [`${'a'.repeat(245)}@clinica.ro`, BAD_EMAIL], // 256 characters, beyond what SMTP carries
  ])('%j → %j', (value, expected) => {
    expect(email(value)).toBe(expected);
  });
});

describe('alpha', () => {
  const fail = RULE_MESSAGES.alpha('Nume');
  it.each([
    ['Ion', true],
    ['Ana Maria', true],
    ['Popescu-Ionescu', true],
    ['Ștefănescu', true],
    ['ĂÂÎȘȚ ăâîșț', true],
    ['Ţăranu Ştefan', true], // cedilla forms
    ['S\u0326tefan', true], // decomposed comma below
    ['Szabó Ödön', true],
    [' Ion ', true], // surrounding spaces are trimmed
    ['', true],
    [null, true],
    ['Ion2', fail],
    ['Ion.', fail],
    ["O'Brien", fail],
    ['-Ion', fail],
    ['Ion-', fail],
    ['-', fail],
    ['Ion_Popescu', fail],
  ])('%j → %j', (value, expected) => {
    expect(alpha(value, 'Nume')).toBe(expected);
  });

  it('names the field in Romanian', () => {
    expect(alpha('1', 'Prenume')).toBe('Câmpul Prenume poate conține doar litere, spații și cratimă.');
  });
});

describe('min', () => {
  it.each([
    ['abc', 3, true],
    ['abcd', 3, true],
    ['ab', 3, 'Câmpul Nume trebuie să aibă cel puțin 3 caractere.'],
    ['ăîș', 3, true], // diacritics count as one character each
    ['😀😀', 3, 'Câmpul Nume trebuie să aibă cel puțin 3 caractere.'], // code points, not UTF-16 units
    ['a', 1, true],
    ['', 3, true],
    ['   ', 3, true], // blank counts as empty: `required` reports it
    [undefined, 3, true],
  ] as const)('%j with %d → %j', (value, length, expected) => {
    expect(min(value, length, 'Nume')).toBe(expected);
  });
});

describe('confirmed', () => {
  it.each([
    ['parola1234', 'parola1234', true],
    ['parola1234', 'Parola1234', 'Parolele nu coincid'],
    ['', 'parola1234', 'Parolele nu coincid'],
    ['parola1234', '', 'Parolele nu coincid'],
    ['', '', true],
    [undefined, undefined, true],
    ['parola1234 ', 'parola1234', 'Parolele nu coincid'],
  ])('%j vs %j → %j', (value, other, expected) => {
    expect(confirmed(value, other)).toBe(expected);
  });
});

describe('password', () => {
  it.each([
    ['ten chars!', 'ion@clinica.ro', true],
    ['o parolă lungă și bună', 'ion@clinica.ro', true],
    ['short', 'ion@clinica.ro', 'Parola trebuie să aibă cel puțin 10 caractere.'],
    ['123456789', 'ion@clinica.ro', 'Parola trebuie să aibă cel puțin 10 caractere.'],
    ['ion@clinica.ro', 'ion@clinica.ro', 'Parola nu poate fi aceeași cu adresa de email.'],
    ['ION@Clinica.ro', 'ion@clinica.ro', 'Parola nu poate fi aceeași cu adresa de email.'],
    ['parola1234', null, true], // no email known yet: only the length counts
    ['', 'ion@clinica.ro', true], // empty: only `required` complains
  ])('%j for %j → %j', (value, accountEmail, expected) => {
    expect(password(value, accountEmail)).toBe(expected);
  });
});

describe('eqOrGt', () => {
  const fail = (n: number) => `Câmpul Ora trebuie să fie cel puțin ${n}.`;
  it.each([
    [5, 5, true],
    [6, 5, true],
    [4, 5, fail(5)],
    ['10', 9, true],
    ['09', 10, fail(10)],
    [' 10 ', '9', true], // form values are text
    ['2,5', 2.5, true], // Romanian decimal comma
    [-1, 0, fail(0)],
    ['abc', 5, fail(5)],
    ['0x10', 5, fail(5)],
    ['1e3', 5, fail(5)],
    ['', 5, true],
    [null, 5, true],
    [Number.NaN, 5, true],
    [3, undefined, true], // nothing chosen yet to compare with
    [3, '', true],
  ] as const)('%j ≥ %j → %j', (value, minimum, expected) => {
    expect(eqOrGt(value, minimum, 'Ora')).toBe(expected);
  });
});

describe('eqOrGtMinutes (end minutes of an appointment)', () => {
  const fail = (n: number) => `Câmpul Minute trebuie să fie cel puțin ${n}.`;
  // [end minutes, [start hour, start minutes, end hour], expected]
  it.each<[number | string | null, MinutesParams, true | string]>([
    [30, [10, 15, 10], true],
    [15, [10, 15, 10], true], // equal passes, as the rule's name says
    [0, [10, 15, 10], fail(15)],
    [0, [10, 15, 11], true], // a later end hour: any minutes
    [59, [10, 15, 11], true],
    [0, [10, 45, 9], true], // the hours rule (eqOrGt) reports an earlier end hour, not this one
    ['00', ['09', '30', '9'], fail(30)], // select values as text
    ['45', ['09', '30', '09'], true],
    [null, [10, 15, 10], true], // minutes not chosen yet
    [0, [null, 15, 10], true], // start hour not chosen yet
    [0, [10, 15, undefined], true], // end hour not chosen yet
    [0, [10, null, 10], true], // start minutes not chosen yet
  ])('%j with %j → %j', (value, params, expected) => {
    expect(eqOrGtMinutes(value, params, 'Minute')).toBe(expected);
  });
});

describe('gt and lt', () => {
  it.each([
    [6, 5, true],
    [5, 5, 'Câmpul Vârsta trebuie să fie mai mare decât 5.'],
    ['abc', 5, 'Câmpul Vârsta trebuie să fie mai mare decât 5.'],
    ['', 5, true],
  ] as const)('gt %j > %j → %j', (value, limit, expected) => {
    expect(gt(value, limit, 'Vârsta')).toBe(expected);
  });

  it.each([
    [4, 5, true],
    [5, 5, 'Câmpul Vârsta trebuie să fie mai mic decât 5.'], // SPEC's spelling
    ['120', 121, true],
    [121, '120', 'Câmpul Vârsta trebuie să fie mai mic decât 120.'],
    ['abc', 5, 'Câmpul Vârsta trebuie să fie mai mic decât 5.'],
    [undefined, 5, true],
  ] as const)('lt %j < %j → %j', (value, limit, expected) => {
    expect(lt(value, limit, 'Vârsta')).toBe(expected);
  });
});

describe('isEmptyValue and toNumber', () => {
  it.each([
    [undefined, true],
    [null, true],
    ['', true],
    [' ', true],
    [[], true],
    [Number.NaN, true],
    [0, false],
    [false, false],
    ['0', false],
  ])('isEmptyValue(%j) → %j', (value, expected) => {
    expect(isEmptyValue(value)).toBe(expected);
  });

  it.each([
    [7, 7],
    ['7', 7],
    [' 07 ', 7],
    ['-3', -3],
    ['2.5', 2.5],
    ['2,5', 2.5],
    ['', Number.NaN],
    ['abc', Number.NaN],
    ['Infinity', Number.NaN],
    ['1,2,3', Number.NaN],
  ])('toNumber(%j) → %j', (value, expected) => {
    expect(toNumber(value)).toBe(expected);
  });
});

describe('combineRules', () => {
  const nume = combineRules<string | undefined>(
    required,
    (v) => alpha(v, 'Nume'),
    (v) => min(v, 2, 'Nume'),
  );
  it.each([
    [undefined, REQUIRED],
    ['', REQUIRED],
    ['I2', RULE_MESSAGES.alpha('Nume')], // the first failure wins
    ['I', 'Câmpul Nume trebuie să aibă cel puțin 2 caractere.'],
    ['Ion', true],
  ])('%j → %j', (value, expected) => {
    expect(nume(value)).toBe(expected);
  });
});

describe('zodRefinement', () => {
  const schema = z
    .object({
      nume: z.string().superRefine(zodRefinement(combineRules(required, (v: string) => alpha(v, 'Nume')))),
      deLa: z.object({ ora: z.number(), minute: z.number() }),
      panaLa: z.object({ ora: z.number(), minute: z.number() }),
    })
    .superRefine(zodRefinement((v) => eqOrGt(v.panaLa.ora, v.deLa.ora, 'Ora'), ['panaLa', 'ora']))
    .superRefine(
      zodRefinement(
        (v) => eqOrGtMinutes(v.panaLa.minute, [v.deLa.ora, v.deLa.minute, v.panaLa.ora], 'Minute'),
        ['panaLa', 'minute'],
      ),
    );

  const issues = (value: unknown) =>
    (schema.safeParse(value).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

  it.each([
    [
      'a valid appointment',
      { nume: 'Ion', deLa: { ora: 10, minute: 30 }, panaLa: { ora: 11, minute: 0 } },
      [],
    ],
    [
      'end minutes before start minutes in the same hour',
      { nume: 'Ion', deLa: { ora: 10, minute: 30 }, panaLa: { ora: 10, minute: 15 } },
      [['panaLa.minute', 'Câmpul Minute trebuie să fie cel puțin 30.']],
    ],
    [
      'an end hour before the start hour',
      { nume: 'Ion', deLa: { ora: 10, minute: 30 }, panaLa: { ora: 9, minute: 45 } },
      [['panaLa.ora', 'Câmpul Ora trebuie să fie cel puțin 10.']],
    ],
    [
      'an empty name',
      { nume: ' ', deLa: { ora: 10, minute: 0 }, panaLa: { ora: 10, minute: 0 } },
      [['nume', REQUIRED]],
    ],
  ])('%s', (_name, value, expected) => {
    expect(issues(value)).toEqual(expected);
  });
});
