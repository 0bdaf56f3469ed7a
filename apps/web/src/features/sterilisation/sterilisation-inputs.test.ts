import type { ComboboxItem } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { filterPouches, instrumentChip } from './instruments-panel';
import { startedAtOf } from './sterilise-form';

const pouch = (id: number, name: string): ComboboxItem => ({
  value: String(id),
  label: instrumentChip({ id_sterilizare: id, name }),
});
const options = [pouch(112, 'Sondă 12'), pouch(12, 'Pensă'), pouch(120, 'Oglindă'), pouch(7, 'Chiuretă 12')];
const values = (search: string) =>
  filterPouches({ options, search, limit: Number.POSITIVE_INFINITY }).map((item) =>
    'value' in item ? item.value : '',
  );

describe('filterPouches (the treatment modal instruments search)', () => {
  it('puts the exact scanned id first, then the ids starting with the digits, never a name match', () => {
    expect(values('12')).toEqual(['12', '120']);
    expect(values(' 7 ')).toEqual(['7']);
    expect(values('999')).toEqual([]);
  });

  it('matches other text in the name, case and diacritics ignored', () => {
    expect(values('sonda')).toEqual(['112']);
    expect(values('OGLINDA')).toEqual(['120']);
  });
});

describe('startedAtOf (the cycle date and time field)', () => {
  it('reads the field as clinic time; empty means now; other text is refused', () => {
    expect(startedAtOf('2026-11-23T15:30')).toBe('2026-11-23T13:30:00.000Z');
    expect(startedAtOf('2026-07-01T08:05')).toBe('2026-07-01T05:05:00.000Z');
    expect(startedAtOf('  ')).toBeUndefined();
    expect(startedAtOf('ieri')).toBeNull();
  });
});
