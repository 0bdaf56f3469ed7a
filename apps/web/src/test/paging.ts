import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { countLimit, pagedTotal, type PagedTotal } from '@odonto/domain/contracts/paging';

/**
 * Page `page` of a list of `total` rows as the server answers it: its total capped past 1,000 the way
 * the server caps it (decision 0040), and how many rows that page has.
 */
export function pagedAnswer(
  page: number,
  total: number,
  pageSize: number,
): PagedTotal & { page: number; pageSize: number; rowCount: number } {
  const offset = (page - 1) * pageSize;
  const limit = countLimit({ offset, limit: pageSize });
  return {
    ...pagedTotal(Math.min(total, limit), limit),
    page,
    pageSize,
    rowCount: Math.max(0, Math.min(pageSize, total - offset)),
  };
}

/** The list's pager shows `summary`, and its next button is enabled or not. */
export async function expectPager(summary: string, isNextEnabled: boolean): Promise<void> {
  expect(await screen.findByText(summary)).toBeTruthy();
  const next = screen.getByRole<HTMLButtonElement>('button', { name: 'Pagina următoare' });
  expect(next.disabled).toBe(!isNextEnabled);
}
