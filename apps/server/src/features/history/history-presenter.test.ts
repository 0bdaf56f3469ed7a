import { describe, expect, it } from 'vitest';
import { usedInstrument } from '@odonto/domain/contracts/history';
import { parseInstruments } from './history.presenter';

/** What the contract makes of a stored list: its items that are instruments, as zod answers them. */
function byContract(text: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item: unknown) => {
    const result = usedInstrument.safeParse(item);
    return result.success ? [result.data] : [];
  });
}

const written = { name: 'sondă', id_sterilizare: 'S-12', used_at: 1_764_000_000_000 };

describe('parseInstruments: the used instruments of a stored entry, as the contract answers them', () => {
  it.each([
    ['an empty list', '[]'],
    ['an instrument as written', JSON.stringify([written])],
    ['a numeric sterilisation id', JSON.stringify([{ ...written, id_sterilizare: 42 }])],
    ['two instruments', JSON.stringify([written, { ...written, name: 'pensă', id_sterilizare: 7 }])],
    ['a name with spaces around it (trimmed)', JSON.stringify([{ ...written, name: '  sondă ' }])],
    ['an id with spaces around it (trimmed)', JSON.stringify([{ ...written, id_sterilizare: ' S-1\n' }])],
    ['a blank name (skipped)', JSON.stringify([{ ...written, name: '   ' }])],
    ['an empty id (skipped)', JSON.stringify([{ ...written, id_sterilizare: '' }])],
    ['a name of 200 letters', JSON.stringify([{ ...written, name: 'a'.repeat(200) }])],
    ['a name of 201 letters (skipped)', JSON.stringify([{ ...written, name: 'a'.repeat(201) }])],
    ['an id of 101 letters (skipped)', JSON.stringify([{ ...written, id_sterilizare: 'x'.repeat(101) }])],
    ['a negative numeric id (skipped)', JSON.stringify([{ ...written, id_sterilizare: -1 }])],
    ['a fractional numeric id (skipped)', JSON.stringify([{ ...written, id_sterilizare: 1.5 }])],
    [
      'an id past the safe integers (skipped)',
      '[{"name":"a","id_sterilizare":9007199254740993,"used_at":1}]',
    ],
    ['a fractional time (skipped)', JSON.stringify([{ ...written, used_at: 1.5 }])],
    ['a time as text (skipped)', JSON.stringify([{ ...written, used_at: '1' }])],
    ['a missing name (skipped)', JSON.stringify([{ id_sterilizare: 'S-1', used_at: 1 }])],
    ['extra properties (left out)', JSON.stringify([{ ...written, extra: true, name: 'x' }])],
    ['an array among the items (skipped)', JSON.stringify([['sondă'], written])],
    ['null among the items (skipped)', JSON.stringify([null, written])],
    ['an object instead of a list', JSON.stringify(written)],
    ['text that is not JSON', 'not json'],
  ])('%s', (_case, text) => {
    const answer = parseInstruments(text);
    expect(answer).toEqual(byContract(text));
    // Byte for byte as the contract writes it, key order included.
    expect(JSON.stringify(answer)).toBe(JSON.stringify(byContract(text)));
  });

  it('answers an instrument as written, unchanged', () => {
    expect(parseInstruments(JSON.stringify([written]))).toStrictEqual([written]);
  });
});
