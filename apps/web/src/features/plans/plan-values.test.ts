import { describe, expect, it } from 'vitest';
import { planContentInput } from '@odonto/domain/contracts/plans';
import type { ToothId } from '@odonto/domain/teeth';
import { makePlan } from './acceptance-test-data';
import { overlayPlanIds, planMarks } from './chart-overlay';
import {
  addMonths,
  BRIDGE_TEETH_MESSAGE,
  contentOf,
  copyAlternative,
  emptyAlternative,
  itemFromPrice,
  newPlanValues,
  nextLabel,
  sortTeeth,
  TOOTH_REQUIRED_MESSAGE,
} from './plan-values';
import { BRIDGE, priceItem, summaryOf, ZIRCONIA } from './plans-test-data';

describe('plan editor values', () => {
  it.each([
    ['2026-11-25', 3, '2027-02-25'],
    ['2026-11-30', 3, '2027-02-28'],
    ['2027-11-30', 3, '2028-02-29'],
    ['2026-01-31', 1, '2026-02-28'],
  ])('%s + %i months = %s', (day, months, expected) => {
    expect(addMonths(day, months)).toBe(expected);
  });

  it.each<[ToothId[], ToothId[]]>([
    [
      ['2.6', '1.6'],
      ['1.6', '2.6'],
    ],
    [
      ['3.6', '1.1', '4.6'],
      ['1.1', '4.6', '3.6'],
    ],
    [
      ['1.4', '1.6', '1.5'],
      ['1.6', '1.5', '1.4'],
    ],
  ])('sorts %j as the chart draws them: %j', (teeth, expected) => {
    expect(sortTeeth(teeth)).toEqual(expected);
  });

  it.each<[string, Parameters<typeof itemFromPrice>[0], ToothId[], object]>([
    [
      'a per-tooth item counts the teeth',
      ZIRCONIA,
      ['2.6', '1.6'],
      { teeth: ['1.6', '2.6'], span: null, quantity: 2 },
    ],
    [
      'a bridge is one span over the chosen row, priced per element',
      BRIDGE,
      ['1.4', '1.6'],
      { teeth: ['1.6', '1.5', '1.4'], span: { start: '1.6', end: '1.4' }, quantity: 3 },
    ],
    ['a per-visit item is one unit', priceItem({}), [], { teeth: [], span: null, quantity: 1 }],
    [
      'a bridge priced per arch is one unit',
      { ...BRIDGE, unit: 'arcada' as const },
      ['3.4', '3.6'],
      { teeth: ['3.4', '3.5', '3.6'], span: { start: '3.4', end: '3.6' }, quantity: 1 },
    ],
  ])('%s', (_name, price, teeth, expected) => {
    const result = itemFromPrice(price, teeth);
    if (!('item' in result)) throw new Error(result.error);
    expect(result.item).toMatchObject({
      ...expected,
      priceItemId: price.id,
      catalogueId: price.catalogueId,
      unitPriceBani: price.price?.amountBani,
      listPriceBani: price.price?.amountBani,
    });
    // What the editor adds is a valid item of the contract.
    const content = { ...newPlanValues('u1', '2026-03-12'), title: 'T' };
    content.alternatives[0]!.phases[0]!.items.push(result.item);
    expect(planContentInput.safeParse(content).success).toBe(true);
  });

  it.each<[string, Parameters<typeof itemFromPrice>[0], ToothId[], string]>([
    ['a bridge needs two teeth', BRIDGE, ['1.4'], BRIDGE_TEETH_MESSAGE],
    ['a bridge stays in one row', BRIDGE, ['1.4', '4.4'], BRIDGE_TEETH_MESSAGE],
    ['a per-tooth item needs a tooth', ZIRCONIA, [], TOOTH_REQUIRED_MESSAGE],
  ])('%s', (_name, price, teeth, message) => {
    expect(itemFromPrice(price, teeth)).toEqual({ error: message });
  });

  it('names alternatives A, B, C once each, and copies one with ids of its own', () => {
    const a = emptyAlternative('A');
    expect(nextLabel([a])).toBe('B');
    expect(nextLabel([a, emptyAlternative('C')])).toBe('B');
    expect(nextLabel([a, emptyAlternative('B'), emptyAlternative('C')])).toBeNull();
    const source = contentOf(makePlan()).alternatives[1]!;
    const copy = copyAlternative(source, 'C');
    expect(copy.label).toBe('C');
    expect(copy.phases[0]?.items.map((item) => item.name)).toEqual(
      source.phases[0]?.items.map((item) => item.name),
    );
    expect(copy.phases[0]?.items[0]?.id).not.toBe(source.phases[0]?.items[0]?.id);
  });

  it("a saved plan's content is what the editor starts from, without the server's totals", () => {
    const content = contentOf(makePlan());
    expect(planContentInput.safeParse(content).success).toBe(true);
    expect(Object.keys(content.alternatives[0]!)).not.toContain('totals');
  });
});

describe("the chart's plan view", () => {
  const proposed = makePlan({ id: 'p-new', status: 'propus' });
  const older = makePlan({ id: 'p-old', status: 'propus' });
  const accepted = makePlan({ id: 'p-acc', status: 'în lucru' });

  it.each([
    ['open plans win over proposals', [proposed, accepted], ['p-acc']],
    ['else the newest proposal', [proposed, older], ['p-new']],
    [
      'nothing for rejected or finished plans',
      [makePlan({ status: 'respins' }), makePlan({ status: 'finalizat' })],
      [],
    ],
  ])('%s', (_name, plans, expected) => {
    expect(overlayPlanIds(plans.map(summaryOf))).toEqual(expected);
  });

  it("draws the accepted alternative's items not yet done", () => {
    const plan = makePlan({
      status: 'în lucru',
      acceptance: {
        alternative: 'B',
        revision: 2,
        signatureId: 's',
        image: 'i.png',
        signedAt: '2026-03-12T10:00:00.000Z',
        signedBy: 'X',
        via: 'direct',
        sha256: 'a'.repeat(64),
        matches: true,
      },
      links: [{ alternative: 'B', itemId: 'b2', entryId: 1, doneAt: '2026-03-13T10:00:00.000Z' }],
    });
    expect(planMarks(plan).map((mark) => [mark.name, mark.teeth])).toEqual([['coroană zirconiu', ['1.6']]]);
    expect(planMarks(makePlan()).map((mark) => mark.teeth)).toEqual([['1.6'], ['2.6']]);
  });
});
