import { describe, expect, it } from 'vitest';
import {
  publicReviewInput,
  REVIEW_MESSAGES,
  reviewFilterQuery,
  reviewListQuery,
  reviewRequestInput,
  reviewSettings,
  REVIEW_TOKEN_PATTERN,
  reviewTokenParams,
} from './reviews';

describe('reviewListQuery', () => {
  it.each([
    [{}, { page: 1 }],
    [{ page: '3' }, { page: 3 }],
    [{ doctor: '', rating: '', from: '', to: '' }, { page: 1 }],
    [
      { doctor: ' u-1 ', rating: 'low', from: '2026-01-01', to: '2026-01-31' },
      { doctor: 'u-1', rating: 'low', from: '2026-01-01', to: '2026-01-31', page: 1 },
    ],
    [
      { rating: '5', from: '2026-02-01', to: '2026-02-01' },
      { rating: '5', from: '2026-02-01', to: '2026-02-01' },
    ],
  ])('%j', (query, expected) => {
    expect(reviewListQuery.parse(query)).toMatchObject(expected);
  });

  it.each([
    ['a rating of six', { rating: '6' }, 'rating'],
    ['a rating of zero', { rating: '0' }, 'rating'],
    ['a day that does not exist', { from: '2026-02-30' }, 'from'],
    ['a Romanian date format', { to: '01.02.2026' }, 'to'],
    ['a period ending before it starts', { from: '2026-03-01', to: '2026-02-01' }, 'to'],
    ['page zero', { page: '0' }, 'page'],
    ['an unknown filter', { patient: 'x' }, ''],
  ])('rejects %s', (_name, query, path) => {
    const result = reviewListQuery.safeParse(query);
    expect(result.success).toBe(false);
    if (!result.success && path) expect(result.error.issues[0]?.path[0]).toBe(path);
  });

  it('tells a reversed period in Romanian', () => {
    const result = reviewFilterQuery.safeParse({ from: '2026-03-01', to: '2026-02-01' });
    expect(result.error?.issues[0]?.message).toBe(REVIEW_MESSAGES.periodReversed);
  });
});

describe('publicReviewInput', () => {
  it.each([
    [{ rating: 5 }, { rating: 5, comment: '' }],
    [
      { rating: 1, comment: '  Am așteptat mult.  ' },
      { rating: 1, comment: 'Am așteptat mult.' },
    ],
  ])('%j', (body, expected) => {
    expect(publicReviewInput.parse(body)).toEqual(expected);
  });

  it.each([
    ['no rating', {}],
    ['zero stars', { rating: 0 }],
    ['six stars', { rating: 6 }],
    ['half a star', { rating: 3.5 }],
    ['stars as text', { rating: '4' }],
  ])('asks for 1–5 stars on %s', (_name, body) => {
    const result = publicReviewInput.safeParse(body);
    expect(result.error?.issues[0]?.message).toBe(REVIEW_MESSAGES.ratingRequired);
  });

  it('refuses a comment over 2000 characters and unknown fields', () => {
    expect(
      publicReviewInput.safeParse({ rating: 4, comment: 'a'.repeat(2001) }).error?.issues[0]?.message,
    ).toBe(REVIEW_MESSAGES.commentTooLong);
    expect(publicReviewInput.safeParse({ rating: 4, medic: 'x' }).success).toBe(false);
  });
});

describe('reviewRequestInput, reviewSettings and token params', () => {
  it('takes an appointment and a channel', () => {
    expect(reviewRequestInput.parse({ appointmentId: ' a1 ', channel: 'email' })).toEqual({
      appointmentId: 'a1',
      channel: 'email',
    });
    expect(reviewRequestInput.safeParse({ appointmentId: 'a1', channel: 'fax' }).success).toBe(false);
    expect(reviewRequestInput.safeParse({ appointmentId: '', channel: 'sms' }).success).toBe(false);
  });

  it('needs both settings', () => {
    expect(reviewSettings.parse({ autoRequest: true, channel: 'sms' })).toEqual({
      autoRequest: true,
      channel: 'sms',
    });
    expect(reviewSettings.safeParse({ autoRequest: true }).success).toBe(false);
  });

  it.each([
    ['a 43-character url-safe token', 'aB3_-'.repeat(8) + 'xyz', true],
    ['a short token', 'abc', false],
    ['a token with a slash', 'a/'.repeat(15), false],
    ['a token with a dot', 'a.'.repeat(15), false],
  ])('%s', (_name, token, valid) => {
    expect(REVIEW_TOKEN_PATTERN.test(token)).toBe(valid);
    expect(reviewTokenParams.safeParse({ token }).success).toBe(true);
  });
});
