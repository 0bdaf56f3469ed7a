import { describe, expect, it } from 'vitest';
import { isBackupDue, latestBackupSlot, nextBackupAt, type BackupTiming } from './backups';
import { backupScheduleUpdate } from './contracts/backups';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe('latestBackupSlot (clinic time, Europe/Bucharest)', () => {
  const cases: [string, string, string][] = [
    // winter: UTC+2
    ['02:30', '2026-01-15T10:00:00.000Z', '2026-01-15T00:30:00.000Z'],
    ['02:30', '2026-01-15T00:29:00.000Z', '2026-01-14T00:30:00.000Z'],
    ['02:30', '2026-01-15T00:30:00.000Z', '2026-01-15T00:30:00.000Z'],
    // summer: UTC+3
    ['23:00', '2026-07-01T19:59:00.000Z', '2026-06-30T20:00:00.000Z'],
    ['00:00', '2026-07-01T21:30:00.000Z', '2026-07-01T21:00:00.000Z'],
    // 29 March 2026: clocks go from 03:00 to 04:00; 03:30 does not exist and counts as 04:30 (summer time)
    ['03:30', '2026-03-29T06:00:00.000Z', '2026-03-29T01:30:00.000Z'],
  ];
  it.each(cases)('%s at %s → %s', (time, now, expected) => {
    expect(iso(latestBackupSlot(time, now))).toBe(expected);
  });
});

describe('isBackupDue', () => {
  const on: BackupTiming = { enabled: true, time: '02:00', savedAt: '2026-01-10T12:00:00.000Z' };
  const cases: [string, BackupTiming, string | null, string, boolean][] = [
    ['off', { ...on, enabled: false }, null, '2026-01-15T10:00:00.000Z', false],
    ['never ran, saved days ago', on, null, '2026-01-15T10:00:00.000Z', true],
    [
      'saved after today’s time: waits for tomorrow',
      { ...on, savedAt: '2026-01-15T09:00:00.000Z' },
      null,
      '2026-01-15T10:00:00.000Z',
      false,
    ],
    [
      'saved after today’s time, next day at 02:00',
      { ...on, savedAt: '2026-01-15T09:00:00.000Z' },
      null,
      '2026-01-16T00:00:00.000Z',
      true,
    ],
    ['ran today at the time', on, '2026-01-15T00:00:05.000Z', '2026-01-15T10:00:00.000Z', false],
    [
      'ran yesterday: today’s time has come',
      on,
      '2026-01-14T00:00:05.000Z',
      '2026-01-15T00:00:30.000Z',
      true,
    ],
    [
      'ran yesterday: today’s time not yet',
      on,
      '2026-01-14T00:00:05.000Z',
      '2026-01-14T23:59:00.000Z',
      false,
    ],
    [
      'server was down at 02:00: catches up at start',
      on,
      '2026-01-13T00:00:05.000Z',
      '2026-01-15T07:00:00.000Z',
      true,
    ],
    [
      'a run-now before the time does not skip it',
      on,
      '2026-01-14T23:00:00.000Z',
      '2026-01-15T00:00:00.000Z',
      true,
    ],
    ['never saved (no savedAt)', { ...on, savedAt: null }, null, '2026-01-15T10:00:00.000Z', true],
  ];
  it.each(cases)('%s', (_name, timing, lastRun, now, expected) => {
    expect(isBackupDue(timing, lastRun, now)).toBe(expected);
  });
});

describe('nextBackupAt', () => {
  it('today’s time while it is ahead, else tomorrow’s; null when off', () => {
    const timing: BackupTiming = { enabled: true, time: '02:00', savedAt: null };
    expect(iso(nextBackupAt(timing, '2026-01-14T23:00:00.000Z'))).toBe('2026-01-15T00:00:00.000Z');
    expect(iso(nextBackupAt(timing, '2026-01-15T00:00:00.000Z'))).toBe('2026-01-16T00:00:00.000Z');
    expect(nextBackupAt({ ...timing, enabled: false }, '2026-01-15T00:00:00.000Z')).toBeNull();
  });
});

describe('backupScheduleUpdate', () => {
  const valid = { enabled: true, time: '02:30', keep: 7, directory: '/var/backups/odonto', version: 0 };
  const cases: [string, Record<string, unknown>, string | null][] = [
    ['valid', valid, null],
    ['off without a directory', { ...valid, enabled: false, directory: '' }, null],
    ['on without a directory', { ...valid, directory: '' }, 'directory'],
    ['a relative directory', { ...valid, directory: 'backups' }, 'directory'],
    ['a Windows directory', { ...valid, directory: 'D:\\copii' }, null],
    ['time 24:00', { ...valid, time: '24:00' }, 'time'],
    ['time 2:30', { ...valid, time: '2:30' }, 'time'],
    ['keep 0', { ...valid, keep: 0 }, 'keep'],
    ['keep 1.5', { ...valid, keep: 1.5 }, 'keep'],
    ['keep 366', { ...valid, keep: 366 }, 'keep'],
    ['an unknown field', { ...valid, s3: 'x' }, ''],
  ];
  it.each(cases)('%s', (_name, input, field) => {
    const result = backupScheduleUpdate.safeParse(input);
    expect(result.success).toBe(field === null);
    if (field) expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});
