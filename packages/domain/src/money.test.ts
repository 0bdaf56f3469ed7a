import { describe, expect, it } from 'vitest';
import {
  allocateProportionally,
  amountBani,
  formatAmount,
  formatDecimalAmount,
  formatLei,
  formatPercent,
  parseAmount,
  parsePercent,
  percentOf,
  roundDiv,
} from './money';

describe('roundDiv: halves away from zero', () => {
  it.each([
    [10, 4, 3],
    [9, 4, 2],
    [11, 4, 3],
    [-10, 4, -3],
    [-9, 4, -2],
    [0, 7, 0],
    [1, 3, 0],
    [2, 3, 1],
    [150, 100, 2],
    [149, 100, 1],
  ])('%i / %i = %i', (numerator, denominator, expected) => {
    expect(roundDiv(numerator, denominator)).toBe(expected);
  });

  it('refuses a zero or fractional denominator', () => {
    expect(() => roundDiv(1, 0)).toThrow(RangeError);
    expect(() => roundDiv(1, 1.5)).toThrow(RangeError);
  });
});

describe('percentOf', () => {
  it.each([
    [125_000, 1000, 12_500],
    [333, 1000, 33],
    [335, 1000, 34],
    [99_999, 2100, 21_000],
    [10_000, 1250, 1250],
    [1, 5000, 1],
    [0, 2100, 0],
  ])('%i bani × %i bp = %i', (amount, bp, expected) => {
    expect(percentOf(amount, bp)).toBe(expected);
  });
});

describe('allocateProportionally: parts add up exactly', () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [101, [1, 1, 1], [34, 34, 33]],
    [1000, [50_000, 30_000, 20_000], [500, 300, 200]],
    [7, [3, 3], [4, 3]],
    [-7, [3, 3], [-4, -3]],
    [0, [1, 2], [0, 0]],
    [5, [0, 0], [0, 0]],
    [10, [0, 5], [0, 10]],
  ])('%i over %j → %j', (total, weights, expected) => {
    const parts = allocateProportionally(total, weights);
    expect(parts).toEqual(expected);
    if (weights.some((weight) => weight > 0)) expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
  });
});

describe('formatting', () => {
  it.each([
    [125_000, '1.250,00 lei'],
    [0, '0,00 lei'],
    [5, '0,05 lei'],
    [123_456_789, '1.234.567,89 lei'],
    [-2050, '-20,50 lei'],
  ])('formatLei(%i) = %s', (bani, text) => {
    expect(formatLei(bani)).toBe(text);
  });

  it.each([
    [125_000, '1250.00'],
    [5, '0.05'],
    [-2050, '-20.50'],
  ])('formatDecimalAmount(%i) = %s', (bani, text) => {
    expect(formatDecimalAmount(bani)).toBe(text);
  });

  it('formatAmount has no currency', () => {
    expect(formatAmount(100_000)).toBe('1.000,00');
  });

  it.each([
    [2100, '21%'],
    [1250, '12,5%'],
    [1205, '12,05%'],
    [0, '0%'],
  ])('formatPercent(%i) = %s', (bp, text) => {
    expect(formatPercent(bp)).toBe(text);
  });
});

describe('parseAmount', () => {
  it.each([
    ['1.250,00', 125_000],
    ['1250,5', 125_050],
    ['1250', 125_000],
    ['1 250,00 lei', 125_000],
    ['1250.00', 125_000],
    ['0,05', 5],
    ['-20,50', -2050],
    ['1.234.567,89', 123_456_789],
  ])('%s → %i bani', (text, bani) => {
    expect(parseAmount(text)).toBe(bani);
  });

  it.each(['', 'abc', '1,234', '12,345', '1.25.0', '99999999999', '1e5'])('%s is not an amount', (text) => {
    expect(parseAmount(text)).toBeNull();
  });
});

describe('parsePercent', () => {
  it.each([
    ['21', 2100],
    ['21%', 2100],
    ['12,5', 1250],
    ['12.5 %', 1250],
    ['100', 10_000],
    ['0', 0],
  ])('%s → %i bp', (text, bp) => {
    expect(parsePercent(text)).toBe(bp);
  });

  it.each(['101', '-5', 'x', '1,234'])('%s is not a percentage', (text) => {
    expect(parsePercent(text)).toBeNull();
  });
});

describe('amountBani contract', () => {
  it('takes whole non-negative bani only', () => {
    expect(amountBani.safeParse(125_000).success).toBe(true);
    expect(amountBani.safeParse(12.5).success).toBe(false);
    expect(amountBani.safeParse(-1).success).toBe(false);
  });
});
