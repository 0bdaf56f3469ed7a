import { describe, expect, it } from 'vitest';
import { controlCharacterPath, digitsOnly, normalizeSearchText } from './text';

describe('normalizeSearchText', () => {
  it.each([
    ['Ștefan', 'stefan'],
    ['Ştefan', 'stefan'], // cedilla form, as older keyboards and imported data write it
    ['ștefan', 'stefan'],
    ['Țurcanu', 'turcanu'],
    ['Ţurcanu', 'turcanu'],
    ['Mureşan Ioana', 'muresan ioana'],
    ['Brăila', 'braila'],
    ['Câmpina', 'campina'],
    ['Învățătoare', 'invatatoare'],
    ['ĂÂÎȘȚ ăâîșț', 'aaist aaist'],
    ['ŞŢ şţ', 'st st'],
    ['S\u0326tefan', 'stefan'], // already decomposed (comma below as a combining mark)
    ['Szabó Ödön', 'szabo odon'],
    ['  Popescu \t  Ion\n', 'popescu ion'],
    ['Popescu\u00a0Ion', 'popescu ion'], // a non-breaking space pasted from a document
    ['Popescu-Ionescu', 'popescu-ionescu'],
    ['İlhan', 'ilhan'],
    ['0722 123 456', '0722 123 456'],
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });

  it('is idempotent, so a stored key can be normalised again safely', () => {
    const once = normalizeSearchText('  Ștefănescu  Ţăranu ');
    expect(normalizeSearchText(once)).toBe(once);
  });

  it('makes the two spellings of a Romanian name equal', () => {
    expect(normalizeSearchText('Ţiţeica Ştefan')).toBe(normalizeSearchText('Țițeica Ștefan'));
  });
});

describe('digitsOnly', () => {
  it.each([
    ['0722 123 456', '0722123456'],
    ['+40 (722) 123-456', '40722123456'],
    ['0722.123.456', '0722123456'],
    ['abc', ''],
    ['', ''],
    ['٠١٢', ''], // Arabic-Indic digits are not phone digits here
    ['12\u00a034', '1234'],
  ])('%j → %j', (input, expected) => {
    expect(digitsOnly(input)).toBe(expected);
  });
});

describe('controlCharacterPath', () => {
  it.each([
    ['Popescu Ion', null],
    ['două rânduri\nși un tab\t, Windows\r\n', null],
    ['Ion\u0000', '_'],
    [{ nume: 'Ion', prenume: 'Ana\u001b[31m' }, 'prenume'],
    [{ pacient: { adresa: { strada: 'Str. Mare\u0007' } } }, 'pacient.adresa.strada'],
    [{ items: [{ note: 'ok' }, { note: 'rău\u007f' }] }, 'items.1.note'],
    [{ 'cheie\u0000': 'valoare' }, '_'],
    [{ numere: [1, 2, 3], gol: null, da: true }, null],
    [42, null],
    [undefined, null],
  ])('%j → %j', (value, path) => {
    expect(controlCharacterPath(value)).toBe(path);
  });
});
