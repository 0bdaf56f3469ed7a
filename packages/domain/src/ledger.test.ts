import { describe, expect, it } from 'vitest';
import {
  allocatePayment,
  balanceOf,
  commissionFor,
  openAmounts,
  settleFromAdvance,
  type OpenCharge,
} from './ledger';

const charges: OpenCharge[] = [
  { id: 'c2', openBani: 30_000, createdAt: '2026-11-02T10:00:00.000Z' },
  { id: 'c1', openBani: 15_000, createdAt: '2026-11-01T10:00:00.000Z' },
  { id: 'c3', openBani: 50_000, createdAt: '2026-11-03T10:00:00.000Z' },
];

describe('allocatePayment', () => {
  it.each<[string, number, string[] | null, [string, number][], number]>([
    [
      'oldest first',
      20_000,
      null,
      [
        ['c1', 15_000],
        ['c2', 5000],
      ],
      0,
    ],
    [
      'exactly everything',
      95_000,
      null,
      [
        ['c1', 15_000],
        ['c2', 30_000],
        ['c3', 50_000],
      ],
      0,
    ],
    [
      'more than owed leaves an advance',
      100_000,
      null,
      [
        ['c1', 15_000],
        ['c2', 30_000],
        ['c3', 50_000],
      ],
      5000,
    ],
    ['the user picks the order', 40_000, ['c3'], [['c3', 40_000]], 0],
    ['a picked charge is settled only up to its open amount', 60_000, ['c1'], [['c1', 15_000]], 45_000],
    ['an unknown picked id is ignored', 1000, ['zz', 'c2'], [['c2', 1000]], 0],
    ['zero pays nothing', 0, null, [], 0],
    ['a negative amount (refund) allocates nothing', -500, null, [], 0],
  ])('%s', (_name, amount, picked, allocations, advance) => {
    const plan = allocatePayment(amount, charges, picked);
    expect(plan.allocations.map((a) => [a.chargeId, a.amountBani])).toEqual(allocations);
    expect(plan.advanceBani).toBe(advance);
  });

  it('with no open charge the whole payment is an advance', () => {
    expect(allocatePayment(12_345, [])).toEqual({ allocations: [], advanceBani: 12_345 });
  });
});

describe('openAmounts', () => {
  it('subtracts reversals and allocations', () => {
    const open = openAmounts(
      [
        { id: 'a', amountBani: 10_000 },
        { id: 'b', amountBani: 20_000 },
        { id: 'b', amountBani: -20_000 },
      ],
      [{ chargeId: 'a', amountBani: 4000 }],
    );
    expect(Object.fromEntries(open)).toEqual({ a: 6000, b: 0 });
  });
});

describe('balanceOf', () => {
  it.each([
    [100_000, 40_000, 'de plată', 60_000],
    [100_000, 100_000, 'achitat', 0],
    [0, 25_000, 'avans', 25_000],
    [50_000, 60_000, 'avans', 10_000],
  ] as const)('charges %i, payments %i → %s %i', (charged, paid, kind, amount) => {
    expect(balanceOf(charged, paid)).toEqual({ kind, amountBani: amount });
  });
});

describe('commissionFor', () => {
  it.each<[number, number, number | null, number]>([
    [100_000, 3000, null, 30_000],
    [100_000, 3000, 4500, 45_000],
    [333, 1000, null, 33],
    [335, 1000, null, 34],
    [100_000, 3000, 0, 0],
  ])('%i at %i bp (override %s) = %i', (allocated, general, override, expected) => {
    expect(commissionFor(allocated, general, override)).toBe(expected);
  });
});

describe('settleFromAdvance', () => {
  const source = (paymentId: string, leftBani: number, createdAt: string) => ({
    paymentId,
    leftBani,
    createdAt,
  });
  const open = (id: string, openBani: number, createdAt: string) => ({ id, openBani, createdAt });

  it.each([
    {
      name: 'nothing without an advance',
      advance: 0,
      sources: [source('p1', 10_000, '2026-03-01')],
      charges: [open('c1', 5_000, '2026-03-02')],
      expected: [],
    },
    {
      name: 'a new charge taken whole from the advance',
      advance: 50_000,
      sources: [source('p1', 50_000, '2026-03-01')],
      charges: [open('c1', 30_000, '2026-03-02')],
      expected: [{ paymentId: 'p1', chargeId: 'c1', amountBani: 30_000 }],
    },
    {
      name: 'an advance smaller than the charges: the oldest charge first, the rest stays open',
      advance: 20_000,
      sources: [source('p1', 20_000, '2026-03-01')],
      charges: [open('c2', 15_000, '2026-03-03'), open('c1', 10_000, '2026-03-02')],
      expected: [
        { paymentId: 'p1', chargeId: 'c1', amountBani: 10_000 },
        { paymentId: 'p1', chargeId: 'c2', amountBani: 10_000 },
      ],
    },
    {
      name: 'the oldest payment first, across two payments',
      advance: 30_000,
      sources: [source('p2', 20_000, '2026-03-02'), source('p1', 10_000, '2026-03-01')],
      charges: [open('c1', 25_000, '2026-03-03')],
      expected: [
        { paymentId: 'p1', chargeId: 'c1', amountBani: 10_000 },
        { paymentId: 'p2', chargeId: 'c1', amountBani: 15_000 },
      ],
    },
    {
      name: 'a refund lowered the advance below what the payments left: only what is held',
      advance: 5_000,
      sources: [source('p1', 20_000, '2026-03-01')],
      charges: [open('c1', 30_000, '2026-03-02')],
      expected: [{ paymentId: 'p1', chargeId: 'c1', amountBani: 5_000 }],
    },
  ])('$name', ({ advance, sources, charges, expected }) => {
    expect(settleFromAdvance(advance, sources, charges)).toEqual(expected);
  });
});
