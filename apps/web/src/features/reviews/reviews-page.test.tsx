import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  REVIEW_MESSAGES,
  type Review,
  type ReviewListResponse,
  type ReviewStatsResponse,
} from '@odonto/domain/contracts/reviews';
import { formatTreatmentDate } from '@odonto/domain/dates';
import { routes } from '../../app/router';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { apiError, mockApi, type MockAnswer, type MockHandler } from '../../test/mock-api';
import { expectPager, pagedAnswer } from '../../test/paging';
import { renderRoutes } from '../../test/render';

function review(id: string, overrides: Partial<Review> = {}): Review {
  return {
    _id: id,
    rating: 5,
    comment: 'Punctuali și foarte blânzi.',
    patientId: 'p1',
    patientName: 'Popescu Ana',
    doctorId: 'd1',
    medic: 'Dr. Ioana Marin',
    createdAt: '2026-03-02T10:00:00.000Z',
    appointmentId: 'a1',
    isLow: false,
    ...overrides,
  };
}

const LONG_COMMENT = `Am așteptat peste o oră. ${'Nimeni nu ne-a spus de ce. '.repeat(5)}Final.`;

const LIST: ReviewListResponse = {
  reviews: [
    review('r2', { rating: 2, comment: LONG_COMMENT, isLow: true, patientName: 'Ionescu Dan' }),
    review('r1'),
  ],
  total: 2,
  totalIsCapped: false,
  page: 1,
  pageSize: 20,
};

const STATS: ReviewStatsResponse = {
  overall: { average: 3.5, count: 2, distribution: [0, 1, 0, 0, 1] },
  doctors: [
    { doctorId: 'd1', medic: 'Dr. Ioana Marin', average: 3.5, count: 2, distribution: [0, 1, 0, 0, 1] },
  ],
  monthly: [
    { month: '2026-02', average: null, count: 0 },
    { month: '2026-03', average: 3.5, count: 2 },
  ],
};

function reviewsApi(list: MockHandler = { body: LIST }, stats: MockAnswer = { body: STATS }) {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(['medic']) },
    'GET /api/reviews': list,
    'GET /api/reviews/stats': stats,
    'GET /api/reviews/doctors': { body: [{ id: 'd1', nume: 'Dr. Ioana Marin' }] },
  });
}

/** Answers the asked page of `total` reviews (a few rows stand for each page's 20). */
function pagedReviews(total: number): MockHandler {
  return ({ url }) => {
    const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
    const { rowCount, ...paged } = pagedAnswer(page, total, 20);
    const reviews = Array.from({ length: Math.min(2, rowCount) }, (_, i) => review(`r${page}-${i}`));
    return { body: { reviews, ...paged } satisfies ReviewListResponse };
  };
}

async function openReviews(path = '/reviews') {
  renderRoutes(routes, path);
  await screen.findByRole('heading', { name: 'Recenzii', level: 1 });
}

describe('reviews screen', () => {
  it('lists stars, comment, patient, doctor and date, flags a low score, and opens it in the rating modal', async () => {
    reviewsApi();
    await openReviews();
    const list = screen.getByRole('region', { name: 'Lista recenziilor' });
    const rows = await within(list).findAllByRole('row');
    // The header row and the two reviews, newest first.
    expect(rows).toHaveLength(3);
    const low = rows[1] as HTMLElement;
    expect(within(low).getByRole('img', { name: '2 stele din 5' })).toBeTruthy();
    expect(within(low).getByText('De urmărit')).toBeTruthy();
    expect(within(low).getByText('Ionescu Dan')).toBeTruthy();
    expect(within(low).getByText('Dr. Ioana Marin')).toBeTruthy();
    expect(within(low).getByText(formatTreatmentDate('2026-03-02T10:00:00.000Z'))).toBeTruthy();
    // The list cuts a long comment to one line.
    expect(within(low).queryByText(LONG_COMMENT)).toBeNull();
    const good = rows[2] as HTMLElement;
    expect(within(good).getByText('Punctuali și foarte blânzi.')).toBeTruthy();
    expect(within(good).queryByText('De urmărit')).toBeNull();

    expect(screen.getByTestId('overall-average').textContent).toContain('3,5');
    const doctors = screen.getByRole('region', { name: 'Statistici pe medici' });
    expect(within(doctors).getByRole('row', { name: 'Dr. Ioana Marin' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Media pe luni' })).getAllByRole('listitem')).toHaveLength(
      2,
    );

    await userEvent.click(within(low).getByText('Ionescu Dan'));
    const modal = await screen.findByRole('dialog', { name: 'Recenzie' });
    expect(within(modal).getByTestId('review-comment').textContent).toContain(LONG_COMMENT);
    expect(within(modal).getByText('Scor mic: de urmărit')).toBeTruthy();
  });

  it('asks the server for the low scores when that filter is chosen', async () => {
    const { calls } = reviewsApi();
    await openReviews();
    await userEvent.click(screen.getByRole('combobox', { name: 'Stele' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Scoruri mici (1–2 stele)' }));
    await waitFor(() =>
      expect(calls.some((call) => /^\/api\/reviews\?.*rating=low/.test(call.url))).toBe(true),
    );
    expect(calls.some((call) => /^\/api\/reviews\/stats\?.*rating=low/.test(call.url))).toBe(true);
  });

  it('shows 1.000+ past 1,000 reviews and still pages forward', async () => {
    reviewsApi(pagedReviews(1005));
    await openReviews();
    await expectPager('Pagina 1 din 50+ · 1.000+ recenzii', true);
    await userEvent.click(screen.getByRole('button', { name: 'Pagina următoare' }));
    await expectPager('Pagina 2 din 50+ · 1.000+ recenzii', true);
  });

  it('pages from page 50 of a capped total to the last, where the total is exact again', async () => {
    reviewsApi(pagedReviews(1005));
    await openReviews('/reviews?page=50');
    await expectPager('Pagina 50 din 50+ · 1.000+ recenzii', true);
    await userEvent.click(screen.getByRole('button', { name: 'Pagina următoare' }));
    await expectPager('Pagina 51 din 51 · 1005 recenzii', false);
  });

  it('shows the error of a failed fetch (SPEC.md §8)', async () => {
    reviewsApi(apiError(500, 'internal', 'Eroare internă a serverului.'));
    await openReviews();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(REVIEW_MESSAGES.fetchFailed);
    expect(alert.textContent).toContain('Eroare internă a serverului.');
  });
});
