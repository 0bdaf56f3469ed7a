import { describe, expect, it } from 'vitest';
import {
  alternativeTotals,
  discountOn,
  effectiveStatus,
  lineTotals,
  planProgress,
  statusAfterProgress,
  teethLabel,
  type Discount,
  type PlanAlternativeLike,
} from './plans';

const pct = (bp: number): Discount => ({ kind: 'percent', bp });
const amt = (bani: number): Discount => ({ kind: 'amount', bani });

describe('lineTotals (rules 1 and 2)', () => {
  it.each<[string, number, number, Discount | null, number, number]>([
    ['no discount', 2, 30_000, null, 60_000, 0],
    ['10 %', 1, 125_000, pct(1000), 125_000, 12_500],
    ['percent rounds half away from zero', 1, 333, pct(1500), 333, 50],
    ['percent below half a ban rounds down', 1, 333, pct(1000), 333, 33],
    ['amount', 3, 10_000, amt(5000), 30_000, 5000],
    ['amount capped at the gross', 1, 1000, amt(5000), 1000, 1000],
    ['100 %', 4, 2500, pct(10_000), 10_000, 10_000],
    ['free item', 1, 0, pct(5000), 0, 0],
  ])('%s', (_name, quantity, unitPriceBani, discount, gross, discountBani) => {
    expect(lineTotals({ quantity, unitPriceBani, discount })).toEqual({
      grossBani: gross,
      discountBani,
      netBani: gross - discountBani,
    });
  });

  it('never discounts a negative amount', () => {
    expect(discountOn(1000, amt(-5))).toBe(0);
  });
});

function alternative(
  discount: Discount | null,
  ...phases: [number, number, Discount | null][][]
): PlanAlternativeLike {
  let next = 0;
  return {
    discount,
    phases: phases.map((items) => ({
      items: items.map(([quantity, unitPriceBani, itemDiscount]) => {
        next += 1;
        return { id: `i${next}`, quantity, unitPriceBani, discount: itemDiscount };
      }),
    })),
  };
}

describe('alternativeTotals (rules 3 and 4)', () => {
  it.each<[string, PlanAlternativeLike, number, number, number, number[], number[]]>([
    [
      'one phase, no discounts',
      alternative(null, [
        [1, 15_000, null],
        [2, 30_000, null],
      ]),
      75_000,
      0,
      75_000,
      [75_000],
      [15_000, 60_000],
    ],
    [
      'phase totals add the lines after their own discounts',
      alternative(null, [[1, 10_000, pct(1000)]], [[1, 20_000, amt(500)]]),
      28_500,
      0,
      28_500,
      [9000, 19_500],
      [9000, 19_500],
    ],
    [
      'an alternative percent discount is rounded once and spread exactly',
      alternative(pct(1000), [
        [1, 333, null],
        [1, 333, null],
        [1, 334, null],
      ]),
      1000,
      100,
      900,
      [900],
      [300, 300, 300],
    ],
    [
      'an odd ban of the spread goes to the largest remainder, earliest first',
      alternative(amt(100), [
        [1, 1000, null],
        [1, 1000, null],
        [1, 1000, null],
      ]),
      3000,
      100,
      2900,
      [2900],
      [966, 967, 967],
    ],
    [
      'an amount discount is capped at the subtotal',
      alternative(amt(99_999), [[1, 500, null]]),
      500,
      500,
      0,
      [0],
      [0],
    ],
    ['an empty phase totals zero', alternative(null, [], [[1, 700, null]]), 700, 0, 700, [0, 700], [700]],
  ])('%s', (_name, source, subtotal, discount, total, phaseFinals, itemFinals) => {
    const totals = alternativeTotals(source);
    expect(totals.subtotalBani).toBe(subtotal);
    expect(totals.discountBani).toBe(discount);
    expect(totals.totalBani).toBe(total);
    expect(totals.phases.map((phase) => phase.finalBani)).toEqual(phaseFinals);
    const finals = totals.phases.flatMap((phase) => phase.items.map((item) => item.finalBani));
    expect(finals).toEqual(itemFinals);
    expect(finals.reduce((a, b) => a + b, 0)).toBe(total);
  });
});

describe('planProgress', () => {
  const totals = alternativeTotals(
    alternative(
      null,
      [
        [1, 10_000, null],
        [1, 30_000, null],
      ],
      [[1, 60_000, null]],
    ),
  );

  it.each<[string, string[], number, number, number, number]>([
    ['nothing done', [], 0, 100_000, 0, 0],
    ['the first item', ['i1'], 10_000, 90_000, 1000, 3333],
    ['two of three', ['i1', 'i3'], 70_000, 30_000, 7000, 6666],
    ['everything', ['i1', 'i2', 'i3'], 100_000, 0, 10_000, 10_000],
    ['an unknown id counts for nothing', ['x'], 0, 100_000, 0, 0],
  ])('%s', (_name, done, amountDone, remaining, byAmount, byItems) => {
    const progress = planProgress(totals, new Set(done));
    expect(progress.amountDoneBani).toBe(amountDone);
    expect(progress.amountRemainingBani).toBe(remaining);
    expect(progress.percentByAmountBp).toBe(byAmount);
    expect(progress.percentByItemsBp).toBe(byItems);
  });

  it('a free plan counts its progress by items', () => {
    const free = alternativeTotals(
      alternative(null, [
        [1, 0, null],
        [1, 0, null],
      ]),
    );
    expect(planProgress(free, new Set(['i1'])).percentByAmountBp).toBe(5000);
  });
});

describe('statuses', () => {
  it.each([
    ['propus', '2026-12-01', '2026-11-30', 'propus'],
    ['propus', '2026-12-01', '2026-12-01', 'propus'],
    ['propus', '2026-12-01', '2026-12-02', 'expirat'],
    ['acceptat', '2026-01-01', '2026-12-02', 'acceptat'],
    ['respins', '2026-01-01', '2026-12-02', 'respins'],
  ] as const)('%s valid until %s on %s shows %s', (stored, validUntil, today, shown) => {
    expect(effectiveStatus(stored, validUntil, today)).toBe(shown);
  });

  const progress = (done: number, total: number) => ({
    itemsDone: done,
    itemsTotal: total,
    amountDoneBani: 0,
    amountRemainingBani: 0,
    percentByAmountBp: 0,
    percentByItemsBp: 0,
  });
  it.each([
    ['acceptat', 0, 3, 'acceptat'],
    ['acceptat', 1, 3, 'în lucru'],
    ['în lucru', 3, 3, 'finalizat'],
    ['finalizat', 2, 3, 'în lucru'],
    ['propus', 1, 3, 'propus'],
    ['respins', 3, 3, 'respins'],
  ] as const)('%s with %i of %i done becomes %s', (stored, done, total, next) => {
    expect(statusAfterProgress(stored, progress(done, total))).toBe(next);
  });
});

describe('teethLabel', () => {
  it.each<[string[], { start: string; end: string } | null, string]>([
    [['1.6'], null, '1.6'],
    [['1.6', '2.6'], null, '1.6, 2.6'],
    [['1.4', '1.5', '1.6'], { start: '1.4', end: '1.6' }, '1.4–1.6'],
    [[], null, ''],
  ])('%j', (teeth, span, label) => {
    expect(teethLabel(teeth, span)).toBe(label);
  });
});
