import { describe, expect, it } from 'vitest';
import {
  autoclavesAtLocation,
  autoclavesMissingDailyTest,
  initialsOf,
  instrumentNameKey,
  isRecalledUse,
  loadStatus,
  unavailableReason,
  useByDate,
  type PouchState,
} from './sterilisation';

describe('useByDate', () => {
  it.each([
    // Bucharest is UTC+2 in winter, UTC+3 in summer.
    ['2026-03-02T09:00:00.000Z', 0, '2026-03-02T21:59:59.999Z'],
    ['2026-03-02T09:00:00.000Z', 30, '2026-04-01T20:59:59.999Z'],
    ['2026-03-02T22:30:00.000Z', 0, '2026-03-03T21:59:59.999Z'],
    ['2026-01-15T10:00:00.000Z', 180, '2026-07-14T20:59:59.999Z'],
  ])('sterilised %s with %i days is usable until %s', (at, days, expected) => {
    expect(useByDate(at, days).toISOString()).toBe(expected);
  });

  it.each([-1, 1.5, Number.NaN])('refuses a shelf life of %s days', (days) => {
    expect(() => useByDate('2026-03-02T09:00:00Z', days)).toThrow(RangeError);
  });
});

describe('loadStatus', () => {
  it.each([
    ['pass', 'none', 'conform'],
    ['pass', 'pass', 'conform'],
    ['pass', 'pending', 'bi-in-asteptare'],
    ['pass', 'fail', 'neconform'],
    ['fail', 'none', 'neconform'],
    ['fail', 'pending', 'neconform'],
  ] as const)('integrator %s, biological %s → %s', (integrator, biological, status) => {
    expect(loadStatus(integrator, biological)).toBe(status);
  });
});

describe('unavailableReason', () => {
  const ok: PouchState = {
    integrator: 'pass',
    biological: 'none',
    useBy: '2026-03-10T21:59:59.999Z',
    usedAt: null,
    replaced: false,
  };
  const now = '2026-03-05T10:00:00Z';
  it.each<[string, Partial<PouchState>, string, string | null]>([
    ['a passed, unused, valid pouch', {}, now, null],
    ['a pouch whose biological indicator is still incubating', { biological: 'pending' }, now, null],
    ['on its last valid instant', {}, '2026-03-10T21:59:59.999Z', null],
    ['a failed integrator', { integrator: 'fail' }, now, 'load-failed'],
    ['a failed biological indicator', { biological: 'fail' }, now, 'load-failed'],
    ['past its use-by date', {}, '2026-03-10T22:00:00.000Z', 'expired'],
    ['already used', { usedAt: '2026-03-04T10:00:00Z' }, now, 'used'],
    ['replaced by a newer cycle', { replaced: true }, now, 'replaced'],
    ['failed and expired: failed wins', { integrator: 'fail' }, '2026-04-01T00:00:00Z', 'load-failed'],
  ])('%s', (_name, change, at, expected) => {
    expect(unavailableReason({ ...ok, ...change }, at)).toBe(expected);
  });
});

describe('isRecalledUse', () => {
  it('flags uses of a load whose biological indicator later failed', () => {
    expect(isRecalledUse('pass', 'fail')).toBe(true);
    expect(isRecalledUse('pass', 'pending')).toBe(false);
    expect(isRecalledUse('pass', 'pass')).toBe(false);
  });
});

describe('autoclavesAtLocation', () => {
  const settings = {
    autoclaves: ['A', 'B', 'C'],
    autoclaveLocations: { A: 'nord', B: 'sud' },
  };
  it.each<[string | null, string[]]>([
    [null, ['A', 'B', 'C']],
    ['nord', ['A', 'C']],
    ['sud', ['B', 'C']],
    ['vest', ['C']],
  ])('location %s → %j (an unplaced autoclave serves every location)', (locationId, expected) => {
    expect(autoclavesAtLocation(settings, locationId)).toEqual(expected);
  });
});

describe('autoclavesMissingDailyTest', () => {
  const autoclaves = ['Autoclav 1', 'Autoclav 2'];
  const now = '2026-03-05T08:00:00Z';
  it.each<[string, { autoclave: string; day: string; result: 'pass' | 'fail' }[], string[]]>([
    ['no test today', [], ['Autoclav 1', 'Autoclav 2']],
    ['one passed today', [{ autoclave: 'Autoclav 1', day: '2026-03-05', result: 'pass' }], ['Autoclav 2']],
    [
      'a failed test does not count',
      [{ autoclave: 'Autoclav 1', day: '2026-03-05', result: 'fail' }],
      autoclaves,
    ],
    [
      "yesterday's test does not count",
      [{ autoclave: 'Autoclav 1', day: '2026-03-04', result: 'pass' }],
      autoclaves,
    ],
    [
      'both passed',
      [
        { autoclave: 'Autoclav 1', day: '2026-03-05', result: 'pass' },
        { autoclave: 'Autoclav 2', day: '2026-03-05', result: 'pass' },
      ],
      [],
    ],
  ])('%s', (_name, tests, missing) => {
    expect(autoclavesMissingDailyTest(autoclaves, tests, now)).toEqual(missing);
  });

  it('uses the clinic day: 23:30 UTC is already the next day in Bucharest', () => {
    const tests = [{ autoclave: 'Autoclav 1', day: '2026-03-06', result: 'pass' as const }];
    expect(autoclavesMissingDailyTest(['Autoclav 1'], tests, '2026-03-05T23:30:00Z')).toEqual([]);
  });
});

describe('labels and search', () => {
  it.each([
    ['Ana-Maria Pop', 'AMP'],
    ['ștefan  țurcan', 'ȘȚ'],
    ['', ''],
  ])('initials of %j are %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });

  it('matches names without case or diacritics', () => {
    expect(instrumentNameKey('  Pensă  Dinți ')).toBe('pensa dinti');
  });
});
