import { describe, expect, it } from 'vitest';
import { toInstant } from './clinic-time';
import { isRetentionPassed, lastVisitOf, retentionCutoff, retentionEndDay } from './gdpr-retention';

describe('lastVisitOf: the latest treatment, appointment that took place, or the file opening', () => {
  it.each<[string, Parameters<typeof lastVisitOf>[0], string]>([
    [
      'no treatment and no appointment: the file opening',
      { createdAt: '2015-04-01T08:00:00.000Z', lastEntryAt: null, lastAppointmentAt: null },
      '2015-04-01T08:00:00.000Z',
    ],
    [
      'a later treatment',
      {
        createdAt: '2015-04-01T08:00:00.000Z',
        lastEntryAt: '2016-05-02T09:00:00.000Z',
        lastAppointmentAt: '2015-06-01T09:00:00.000Z',
      },
      '2016-05-02T09:00:00.000Z',
    ],
    [
      'a later appointment',
      {
        createdAt: '2015-04-01T08:00:00.000Z',
        lastEntryAt: '2016-05-02T09:00:00.000Z',
        lastAppointmentAt: '2017-01-10T07:30:00.000Z',
      },
      '2017-01-10T07:30:00.000Z',
    ],
    [
      'a treatment dated before the file was opened (imported history): the opening',
      {
        createdAt: '2015-04-01T08:00:00.000Z',
        lastEntryAt: '2010-01-01T08:00:00.000Z',
        lastAppointmentAt: null,
      },
      '2015-04-01T08:00:00.000Z',
    ],
    [
      'an unreadable date is ignored',
      { createdAt: '2015-04-01T08:00:00.000Z', lastEntryAt: 'ieri', lastAppointmentAt: null },
      '2015-04-01T08:00:00.000Z',
    ],
  ])('%s', (_, dates, expected) => {
    expect(lastVisitOf(dates)).toBe(expected);
  });
});

describe('retentionEndDay: the clinic day of the last visit plus the years', () => {
  it.each<[string, string, number, string]>([
    ['a plain day', '2016-05-02T09:00:00.000Z', 10, '2026-05-02'],
    ['23:30 in Bucharest on 31 Dec is still that day', '2015-12-31T21:30:00.000Z', 10, '2025-12-31'],
    ['00:30 in Bucharest on 1 Jan is already the next year', '2015-12-31T22:30:00.000Z', 10, '2026-01-01'],
    ['29 February into a common year ends on 1 March', '2016-02-29T10:00:00.000Z', 1, '2017-03-01'],
    ['29 February into a leap year stays 29 February', '2016-02-29T10:00:00.000Z', 4, '2020-02-29'],
    ['one year', '2025-11-25T10:00:00.000Z', 1, '2026-11-25'],
  ])('%s', (_, lastVisit, years, expected) => {
    expect(retentionEndDay(lastVisit, years)).toBe(expected);
  });
});

describe('isRetentionPassed: from the end day on, in the clinic time zone', () => {
  const lastVisit = '2016-05-02T09:00:00.000Z';
  it.each<[string, string, boolean]>([
    ['the day before the end', '2026-05-01T20:59:59.999Z', false],
    ['the last minute of the day before (Bucharest)', '2026-05-01T20:59:00.000Z', false],
    ['the first instant of the end day (Bucharest)', '2026-05-01T21:00:00.000Z', true],
    ['years later', '2030-01-01T00:00:00.000Z', true],
    ['a year earlier', '2025-05-02T09:00:00.000Z', false],
  ])('%s', (_, now, expected) => {
    expect(isRetentionPassed(lastVisit, 10, now)).toBe(expected);
  });
});

describe('retentionCutoff: the report query agrees with isRetentionPassed on every day', () => {
  it('is the start of the day after today less the years, in Bucharest', () => {
    // 25.11.2026 in Bucharest (UTC+2): the cutoff is 26.11.2016 00:00 Bucharest = 25.11.2016 22:00 UTC.
    expect(retentionCutoff('2026-11-25T10:00:00.000Z', 10)).toBe('2016-11-25T22:00:00.000Z');
    // Summer time: 1 July 2026 → 2 July 2016 00:00 Bucharest (UTC+3).
    expect(retentionCutoff('2026-07-01T10:00:00.000Z', 10)).toBe('2016-07-01T21:00:00.000Z');
  });

  // About 6,000 comparisons: a second on an idle machine, several on a busy one.
  it('matches the rule for visits around 29 February and the clock changes', { timeout: 30_000 }, () => {
    const day = 86_400_000;
    const mismatches: string[] = [];
    // 1 year: 29.02.2020 meets a common year; 4 years: 29.02.2020 meets 29.02.2016.
    for (const years of [1, 4]) {
      for (
        let t = toInstant('2020-01-15T10:00:00.000Z');
        t < toInstant('2021-04-15T10:00:00.000Z');
        t += day
      ) {
        const cutoff = toInstant(retentionCutoff(t, years));
        // Visits at 00:10 and 23:50 Bucharest time on the days around the cutoff.
        for (let offset = -1; offset <= 1; offset += 1) {
          for (const minute of [10, 23 * 60 + 50]) {
            const visit = cutoff + offset * day + (minute - 24 * 60) * 60_000;
            if (isRetentionPassed(visit, years, t) !== visit < cutoff) {
              mismatches.push(
                `${years} ani, azi ${new Date(t).toISOString()}, vizita ${new Date(visit).toISOString()}`,
              );
            }
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
