import { describe, expect, it } from 'vitest';
import {
  anafStateOf,
  cifDigits,
  isFinalState,
  isTokenDue,
  MAX_UPLOAD_ATTEMPTS,
  statusPollAt,
  uploadRetryAt,
  type SubmissionState,
} from './efactura-sending';

const T0 = Date.parse('2026-03-02T09:00:00.000Z');
const MIN = 60_000;

describe('uploadRetryAt', () => {
  it.each([
    [1, T0 + MIN],
    [2, T0 + 2 * MIN],
    [3, T0 + 4 * MIN],
    [6, T0 + 32 * MIN],
    [7, T0 + 60 * MIN],
    [MAX_UPLOAD_ATTEMPTS - 1, T0 + 60 * MIN],
    [MAX_UPLOAD_ATTEMPTS, null],
    [MAX_UPLOAD_ATTEMPTS + 3, null],
  ])('after attempt %i → %s', (attempts, expected) => {
    expect(uploadRetryAt(T0, attempts)).toBe(expected);
  });
});

describe('statusPollAt', () => {
  it.each([
    [0, T0 + MIN / 4],
    [1, T0 + MIN / 2],
    [2, T0 + MIN],
    [5, T0 + 8 * MIN],
    [8, T0 + 60 * MIN],
    [40, T0 + 60 * MIN],
  ])('after %i polls → %s', (polls, expected) => {
    expect(statusPollAt(T0, polls)).toBe(expected);
  });
});

describe('isTokenDue', () => {
  it.each([
    ['90 days left', '2026-05-31T09:00:00.000Z', false],
    ['25 hours left', '2026-03-03T10:00:00.000Z', false],
    ['exactly a day left', '2026-03-03T09:00:00.000Z', true],
    ['an hour left', '2026-03-02T10:00:00.000Z', true],
    ['expired', '2026-03-01T09:00:00.000Z', true],
  ])('%s → %s', (_label, expiresAt, due) => {
    expect(isTokenDue(expiresAt, T0)).toBe(due);
  });
});

describe('anafStateOf', () => {
  it.each([
    ['ok', 'ok'],
    ['nok', 'nok'],
    [' in prelucrare ', 'processing'],
    ['XML cu erori nepreluat de sistem', 'rejected'],
    ['altceva', null],
  ])('%j → %s', (stare, expected) => {
    expect(anafStateOf(stare)).toBe(expected);
  });
});

describe('cifDigits', () => {
  it.each([
    ['RO14399840', '14399840'],
    ['ro 14399840', '14399840'],
    ['14399840', '14399840'],
    [' 1439 9840 ', '14399840'],
  ])('%j → %s', (cif, expected) => {
    expect(cifDigits(cif)).toBe(expected);
  });
});

describe('isFinalState', () => {
  it.each<[SubmissionState, boolean]>([
    ['queued', false],
    ['uploading', false],
    ['uploaded', false],
    ['check', false],
    ['ok', true],
    ['nok', true],
    ['failed', true],
  ])('%s → %s', (state, final) => {
    expect(isFinalState(state)).toBe(final);
  });
});
