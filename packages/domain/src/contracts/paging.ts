import { z } from 'zod';

/**
 * Paged lists count their matches exactly up to this many; past it they answer "peste 1.000" (issue 20):
 * counting every match of a broad search at a million patients cost most of the call. Decision 0040.
 */
export const PAGED_TOTAL_CAP = 1000;

/**
 * How many matches the count of a page may stop at: one past the cap, or one past the end of the page
 * asked for when that is further, so that the answer always tells whether a next page exists.
 */
export function countLimit(page: { offset: number; limit: number }): number {
  return Math.max(PAGED_TOTAL_CAP, page.offset + page.limit) + 1;
}

/**
 * The total a paged answer carries, from a count that stopped at `limit` (countLimit): exact below it;
 * at it, `limit - 1` with `totalIsCapped`, which reads "more than `total`".
 */
export function pagedTotal(counted: number, limit: number): PagedTotal {
  return counted >= limit
    ? { total: limit - 1, totalIsCapped: true }
    : { total: counted, totalIsCapped: false };
}

/**
 * The fields every capped paged answer has. `total` keeps its name (SPEC.md's pager fields): exact when
 * `totalIsCapped` is false; otherwise a lower bound — there are more than `total` matches, and more than
 * the page asked for, so a next page exists.
 */
export const pagedTotalFields = {
  total: z.number().int(),
  totalIsCapped: z.boolean(),
};
export interface PagedTotal {
  total: number;
  totalIsCapped: boolean;
}
