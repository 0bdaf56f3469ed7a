import { describe, expect, it } from 'vitest';
import { alphaFilter, cardExpirationFilter, digitsFilter, nameFilter, stripSpaces } from './filters';

describe('alphaFilter', () => {
  it.each([
    ['Ion', 'Ion'],
    ['Ion Popescu', 'Ion Popescu'],
    ['ăâîșț ĂÂÎȘȚ', 'ăâîșț ĂÂÎȘȚ'],
    ['şţ ŞŢ', 'şţ ŞŢ'], // cedilla forms are kept as typed: the search key folds both spellings
    ['Szabó Ödön', 'Szabó Ödön'],
    ['Ion2', 'Ion'],
    ['Popescu-Ionescu', 'PopescuIonescu'], // SPEC: letters and space only; name fields use nameFilter
    ["O'Brien", 'OBrien'],
    ['Ion.', 'Ion'],
    ['a\tb', 'a b'],
    ['a\u00a0b', 'a b'],
    ['s\u0326', 'ș'], // decomposed input is stored composed
    ['123!@#', ''],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(alphaFilter(input)).toBe(expected);
  });
});

describe('nameFilter', () => {
  it.each([
    ['Popescu-Ionescu', 'Popescu-Ionescu'],
    ['Ana Maria', 'Ana Maria'],
    ['Ștefănescu-Ţăranu', 'Ștefănescu-Ţăranu'],
    ['Ion_2', 'Ion'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(nameFilter(input)).toBe(expected);
  });
});

describe('digitsFilter', () => {
  it.each([
    ['0722123456', '0722123456'],
    ['+40 722 123 456', '+40722123456'],
    ['(0722) 123-456', '0722123456'],
    ['abc', ''],
    ['12.5', '125'],
    ['٣', ''],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(digitsFilter(input)).toBe(expected);
  });
});

describe('cardExpirationFilter', () => {
  it.each([
    ['12/27', '12/27'],
    ['12 / 27', '12/27'],
    ['12-27', '1227'],
    ['ab/cd', '/'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(cardExpirationFilter(input)).toBe(expected);
  });
});

describe('stripSpaces', () => {
  it.each([
    ['0722 123 456', '0722123456'],
    ['+40 722 123 456', '+40722123456'],
    [' 0722\t123\u00a0456 ', '0722123456'],
    ['0722-123-456', '0722-123-456'], // only spaces go; other characters are the rules' concern
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(stripSpaces(input)).toBe(expected);
  });
});
