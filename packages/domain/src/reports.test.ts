import { describe, expect, it } from 'vitest';
import { formatCalendarDay } from './dates';
import {
  cashReportScope,
  clinicClock,
  daysOverdue,
  exportAmount,
  formatReportMonth,
  isCalendarDay,
  isMonth,
  monthInstants,
  monthsBetween,
  nextMonth,
  reportScope,
  reportTabsFor,
} from './reports';

describe('clinic days and months', () => {
  it.each<[string, boolean]>([
    ['2026-03-02', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-3-2', false],
    ['', false],
  ])('isCalendarDay(%j) is %s', (text, expected) => {
    expect(isCalendarDay(text)).toBe(expected);
  });

  it.each<[string, boolean]>([
    ['2026-03', true],
    ['2026-12', true],
    ['2026-00', false],
    ['2026-13', false],
    ['martie', false],
  ])('isMonth(%j) is %s', (text, expected) => {
    expect(isMonth(text)).toBe(expected);
  });

  it.each<[string, string]>([
    ['2026-03', '2026-04'],
    ['2026-12', '2027-01'],
  ])('nextMonth(%j) is %j', (month, expected) => {
    expect(nextMonth(month)).toBe(expected);
  });

  it('monthsBetween lists both ends, across a year, and nothing for a reversed range', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-03', '2026-03')).toEqual(['2026-03']);
    expect(monthsBetween('2026-04', '2026-03')).toEqual([]);
  });

  it.each<[string, string, string]>([
    // Winter time (UTC+2) at both ends.
    ['2026-01', '2025-12-31T22:00:00.000Z', '2026-01-31T22:00:00.000Z'],
    // Summer time starts on 29 March 2026: the month ends at UTC+3.
    ['2026-03', '2026-02-28T22:00:00.000Z', '2026-03-31T21:00:00.000Z'],
    ['2026-10', '2026-09-30T21:00:00.000Z', '2026-10-31T22:00:00.000Z'],
  ])('monthInstants(%j) spans Bucharest midnights', (month, start, end) => {
    expect(monthInstants(month)).toEqual({ start, end });
  });

  it.each<[string, string, number]>([
    ['2026-03-02', '2026-03-02', 0],
    ['2026-02-20', '2026-03-02', 10],
    ['2025-12-31', '2026-01-01', 1],
    ['2026-03-28', '2026-03-30', 2],
    ['2026-03-05', '2026-03-02', 0],
  ])('daysOverdue(%j, %j) is %i', (from, to, expected) => {
    expect(daysOverdue(from, to)).toBe(expected);
  });
});

describe('formats', () => {
  it.each<[number, string]>([
    [125_000, '1250,00'],
    [123_456_789, '1234567,89'],
    [5, '0,05'],
    [-10_000, '-100,00'],
  ])('exportAmount(%i) is %j', (bani, expected) => {
    expect(exportAmount(bani)).toBe(expected);
  });

  it('writes days, months and clinic times in Romanian', () => {
    expect(formatCalendarDay('2026-03-02')).toBe('02.03.2026');
    expect(formatReportMonth('2026-11')).toBe('noiembrie 2026');
    expect(clinicClock('2026-03-02T09:31:00.000Z')).toBe('11:31');
    expect(clinicClock('2026-07-01T21:05:00.000Z')).toBe('00:05');
  });
});

describe('who sees which report', () => {
  it.each<[string[], string | null, string | null, string[]]>([
    [['admin'], 'all', 'all', ['casa', 'venituri', 'creante', 'planuri', 'comisioane']],
    [['dinstitute_admin'], 'all', 'all', ['casa', 'venituri', 'creante', 'planuri', 'comisioane']],
    [['medic'], 'own', 'own', ['casa', 'venituri', 'creante', 'planuri', 'comisioane']],
    [['asistent'], null, 'all', ['casa']],
    [['medic', 'asistent'], 'own', 'all', ['casa', 'venituri', 'creante', 'planuri', 'comisioane']],
    [['sterilizare'], null, null, []],
  ])('%j', (roles, scope, cashScope, tabs) => {
    expect(reportScope(roles, 'u1')?.kind ?? null).toBe(scope);
    expect(cashReportScope(roles, 'u1')?.kind ?? null).toBe(cashScope);
    expect(reportTabsFor(roles)).toEqual(tabs);
  });

  it('a doctor’s scope is their own user', () => {
    expect(reportScope(['medic'], 'u7')).toEqual({ kind: 'own', userId: 'u7' });
  });
});
