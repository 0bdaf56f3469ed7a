import { useSearchParams } from 'react-router';
import { RATING_FILTERS, type RatingFilter, type ReviewFilterQuery } from '@odonto/domain/contracts/reviews';
import type { ReviewListParams } from './api';

/** The reviews screen's filters as they sit in the address (`?doctor=…&rating=low&from=…&page=2`). */
export interface ReviewFilters {
  /** A doctor's account id. */
  doctor: string;
  rating: RatingFilter | '';
  from: string;
  to: string;
}

const KEYS = ['doctor', 'rating', 'from', 'to'] as const;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const NO_FILTERS: ReviewFilters = { doctor: '', rating: '', from: '', to: '' };

/** The filters of an address; a hand-edited bad value is ignored rather than sent. */
export function readReviewFilters(params: URLSearchParams): ReviewFilters {
  const text = (key: string) => params.get(key)?.trim() ?? '';
  const day = (key: string) => (ISO_DAY.test(text(key)) ? text(key) : '');
  const rating = text('rating');
  return {
    doctor: text('doctor'),
    rating: (RATING_FILTERS as readonly string[]).includes(rating) ? (rating as RatingFilter) : '',
    from: day('from'),
    to: day('to'),
  };
}

/** The page of an address: a whole number from 1; anything else is page 1. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Only the filters that are set, in a fixed order; page 1 is left out. */
export function toReviewSearch(filters: ReviewFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) if (filters[key] !== '') params.set(key, filters[key]);
  if (page > 1) params.set('page', String(page));
  return params;
}

export function toFilterQuery(filters: ReviewFilters): ReviewFilterQuery {
  return {
    ...(filters.doctor ? { doctor: filters.doctor } : {}),
    ...(filters.rating ? { rating: filters.rating } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
}

export function toListQuery(filters: ReviewFilters, page: number): ReviewListParams {
  return { ...toFilterQuery(filters), page };
}

export function hasActiveFilters(filters: ReviewFilters): boolean {
  return KEYS.some((key) => filters[key] !== '');
}

/** The screen's state kept in the address; any filter change goes back to page 1. */
export function useReviewParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readReviewFilters(searchParams);
  const page = readPage(searchParams);

  function setFilters(patch: Partial<ReviewFilters>) {
    setSearchParams((current) => toReviewSearch({ ...readReviewFilters(current), ...patch }, 1));
  }

  function setPage(next: number) {
    setSearchParams((current) => toReviewSearch(readReviewFilters(current), Math.max(1, next)));
  }

  function resetFilters() {
    setSearchParams(new URLSearchParams());
  }

  return { filters, page, setFilters, setPage, resetFilters };
}
