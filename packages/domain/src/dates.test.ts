import { describe, expect, it } from 'vitest';
import {
  ageInYears,
  daysToMs,
  endOfDay,
  formatBreadcrumbDate,
  formatInstrumentDate,
  formatTreatmentDate,
  msToDays,
  startOfDay,
  toIsoDay,
  tomorrow,
} from './dates';

// Instants are written in UTC with their Bucharest reading beside them, so the tests mean the same on a
// machine in any time zone.
const at = (iso: string) => new Date(iso);

describe('the three display formats (ro locale, Bucharest calendar day)', () => {
  it.each<[string, Date | string | number, string, string, string]>([
    ['a calendar day', '2026-03-05', '05 Mart. 2026', '5 Mart. 2026', '05.03.2026'],
    ['a Date', at('2026-03-05T10:00:00Z'), '05 Mart. 2026', '5 Mart. 2026', '05.03.2026'],
    [
      'milliseconds (history ids are timestamps)',
      at('2026-03-05T10:00:00Z').getTime(),
      '05 Mart. 2026',
      '5 Mart. 2026',
      '05.03.2026',
    ],
    [
      '00:30 in Bucharest is already the 5th',
      '2026-03-04T22:30:00Z',
      '05 Mart. 2026',
      '5 Mart. 2026',
      '05.03.2026',
    ],
    [
      '23:30 in Bucharest is still the 4th',
      '2026-03-04T21:30:00Z',
      '04 Mart. 2026',
      '4 Mart. 2026',
      '04.03.2026',
    ],
    ['summer time: 00:30 on 1 August', '2026-07-31T21:30:00Z', '01 Aug. 2026', '1 Aug. 2026', '01.08.2026'],
    ['new year in Bucharest before UTC', '2026-12-31T22:15:00Z', '01 Ian. 2027', '1 Ian. 2027', '01.01.2027'],
    ['a two-digit day', '2026-11-23', '23 Nov. 2026', '23 Nov. 2026', '23.11.2026'],
  ])('%s', (_name, input, breadcrumb, treatment, instrument) => {
    expect(formatBreadcrumbDate(input)).toBe(breadcrumb);
    expect(formatTreatmentDate(input)).toBe(treatment);
    expect(formatInstrumentDate(input)).toBe(instrument);
  });

  // dayjs' ro abbreviations, as the Mantine date picker shows them too.
  it.each([
    ['2026-01-10', '10 Ian. 2026'],
    ['2026-02-10', '10 Febr. 2026'],
    ['2026-03-10', '10 Mart. 2026'],
    ['2026-04-10', '10 Apr. 2026'],
    ['2026-05-10', '10 Mai 2026'],
    ['2026-06-10', '10 Iun. 2026'],
    ['2026-07-10', '10 Iul. 2026'],
    ['2026-08-10', '10 Aug. 2026'],
    ['2026-09-10', '10 Sept. 2026'],
    ['2026-10-10', '10 Oct. 2026'],
    ['2026-11-10', '10 Nov. 2026'],
    ['2026-12-10', '10 Dec. 2026'],
  ])('month of %s → %s', (input, expected) => {
    expect(formatTreatmentDate(input)).toBe(expected);
  });

  it.each<[string, Date | string | number]>([
    ['an invalid Date', new Date('x')],
    ['NaN', Number.NaN],
    ['empty text', ''],
    ['a date that does not exist', '2026-02-30'],
    ['not ISO 8601', '05.03.2026'],
  ])('%s shows as an empty text', (_name, input) => {
    expect(formatBreadcrumbDate(input)).toBe('');
    expect(formatTreatmentDate(input)).toBe('');
    expect(formatInstrumentDate(input)).toBe('');
  });
});

describe('toIsoDay', () => {
  it.each<[Date | string | number, string]>([
    ['2026-03-05', '2026-03-05'],
    [at('2026-03-04T22:30:00Z'), '2026-03-05'],
    [at('2026-03-04T21:59:59.999Z'), '2026-03-04'],
    ['2026-07-15T23:59:59+03:00', '2026-07-15'],
    [0, '1970-01-01'],
  ])('%j → %s', (input, expected) => {
    expect(toIsoDay(input)).toBe(expected);
  });

  it('refuses an invalid date', () => {
    expect(() => toIsoDay('2026-02-30')).toThrow(RangeError);
  });
});

describe('daysToMs and msToDays', () => {
  it.each([
    [0, 0],
    [1, 86_400_000],
    [0.5, 43_200_000],
    [7, 604_800_000],
    [-1, -86_400_000],
  ])('%d days ↔ %d ms', (days, ms) => {
    expect(daysToMs(days)).toBe(ms);
    expect(msToDays(ms)).toBe(days);
  });

  it('keeps fractions of a day', () => {
    expect(msToDays(3_600_000)).toBeCloseTo(1 / 24, 12);
  });
});

describe('startOfDay and endOfDay (whole-day filters)', () => {
  it.each<[string, Date | string | number, string, string]>([
    ['a winter day', '2026-01-15', '2026-01-14T22:00:00.000Z', '2026-01-15T21:59:59.999Z'],
    ['a summer day', '2026-07-15', '2026-07-14T21:00:00.000Z', '2026-07-15T20:59:59.999Z'],
    [
      'the 23-hour day clocks go forward',
      '2026-03-29',
      '2026-03-28T22:00:00.000Z',
      '2026-03-29T20:59:59.999Z',
    ],
    ['the 25-hour day clocks go back', '2026-10-25', '2026-10-24T21:00:00.000Z', '2026-10-25T21:59:59.999Z'],
    [
      'an instant at 00:30 in Bucharest',
      at('2026-03-28T22:30:00Z'),
      '2026-03-28T22:00:00.000Z',
      '2026-03-29T20:59:59.999Z',
    ],
    [
      'an instant at 23:30 in Bucharest',
      at('2026-03-28T21:30:00Z'),
      '2026-03-27T22:00:00.000Z',
      '2026-03-28T21:59:59.999Z',
    ],
    ['the last day of the year', '2026-12-31', '2026-12-30T22:00:00.000Z', '2026-12-31T21:59:59.999Z'],
    [
      'an instant as milliseconds',
      at('2026-01-15T12:00:00Z').getTime(),
      '2026-01-14T22:00:00.000Z',
      '2026-01-15T21:59:59.999Z',
    ],
  ])('%s', (_name, input, start, end) => {
    expect(startOfDay(input).toISOString()).toBe(start);
    expect(endOfDay(input).toISOString()).toBe(end);
  });

  it.each<[string, Date | string | number]>([
    ['an invalid Date', new Date('x')],
    ['a date that does not exist', '2026-02-30'],
    ['not ISO 8601', '5 martie 2026'],
  ])('refuses %s', (_name, input) => {
    expect(() => startOfDay(input)).toThrow(RangeError);
    expect(() => endOfDay(input)).toThrow(RangeError);
  });
});

describe('tomorrow', () => {
  it.each<[string, Date | string | number, string]>([
    ['during the day', at('2026-03-05T10:00:00Z'), '2026-03-05T22:00:00.000Z'],
    [
      'at 00:30 in Bucharest, still 23:30 the day before in UTC',
      at('2026-03-04T22:30:00Z'),
      '2026-03-05T22:00:00.000Z',
    ],
    ['at 23:30 in Bucharest', at('2026-03-04T21:30:00Z'), '2026-03-04T22:00:00.000Z'],
    ['the eve of the spring change', at('2026-03-28T10:00:00Z'), '2026-03-28T22:00:00.000Z'],
    ['the eve of the autumn change', at('2026-10-24T10:00:00Z'), '2026-10-24T21:00:00.000Z'],
    ['on the autumn change, after it', at('2026-10-25T10:00:00Z'), '2026-10-25T22:00:00.000Z'],
    ['new year’s eve', at('2026-12-31T12:00:00Z'), '2026-12-31T22:00:00.000Z'],
    ['28 February of a leap year', '2028-02-28T12:00', '2028-02-28T22:00:00.000Z'],
  ])('%s', (_name, now, expected) => {
    expect(tomorrow(now).toISOString()).toBe(expected);
  });
});

describe('ageInYears', () => {
  it.each<[string, Date | string | number, Date | string | number, number]>([
    ['on the birthday', '1990-05-10', '2026-05-10T08:00', 36],
    ['the day before the birthday', '1990-05-10', '2026-05-09T23:59', 35],
    ['a month before the birthday', '1990-05-10', '2026-04-10', 35],
    ['born today', '2026-05-10', '2026-05-10', 0],
    ['born yesterday', '2026-05-09', '2026-05-10', 0],
    ['a leap-day birth on 28 February of a common year', '2000-02-29', '2026-02-28', 25],
    ['a leap-day birth on 1 March of a common year', '2000-02-29', '2026-03-01', 26],
    ['a leap-day birth on 29 February', '2000-02-29', '2028-02-29', 28],
    ['birthdate after now', '2030-01-01', '2026-05-10', 0],
    ['the birthday begins at midnight in Bucharest', '1990-05-10', at('2026-05-09T21:30:00Z'), 36],
    ['a birthdate stored as UTC midnight', at('1990-05-10T00:00:00Z'), '2026-05-10', 36],
    ['a centenarian', '1926-01-01', '2026-01-01', 100],
  ])('%s', (_name, birthdate, now, expected) => {
    expect(ageInYears(birthdate, now)).toBe(expected);
  });

  it('refuses an invalid birthdate', () => {
    expect(() => ageInYears('1990-02-30', '2026-01-01')).toThrow(RangeError);
  });
});
