import { describe, expect, it } from 'vitest';
import { addCalendarDays, instantOf, offsetAt, toInstant, wallTimeAt, type WallTime } from './clinic-time';

const HOUR = 3_600_000;
const utc = (iso: string) => new Date(iso).getTime();
const wall = (
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  millisecond = 0,
) => ({
  year,
  month,
  day,
  hour,
  minute,
  second,
  millisecond,
});

describe('wallTimeAt', () => {
  it.each<[string, string, WallTime]>([
    ['2026-01-15T10:20:30.456Z', 'Europe/Bucharest', wall(2026, 1, 15, 12, 20, 30, 456)],
    ['2026-07-15T10:20:30.000Z', 'Europe/Bucharest', wall(2026, 7, 15, 13, 20, 30)],
    ['2026-03-04T22:30:00.000Z', 'Europe/Bucharest', wall(2026, 3, 5, 0, 30)], // already the 5th in Romania
    ['2026-12-31T22:00:00.000Z', 'Europe/Bucharest', wall(2027, 1, 1, 0, 0)],
    ['2026-03-29T00:59:59.999Z', 'Europe/Bucharest', wall(2026, 3, 29, 2, 59, 59, 999)], // just before the change
    ['2026-03-29T01:00:00.000Z', 'Europe/Bucharest', wall(2026, 3, 29, 4, 0)], // clocks jump 03:00 → 04:00
    ['2026-01-15T10:20:30.000Z', 'UTC', wall(2026, 1, 15, 10, 20, 30)],
    ['2026-01-15T10:20:30.000Z', 'America/New_York', wall(2026, 1, 15, 5, 20, 30)],
    ['2026-01-15T10:20:30.000Z', 'Asia/Kolkata', wall(2026, 1, 15, 15, 50, 30)],
    ['1969-12-31T23:59:59.999Z', 'UTC', wall(1969, 12, 31, 23, 59, 59, 999)], // before the epoch
  ])('%s in %s', (iso, zone, expected) => {
    expect(wallTimeAt(utc(iso), zone)).toEqual(expected);
  });
});

describe('wallTimeAt, from the offset kept per hour', () => {
  // One formatter per zone, made here and not shared with the code under test: a new one per reading cost
  // about 0.7 ms, and the five-centuries case below came within a second of its time-out on a busy CI.
  const readers = new Map<string, Intl.DateTimeFormat>();
  function readerFor(timeZone: string): Intl.DateTimeFormat {
    let reader = readers.get(timeZone);
    if (reader === undefined) {
      reader = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        era: 'short',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
      readers.set(timeZone, reader);
    }
    return reader;
  }

  // What Intl itself reads at the instant: the kept offsets must give exactly this, whatever was asked before.
  function intlReading(instant: number, timeZone: string): WallTime {
    const parts = Object.fromEntries(
      readerFor(timeZone)
        .formatToParts(instant)
        .map((part) => [part.type, part.value]),
    );
    const year = Number(parts.year);
    return {
      year: parts.era === 'BC' ? 1 - year : year,
      month: Number(parts.month),
      day: Number(parts.day),
      hour: Number(parts.hour) % 24,
      minute: Number(parts.minute),
      second: Number(parts.second),
      millisecond: ((instant % 1000) + 1000) % 1000,
    };
  }

  const MINUTE = 60_000;
  // Each zone through a year of its clock changes, minute by minute around them and every 7 minutes
  // otherwise, and on days from its local mean time on (odd offsets such as Bucharest's +01:44:24 until 1931).
  it.each([
    ['Europe/Bucharest', '2026-03-29T00:00:00Z', '2026-03-29T02:00:00Z'],
    ['Europe/Bucharest', '2026-10-25T00:00:00Z', '2026-10-25T02:00:00Z'],
    ['Europe/Bucharest', '1931-07-23T20:00:00Z', '1931-07-24T02:00:00Z'],
    ['America/St_Johns', '2026-03-08T04:00:00Z', '2026-03-08T07:00:00Z'],
    ['Asia/Kathmandu', '1985-12-31T17:00:00Z', '1986-01-01T00:00:00Z'],
    ['Australia/Lord_Howe', '2026-04-04T14:00:00Z', '2026-04-04T16:00:00Z'],
    ['UTC', '2026-01-01T00:00:00Z', '2026-01-01T02:00:00Z'],
  ])('%s from %s to %s, minute by minute, reads as Intl does', (timeZone, from, to) => {
    for (let instant = utc(from); instant <= utc(to); instant += MINUTE + 17) {
      expect(wallTimeAt(instant, timeZone)).toEqual(intlReading(instant, timeZone));
    }
  });

  it('reads as Intl does at instants spread over five centuries, before and after the epoch', () => {
    const zones = ['Europe/Bucharest', 'America/New_York', 'Asia/Kolkata'];
    for (let instant = utc('1700-01-01T00:00:00Z'); instant < utc('2200-01-01T00:00:00Z');) {
      for (const timeZone of zones)
        expect(wallTimeAt(instant, timeZone)).toEqual(intlReading(instant, timeZone));
      instant += 97 * 24 * HOUR + 13 * MINUTE + 7_013;
    }
  });

  it('keeps the errors of a time no clock shows: Intl refuses them', () => {
    expect(() => wallTimeAt(Number.NaN)).toThrow(RangeError);
    expect(() => wallTimeAt(8.64e15 + 1)).toThrow(RangeError);
    expect(wallTimeAt(8.64e15, 'UTC')).toEqual(intlReading(8.64e15, 'UTC'));
  });
});

describe('offsetAt', () => {
  it.each([
    ['2026-01-15T12:00:00Z', 'Europe/Bucharest', 2 * HOUR],
    ['2026-07-15T12:00:00Z', 'Europe/Bucharest', 3 * HOUR],
    ['2026-03-29T00:59:59Z', 'Europe/Bucharest', 2 * HOUR],
    ['2026-03-29T01:00:00Z', 'Europe/Bucharest', 3 * HOUR],
    ['2026-10-25T00:59:59Z', 'Europe/Bucharest', 3 * HOUR],
    ['2026-10-25T01:00:00Z', 'Europe/Bucharest', 2 * HOUR],
    ['2026-01-15T12:00:00Z', 'America/New_York', -5 * HOUR],
    ['2026-01-15T12:00:00Z', 'Asia/Kolkata', 5.5 * HOUR],
  ])('%s in %s', (iso, zone, expected) => {
    expect(offsetAt(utc(iso), zone)).toBe(expected);
  });
});

describe('instantOf', () => {
  it.each<[string, WallTime, string, string]>([
    ['a winter time', wall(2026, 1, 15, 12, 0), 'Europe/Bucharest', '2026-01-15T10:00:00.000Z'],
    ['a summer time', wall(2026, 7, 15, 12, 0), 'Europe/Bucharest', '2026-07-15T09:00:00.000Z'],
    ['midnight on the spring-forward day', wall(2026, 3, 29), 'Europe/Bucharest', '2026-03-28T22:00:00.000Z'],
    [
      'a skipped time counts as after the change',
      wall(2026, 3, 29, 3, 30),
      'Europe/Bucharest',
      '2026-03-29T01:30:00.000Z',
    ],
    [
      'a repeated time is its first occurrence',
      wall(2026, 10, 25, 3, 30),
      'Europe/Bucharest',
      '2026-10-25T00:30:00.000Z',
    ],
    ['midnight on the fall-back day', wall(2026, 10, 25), 'Europe/Bucharest', '2026-10-24T21:00:00.000Z'],
    ['a New York skipped time', wall(2026, 3, 8, 2, 30), 'America/New_York', '2026-03-08T07:30:00.000Z'],
    ['a New York repeated time', wall(2026, 11, 1, 1, 30), 'America/New_York', '2026-11-01T05:30:00.000Z'],
    ['a half-hour zone', wall(2026, 1, 15, 0, 0), 'Asia/Kolkata', '2026-01-14T18:30:00.000Z'],
    ['milliseconds kept', wall(2026, 1, 15, 23, 59, 59, 999), 'Europe/Bucharest', '2026-01-15T21:59:59.999Z'],
  ])('%s', (_name, value, zone, expected) => {
    expect(new Date(instantOf(value, zone)).toISOString()).toBe(expected);
  });

  it('reads back every wall time of a year, across both clock changes', () => {
    for (
      let instant = utc('2026-01-01T00:00:00Z');
      instant < utc('2027-01-01T00:00:00Z');
      instant += 127 * 60_000
    ) {
      const shown = wallTimeAt(instant);
      expect(wallTimeAt(instantOf(shown))).toEqual(shown);
    }
  });
});

describe('addCalendarDays', () => {
  it.each<[WallTime, number, WallTime]>([
    [wall(2026, 3, 5, 15, 30), 1, wall(2026, 3, 6)],
    [wall(2026, 1, 31), 1, wall(2026, 2, 1)],
    [wall(2026, 12, 31), 1, wall(2027, 1, 1)],
    [wall(2024, 2, 28), 1, wall(2024, 2, 29)], // leap year
    [wall(2026, 2, 28), 1, wall(2026, 3, 1)],
    [wall(2026, 3, 1), -1, wall(2026, 2, 28)],
    [wall(2026, 3, 28), 1, wall(2026, 3, 29)],
    [wall(2026, 1, 1), 365, wall(2027, 1, 1)],
  ])('%j + %d days', (start, days, expected) => {
    expect(addCalendarDays(start, days)).toEqual(expected);
  });
});

describe('toInstant', () => {
  it.each<[string, Date | string | number, string | null]>([
    ['a Date', new Date('2026-03-05T10:00:00Z'), '2026-03-05T10:00:00.000Z'],
    ['milliseconds', utc('2026-03-05T10:00:00Z'), '2026-03-05T10:00:00.000Z'],
    ['zero', 0, '1970-01-01T00:00:00.000Z'],
    ['a winter day is midnight in Bucharest', '2026-03-05', '2026-03-04T22:00:00.000Z'],
    ['a summer day is midnight in Bucharest', '2026-07-05', '2026-07-04T21:00:00.000Z'],
    ['a leap day', '2024-02-29', '2024-02-28T22:00:00.000Z'],
    ['a time without offset is Bucharest time', '2026-03-05T10:30', '2026-03-05T08:30:00.000Z'],
    ['with seconds', '2026-03-05T10:30:15', '2026-03-05T08:30:15.000Z'],
    ['UTC', '2026-03-05T10:30:00.000Z', '2026-03-05T10:30:00.000Z'],
    ['UTC, lower-case z', '2026-03-05T10:30:00z', '2026-03-05T10:30:00.000Z'],
    ['an offset', '2026-03-05T10:30:00+02:00', '2026-03-05T08:30:00.000Z'],
    ['a negative offset', '2026-03-05T10:30-05:30', '2026-03-05T16:00:00.000Z'],
    ['microseconds are cut, not rounded', '2026-03-05T10:30:00.123999Z', '2026-03-05T10:30:00.123Z'],
    ['one fraction digit', '2026-03-05T10:30:00.5Z', '2026-03-05T10:30:00.500Z'],
    ['surrounding spaces', ' 2026-03-05T10:30:00Z ', '2026-03-05T10:30:00.000Z'],
    ['30 February', '2026-02-30', null],
    ['29 February of a common year', '2026-02-29', null],
    ['month 13', '2026-13-01', null],
    ['hour 24', '2026-03-05T24:00', null],
    ['minute 60', '2026-03-05T10:60Z', null],
    ['an offset of 24 hours', '2026-03-05T10:00+24:00', null],
    ['a Romanian written date', '05.03.2026', null],
    ['no zero padding', '2026-3-5', null],
    ['a space instead of T', '2026-03-05 10:30:00', null],
    ['milliseconds as text', '1772704800000', null],
    ['empty text', '', null],
    ['words', 'ieri', null],
    ['NaN', Number.NaN, null],
    ['Infinity', Number.POSITIVE_INFINITY, null],
    ['beyond the Date range', 8.64e15 + 1, null],
    ['an invalid Date', new Date('x'), null],
  ])('%s', (_name, input, expected) => {
    const instant = toInstant(input);
    expect(expected === null ? instant : new Date(instant).toISOString()).toBe(expected ?? Number.NaN);
  });

  it('reads an offset-less text in the zone it is given', () => {
    expect(new Date(toInstant('2026-03-05T10:30', 'UTC')).toISOString()).toBe('2026-03-05T10:30:00.000Z');
  });
});
