import { describe, expect, it } from 'vitest';
import {
  CUI_MESSAGES,
  cui,
  cuiControlDigit,
  cuiDigits,
  isValidCui,
  isVatCui,
  normalizeCui,
  validateCui,
} from './cui';

describe('validateCui', () => {
  it.each([
    ['14399840', { ok: true }],
    ['RO14399840', { ok: true }],
    ['ro 14399840', { ok: true }],
    [' RO14399840 ', { ok: true }],
    ['18547290', { ok: true }],
    ['19', { ok: true }],
    ['1234567897', { ok: true }],
    ['14399841', { ok: false, message: CUI_MESSAGES.control }],
    ['1234567', { ok: false, message: CUI_MESSAGES.control }],
    ['RO18547291', { ok: false, message: CUI_MESSAGES.control }],
    ['0123', { ok: false, message: CUI_MESSAGES.format }],
    ['1', { ok: false, message: CUI_MESSAGES.format }],
    ['12345678901', { ok: false, message: CUI_MESSAGES.format }],
    ['RO', { ok: false, message: CUI_MESSAGES.format }],
    ['14 399 840', { ok: false, message: CUI_MESSAGES.format }],
    ['DE14399840', { ok: false, message: CUI_MESSAGES.format }],
    ['', { ok: false, message: CUI_MESSAGES.format }],
  ])('%s', (value, expected) => {
    expect(validateCui(value)).toEqual(expected);
    expect(isValidCui(value)).toBe(expected.ok);
  });
});

describe('cuiControlDigit', () => {
  it.each([
    ['1439984', 0],
    ['1854729', 0],
    ['1', 9],
    ['123456789', 7],
  ])('%s → %i', (body, digit) => {
    expect(cuiControlDigit(body)).toBe(digit);
  });
});

describe('normalizeCui, cuiDigits, isVatCui', () => {
  it.each([
    [' ro 14399840 ', 'RO14399840', '14399840', true],
    ['RO14399840', 'RO14399840', '14399840', true],
    ['14399840', '14399840', '14399840', false],
  ])('%s', (value, normalized, digits, vat) => {
    expect(normalizeCui(value)).toBe(normalized);
    expect(cuiDigits(value)).toBe(digits);
    expect(isVatCui(value)).toBe(vat);
  });
});

describe('cui zod schema', () => {
  it('normalises a valid code', () => {
    expect(cui.parse('ro 14399840')).toBe('RO14399840');
  });

  it('rejects a wrong control digit with the Romanian message', () => {
    const result = cui.safeParse('14399841');
    expect(result.error?.issues[0]?.message).toBe(CUI_MESSAGES.control);
  });
});
