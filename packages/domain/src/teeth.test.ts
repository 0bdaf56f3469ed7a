import { describe, expect, it } from 'vitest';
import {
  BOTTOM_ROW,
  isTooth,
  neighbours,
  rowIndexOf,
  rowOf,
  ROWS,
  sameRow,
  sideOf,
  TEETH,
  toothAt,
  toothById,
  toothLabel,
  TOOTH_IDS,
  TOP_ROW,
  type ToothId,
} from './teeth';

describe('the 32 permanent teeth', () => {
  it('are 1.1 … 4.8, each once', () => {
    expect(TEETH).toHaveLength(32);
    expect(new Set(TEETH.map((tooth) => tooth.id)).size).toBe(32);
    expect(TEETH.map((tooth) => tooth.id)).toEqual([...TOOTH_IDS]);
  });

  it.each([
    ['1.1', 1, 'incisiv central', 'incisor'],
    ['1.2', 1, 'incisiv lateral', 'incisor'],
    ['1.3', 1, 'canin', 'canine'],
    ['1.4', 1, 'premolar 1', 'premolar'],
    ['1.5', 1, 'premolar 2', 'premolar'],
    ['1.6', 1, 'molar 1', 'molar'],
    ['1.7', 1, 'molar 2', 'molar'],
    ['1.8', 1, 'molar 3 (de minte)', 'molar'],
    ['2.3', 2, 'canin', 'canine'],
    ['3.8', 3, 'molar 3 (de minte)', 'molar'],
    ['4.1', 4, 'incisiv central', 'incisor'],
    ['4.5', 4, 'premolar 2', 'premolar'],
  ] as const)('%s is in quadrant %i, a %s drawn as %s', (id, quadrant, name, type) => {
    expect(toothById(id)).toMatchObject({ id, quadrant, name, type });
  });

  it.each([
    ['1.6', '1.6 — molar 1 superior dreapta'],
    ['2.1', '2.1 — incisiv central superior stânga'],
    ['3.8', '3.8 — molar 3 (de minte) inferior stânga'],
    ['4.3', '4.3 — canin inferior dreapta'],
  ] as const)('%s is labelled %j', (id, label) => {
    expect(toothLabel(id)).toBe(label);
    expect(toothById(id)?.label).toBe(label);
  });
});

describe('rows', () => {
  it('top row is 1.8 … 1.1 then 2.1 … 2.8', () => {
    // prettier-ignore
    expect(TOP_ROW).toEqual([
      '1.8', '1.7', '1.6', '1.5', '1.4', '1.3', '1.2', '1.1',
      '2.1', '2.2', '2.3', '2.4', '2.5', '2.6', '2.7', '2.8',
    ]);
  });

  it('bottom row is 4.8 … 4.1 then 3.1 … 3.8', () => {
    // prettier-ignore
    expect(BOTTOM_ROW).toEqual([
      '4.8', '4.7', '4.6', '4.5', '4.4', '4.3', '4.2', '4.1',
      '3.1', '3.2', '3.3', '3.4', '3.5', '3.6', '3.7', '3.8',
    ]);
  });

  it('together hold every tooth once', () => {
    expect([...TOP_ROW, ...BOTTOM_ROW].sort()).toEqual([...TOOTH_IDS].sort());
  });

  it.each([
    ['1.8', 'top', 0],
    ['1.3', 'top', 5],
    ['1.5', 'top', 3],
    ['1.1', 'top', 7],
    ['2.1', 'top', 8],
    ['2.8', 'top', 15],
    ['4.8', 'bottom', 0],
    ['4.1', 'bottom', 7],
    ['3.1', 'bottom', 8],
    ['3.8', 'bottom', 15],
  ] as const)('%s is in the %s row at index %i', (id, side, index) => {
    expect(sideOf(id)).toBe(side);
    expect(rowIndexOf(id)).toBe(index);
    expect(rowOf(id)).toBe(ROWS[side]);
    expect(toothAt(side, index)).toBe(id);
    expect(toothById(id)).toMatchObject({ side, index });
  });

  it('every tooth agrees with its row', () => {
    for (const tooth of TEETH) expect(ROWS[tooth.side][tooth.index]).toBe(tooth.id);
  });

  it.each([-1, 16, 1.5])('toothAt answers undefined at index %s', (index) => {
    expect(toothAt('top', index)).toBeUndefined();
  });
});

describe('isTooth and toothById', () => {
  it.each([
    ['1.1', true],
    ['4.8', true],
    ['2.5', true],
    ['1.9', false], // no ninth tooth
    ['5.1', false], // deciduous teeth are not on the chart
    ['0.1', false],
    ['11', false],
    ['1,1', false],
    [' 1.1', false],
    ['', false],
    [1.1, false], // a number is not an id: 1.10 and 1.1 would be the same number
    [null, false],
    [undefined, false],
  ])('%j → %s', (value, expected) => {
    expect(isTooth(value)).toBe(expected);
    if (typeof value === 'string') expect(toothById(value) !== undefined).toBe(expected);
  });
});

describe('neighbours', () => {
  it.each([
    ['1.8', null, '1.7'],
    ['1.6', '1.7', '1.5'],
    ['1.1', '1.2', '2.1'], // across the midline
    ['2.1', '1.1', '2.2'],
    ['2.8', '2.7', null],
    ['4.8', null, '4.7'],
    ['4.1', '4.2', '3.1'],
    ['3.8', '3.7', null],
  ] as const)('%s has %s on the left and %s on the right', (id, left, right) => {
    expect(neighbours(id)).toEqual({ left, right });
  });
});

describe('sameRow', () => {
  it.each([
    ['1.3', '1.5', true],
    ['1.8', '2.8', true],
    ['4.1', '3.1', true],
    ['1.1', '4.1', false],
    ['2.8', '3.8', false],
  ] as const)('%s and %s → %s', (a, b, expected) => {
    expect(sameRow(a, b)).toBe(expected);
  });

  it('refuses an id that is not a tooth', () => {
    expect(() => sideOf('9.9' as ToothId)).toThrow(RangeError);
  });
});
