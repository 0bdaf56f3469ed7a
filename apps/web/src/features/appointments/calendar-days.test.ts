import { describe, expect, it } from 'vitest';
import { blockBox, gridHours, layoutLanes, shiftDay, slotAt, viewDays } from './calendar-days';

describe('calendar days', () => {
  it('shift across months, years and clock changes', () => {
    expect(shiftDay('2026-03-31', 1)).toBe('2026-04-01');
    expect(shiftDay('2026-01-01', -1)).toBe('2025-12-31');
    expect(shiftDay('2026-03-28', 1)).toBe('2026-03-29');
    expect(shiftDay('2026-03-29', 1)).toBe('2026-03-30');
  });

  it('show a week from Monday to Sunday', () => {
    expect(viewDays('2026-03-05', 'week')).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ]);
    expect(viewDays('2026-03-08', 'week')[0]).toBe('2026-03-02');
    expect(viewDays('2026-03-05', 'day')).toEqual(['2026-03-05']);
  });

  it('place a 15-minute grid and widen it to early or late appointments', () => {
    expect(slotAt(0, 7)).toEqual({ ora: 7, minute: 0 });
    expect(slotAt(16 * 13 + 5, 7)).toEqual({ ora: 10, minute: 15 });
    expect(blockBox({ deLa: { ora: 10, minute: 0 }, panaLa: { ora: 10, minute: 30 } }, 7)).toEqual({
      top: 192,
      height: 32,
    });
    expect(gridHours([{ deLa: { ora: 6 }, panaLa: { ora: 21, minute: 15 } }])).toEqual({ start: 6, end: 22 });
    // A location's own hours (issue 14), still widened to what is booked outside them.
    const own = { opensAt: '09:00', closesAt: '17:30' };
    expect(gridHours([], own)).toEqual({ start: 9, end: 18 });
    expect(gridHours([{ deLa: { ora: 8 }, panaLa: { ora: 8, minute: 30 } }], own)).toEqual({
      start: 8,
      end: 18,
    });
    expect(gridHours([], { opensAt: null, closesAt: null })).toEqual({ start: 7, end: 21 });
  });

  it('put overlapping appointments side by side, and lone ones across the whole column', () => {
    const at = (_id: string, from: [number, number], to: [number, number]) => ({
      _id,
      deLa: { ora: from[0], minute: from[1] },
      panaLa: { ora: to[0], minute: to[1] },
    });
    const lanes = layoutLanes([
      at('a', [9, 0], [10, 0]),
      at('b', [9, 30], [10, 30]),
      at('c', [10, 0], [10, 30]),
      at('d', [10, 30], [11, 0]),
      at('e', [12, 0], [12, 0]),
      at('f', [12, 0], [12, 30]),
    ]);
    expect(Object.fromEntries(lanes)).toEqual({
      a: { lane: 0, lanes: 2 },
      b: { lane: 1, lanes: 2 },
      // a has ended at 10:00: c takes its lane.
      c: { lane: 0, lanes: 2 },
      // b and c end at 10:30: d starts a group of its own.
      d: { lane: 0, lanes: 1 },
      f: { lane: 0, lanes: 2 },
      e: { lane: 1, lanes: 2 },
    });
  });
});
