import { describe, expect, it } from 'vitest';
import type { ToothId } from '@odonto/domain/teeth';
import { toothAfterKey, type ChartKey } from './chart-keys';

// The chart as drawn: 1.8 … 1.1 | 2.1 … 2.8 above, 4.8 … 4.1 | 3.1 … 3.8 below.
const CASES: [ToothId, ChartKey, ToothId | null][] = [
  ['1.6', { key: 'ArrowRight' }, '1.5'],
  ['1.6', { key: 'ArrowLeft' }, '1.7'],
  ['1.1', { key: 'ArrowRight' }, '2.1'],
  ['2.1', { key: 'ArrowLeft' }, '1.1'],
  ['1.8', { key: 'ArrowLeft' }, null],
  ['2.8', { key: 'ArrowRight' }, null],
  ['1.6', { key: 'ArrowDown' }, '4.6'],
  ['2.3', { key: 'ArrowDown' }, '3.3'],
  ['4.6', { key: 'ArrowUp' }, '1.6'],
  ['1.6', { key: 'ArrowUp' }, null],
  ['3.8', { key: 'ArrowDown' }, null],
  ['1.3', { key: 'Home' }, '1.8'],
  ['1.3', { key: 'End' }, '2.8'],
  ['3.2', { key: 'Home' }, '4.8'],
  ['4.2', { key: 'End' }, '3.8'],
  ['1.8', { key: 'Home' }, null],
  ['3.1', { key: 'Home', ctrlKey: true }, '1.8'],
  ['1.1', { key: 'End', ctrlKey: true }, '3.8'],
  ['1.1', { key: 'End', metaKey: true }, '3.8'],
  ['1.1', { key: 'Enter' }, null],
  ['1.1', { key: 'a' }, null],
];

describe('toothAfterKey', () => {
  it.each(CASES)('from %s, %o goes to %s', (from, key, expected) => {
    expect(toothAfterKey(from, key)).toBe(expected);
  });
});
