import { describe, expect, it } from 'vitest';
import { amountInWords, integerInWords } from './amount-words';

describe('integerInWords', () => {
  it.each<[number, string]>([
    [0, 'zero'],
    [1, 'unu'],
    [2, 'doi'],
    [10, 'zece'],
    [11, 'unsprezece'],
    [12, 'doisprezece'],
    [14, 'paisprezece'],
    [16, 'șaisprezece'],
    [19, 'nouăsprezece'],
    [20, 'douăzeci'],
    [21, 'douăzeci și unu'],
    [22, 'douăzeci și doi'],
    [60, 'șaizeci'],
    [99, 'nouăzeci și nouă'],
    [100, 'o sută'],
    [101, 'o sută unu'],
    [200, 'două sute'],
    [250, 'două sute cincizeci'],
    [999, 'nouă sute nouăzeci și nouă'],
    [1000, 'una mie'],
    [1001, 'una mie unu'],
    [1250, 'una mie două sute cincizeci'],
    [2000, 'două mii'],
    [12_000, 'douăsprezece mii'],
    [19_500, 'nouăsprezece mii cinci sute'],
    [20_000, 'douăzeci de mii'],
    [21_000, 'douăzeci și una de mii'],
    [22_345, 'douăzeci și două de mii trei sute patruzeci și cinci'],
    [100_000, 'o sută de mii'],
    [101_000, 'o sută una mii'],
    [200_002, 'două sute de mii doi'],
    [1_000_000, 'un milion'],
    [2_000_000, 'două milioane'],
    [10_000_000, 'zece milioane'],
    [21_000_000, 'douăzeci și una de milioane'],
    [1_001_001, 'un milion una mie unu'],
  ])('%i → %s', (n, words) => {
    expect(integerInWords(n)).toBe(words);
  });

  it.each([-1, 1.5, 1_000_000_000])('refuses %d', (n) => {
    expect(() => integerInWords(n)).toThrow(RangeError);
  });
});

describe('amountInWords', () => {
  it.each<[number, string]>([
    [125_000, 'una mie două sute cincizeci lei și zero bani'],
    [0, 'zero lei și zero bani'],
    [1, 'zero lei și un ban'],
    [50, 'zero lei și cincizeci bani'],
    [100, 'un leu și zero bani'],
    [101, 'un leu și un ban'],
    [201, 'doi lei și un ban'],
    [2199, 'douăzeci și unu lei și nouăzeci și nouă bani'],
    [10_000, 'o sută lei și zero bani'],
    [25_075, 'două sute cincizeci lei și șaptezeci și cinci bani'],
    [1_000_000_000, 'zece milioane lei și zero bani'],
    [-10_000, 'minus o sută lei și zero bani'],
  ])('%i bani → %s', (bani, words) => {
    expect(amountInWords(bani)).toBe(words);
  });

  it('refuses a fraction of a ban', () => {
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});
