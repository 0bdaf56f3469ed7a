import { describe, expect, it } from 'vitest';
import { keyMoveTarget, slotAfterKey, timeText, type Place, type SlotCursor } from './calendar-keys';

const GRID = { first: 7 * 60, end: 21 * 60, columns: 3 };

describe('slotAfterKey', () => {
  const CASES: [string, SlotCursor, SlotCursor | null][] = [
    ['ArrowDown', { column: 1, minutes: 600 }, { column: 1, minutes: 615 }],
    ['ArrowUp', { column: 1, minutes: 600 }, { column: 1, minutes: 585 }],
    ['ArrowUp', { column: 1, minutes: 420 }, { column: 1, minutes: 420 }],
    ['ArrowDown', { column: 1, minutes: 1245 }, { column: 1, minutes: 1245 }],
    ['PageDown', { column: 0, minutes: 600 }, { column: 0, minutes: 660 }],
    ['PageUp', { column: 0, minutes: 450 }, { column: 0, minutes: 420 }],
    ['Home', { column: 2, minutes: 600 }, { column: 2, minutes: 420 }],
    ['End', { column: 2, minutes: 600 }, { column: 2, minutes: 1245 }],
    ['ArrowRight', { column: 1, minutes: 600 }, { column: 2, minutes: 600 }],
    ['ArrowRight', { column: 2, minutes: 600 }, { column: 2, minutes: 600 }],
    ['ArrowLeft', { column: 0, minutes: 600 }, { column: 0, minutes: 600 }],
    ['Enter', { column: 0, minutes: 600 }, null],
    ['a', { column: 0, minutes: 600 }, null],
  ];
  it.each(CASES)('%s from %o gives %o', (key, from, expected) => {
    expect(slotAfterKey(key, from, GRID)).toEqual(expected);
  });
});

describe('keyMoveTarget', () => {
  const columns = [
    { day: '2031-03-05', doctorId: 'u2' },
    { day: '2031-03-05', doctorId: 'u3' },
    { day: '2031-03-06', doctorId: 'u2' },
  ];
  const from: Place = { day: '2031-03-05', doctorId: 'u3', startMinutes: 600 };
  const state = (isMoving: boolean, place: Place = from) => ({
    isMoving,
    from: place,
    duration: 30,
    columns,
    bounds: { first: GRID.first, end: GRID.end },
  });
  const key = (name: string, altKey = false) => ({ key: name, altKey });

  const CASES: [string, ReturnType<typeof key>, boolean, Place | null][] = [
    ['a plain arrow does not start a move', key('ArrowDown'), false, null],
    ['Alt+↓ a slot later', key('ArrowDown', true), false, { ...from, startMinutes: 615 }],
    ['Alt+↑ a slot earlier', key('ArrowUp', true), false, { ...from, startMinutes: 585 }],
    ['Alt+→ the next column', key('ArrowRight', true), false, { ...from, day: '2031-03-06', doctorId: 'u2' }],
    ['Alt+← the previous column', key('ArrowLeft', true), false, { ...from, doctorId: 'u2' }],
    ['M starts where it is', key('m'), false, from],
    ['moving, a plain arrow goes on', key('ArrowDown'), true, { ...from, startMinutes: 615 }],
    ['moving, M does nothing', key('m'), true, null],
    ['Enter is not a move', key('Enter', true), true, null],
  ];
  it.each(CASES)('%s', (_name, event, isMoving, expected) => {
    expect(keyMoveTarget(event, state(isMoving))).toEqual(expected);
  });

  it('stays inside the grid: not before its first slot, not ending after its last, not past the last column', () => {
    const early = { ...from, startMinutes: 420 };
    expect(keyMoveTarget(key('ArrowUp', true), state(false, early))?.startMinutes).toBe(420);
    const late = { ...from, startMinutes: 20 * 60 + 30 };
    expect(keyMoveTarget(key('ArrowDown', true), state(false, late))?.startMinutes).toBe(20 * 60 + 30);
    const lastColumn = { ...from, day: '2031-03-06', doctorId: 'u2' };
    expect(keyMoveTarget(key('ArrowRight', true), state(false, lastColumn))).toEqual(lastColumn);
    expect(keyMoveTarget({ key: 'ArrowDown', altKey: true, ctrlKey: true }, state(false))).toBeNull();
  });
});

describe('timeText', () => {
  it('writes hours and minutes with two digits', () => {
    expect(timeText(7 * 60 + 5)).toBe('07:05');
    expect(timeText(20 * 60)).toBe('20:00');
  });
});
