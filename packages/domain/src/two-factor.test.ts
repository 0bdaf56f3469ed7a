import { describe, expect, it } from 'vitest';
import {
  formatRecoveryCode,
  isTwoFactorRequired,
  normaliseRequiredRoles,
  readSecondStepCode,
  type SecondStepCode,
} from './two-factor';

describe('readSecondStepCode', () => {
  const cases: [string, SecondStepCode | null][] = [
    ['123456', { kind: 'totp', code: '123456' }],
    ['123 456', { kind: 'totp', code: '123456' }],
    [' 000001 ', { kind: 'totp', code: '000001' }],
    ['12345', null],
    ['1234567', null],
    ['12a456', null],
    ['abcd-efgh-ijkl-mnop', { kind: 'recovery', code: 'abcdefghijklmnop' }],
    ['ABCD EFGH IJKL MNOP', { kind: 'recovery', code: 'abcdefghijklmnop' }],
    ['abcd2345ijkl7mno', { kind: 'recovery', code: 'abcd2345ijkl7mno' }],
    ['abcd-efgh-ijkl-mno', null], // 15 letters
    ['abcd-efgh-ijkl-mno1', null], // 1 is not base32
    ['abcd-efgh-ijkl-mn0p', null], // 0 is not base32
    ['', null],
    ['--', null],
  ];
  it.each(cases)('%j → %j', (input, expected) => {
    expect(readSecondStepCode(input)).toEqual(expected);
  });
});

describe('formatRecoveryCode', () => {
  it.each([
    ['abcdefghijklmnop', 'abcd-efgh-ijkl-mnop'],
    ['abcd', 'abcd'],
    ['', ''],
  ])('%j → %j', (code, shown) => {
    expect(formatRecoveryCode(code)).toBe(shown);
    expect(readSecondStepCode(shown)).toEqual(code.length === 16 ? { kind: 'recovery', code } : null);
  });
});

describe('isTwoFactorRequired', () => {
  const cases: [string[], string[], boolean][] = [
    [['medic'], [], false],
    [['medic'], ['medic'], true],
    [['medic', 'admin'], ['admin'], true],
    [['asistent'], ['medic', 'admin'], false],
    [[], ['medic'], false],
    [['sterilizare'], ['sterilizare'], true],
  ];
  it.each(cases)('roles %j, required for %j → %s', (roles, required, expected) => {
    expect(isTwoFactorRequired(roles, required)).toBe(expected);
  });
});

describe('normaliseRequiredRoles', () => {
  it.each([
    [
      ['medic', 'admin', 'medic'],
      ['admin', 'medic'],
    ],
    [['nimeni', 'asistent'], ['asistent']],
    [[], []],
  ])('%j → %j', (input, expected) => {
    expect(normaliseRequiredRoles(input)).toEqual(expected);
  });
});
