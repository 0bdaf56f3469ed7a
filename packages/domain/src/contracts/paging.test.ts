import { describe, expect, it } from 'vitest';
import { countLimit, pagedTotal, PAGED_TOTAL_CAP } from './paging';

describe('capped list totals', () => {
  it.each([
    [{ offset: 0, limit: 10 }, 1001],
    [{ offset: 990, limit: 10 }, 1001],
    [{ offset: 1000, limit: 10 }, 1011],
    [{ offset: 4990, limit: 10 }, 5001],
    [{ offset: 0, limit: 50 }, 1001],
  ])('counts page %j up to %i matches', (page, limit) => {
    expect(countLimit(page)).toBe(limit);
  });

  it.each([
    [0, 1001, { total: 0, totalIsCapped: false }],
    [999, 1001, { total: 999, totalIsCapped: false }],
    [1000, 1001, { total: 1000, totalIsCapped: false }],
    [1001, 1001, { total: 1000, totalIsCapped: true }],
    [1234, 5001, { total: 1234, totalIsCapped: false }],
    [5001, 5001, { total: 5000, totalIsCapped: true }],
  ])('answers %i counted (stopped at %i) as %j', (counted, limit, expected) => {
    expect(pagedTotal(counted, limit)).toEqual(expected);
  });

  it('is exact up to the cap on the first page', () => {
    expect(PAGED_TOTAL_CAP).toBe(1000);
    expect(pagedTotal(PAGED_TOTAL_CAP, countLimit({ offset: 0, limit: 10 })).totalIsCapped).toBe(false);
  });
});
