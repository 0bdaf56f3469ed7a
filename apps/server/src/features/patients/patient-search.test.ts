import { describe, expect, it } from 'vitest';
import {
  containsPattern,
  isCountedDigits,
  isDigitRunSearch,
  isOneTrigram,
  isWordStart,
  patientSearchKey,
  planSearch,
  startsWithPattern,
} from './patient-search';

describe('planSearch', () => {
  it.each([
    { query: undefined, plan: { kind: 'all' } },
    { query: '   ', plan: { kind: 'all' } },
    { query: 'Io', plan: { kind: 'short', needle: 'io' } },
    { query: 'Ștefan', plan: { kind: 'trigram', needle: 'stefan' } },
    { query: '  Pop   Ion ', plan: { kind: 'trigram', needle: 'pop ion' } },
    { query: '0722 1', plan: { kind: 'trigram', needle: '07221' } },
    { query: '+40 (722) 1', plan: { kind: 'trigram', needle: '407221' } },
    { query: '07', plan: { kind: 'short', needle: '07' } },
  ])('reads $query', ({ query, plan }) => {
    expect(planSearch(query)).toEqual(plan);
  });
});

describe('isOneTrigram', () => {
  it.each([
    { needle: 'pop', is: true },
    { needle: '072', is: true },
    { needle: 'a1b', is: true },
    { needle: 'po', is: false },
    { needle: 'popa', is: false },
    { needle: 'u p', is: false },
    { needle: 'u-p', is: false },
    { needle: "d'a", is: false },
    { needle: 'ăla', is: false },
    { needle: 'ßab', is: false },
  ])('$needle: $is', ({ needle, is }) => {
    expect(isOneTrigram(needle)).toBe(is);
  });
});

describe('isWordStart', () => {
  it.each([
    { needle: 'popesc', is: true },
    { needle: 'stef', is: true },
    { needle: 'ste', is: false },
    { needle: 'pop ion', is: false },
    { needle: 'popescu-', is: false },
    { needle: '0722', is: false },
    { needle: 'ana1', is: false },
    { needle: 'pop_', is: false },
  ])('$needle: $is', ({ needle, is }) => {
    expect(isWordStart(needle)).toBe(is);
    if (is) expect(startsWithPattern(needle)).toBe(`${needle}%`);
  });
});

describe('isCountedDigits', () => {
  it.each([
    { needle: '0722', is: true },
    { needle: '07221', is: true },
    { needle: '075593', is: true },
    { needle: '072', is: false },
    { needle: '0755931', is: false },
    { needle: 'stef', is: false },
    { needle: '0722a', is: false },
    { needle: '0722 1', is: false },
  ])('$needle: $is', ({ needle, is }) => {
    expect(isCountedDigits(needle)).toBe(is);
  });
});

describe('isDigitRunSearch', () => {
  it.each([
    { needle: '075593', is: true },
    { needle: '0722123', is: true },
    { needle: '0722123456', is: true },
    { needle: '07221', is: false },
    { needle: '0722', is: false },
    { needle: 'stef', is: false },
    { needle: '0722a', is: false },
    { needle: '0722 1', is: false },
    { needle: '', is: false },
  ])('$needle: $is', ({ needle, is }) => {
    expect(isDigitRunSearch(needle)).toBe(is);
  });
});

describe('the search key and the LIKE pattern', () => {
  it('holds both name orders and the phone digits, normalised', () => {
    expect(patientSearchKey({ nume: 'Ștefănescu', prenume: 'Ana  Maria', telefon: '0722 123-456' })).toBe(
      'stefanescu ana maria|ana maria stefanescu|0722123456',
    );
  });

  it.each([
    { needle: 'pop', pattern: '%pop%' },
    { needle: '50%', pattern: '%50\\%%' },
    { needle: 'a_b', pattern: '%a\\_b%' },
    { needle: 'c\\d', pattern: '%c\\\\d%' },
  ])('escapes LIKE wildcards in $needle', ({ needle, pattern }) => {
    expect(containsPattern(needle)).toBe(pattern);
  });
});
