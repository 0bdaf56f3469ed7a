import { describe, expect, it } from 'vitest';
import {
  autoRequestChannel,
  greetingName,
  isDueForAutoRequest,
  isLowRating,
  lastMonths,
  monthlyAverages,
  monthOf,
  monthRange,
  ratingStats,
  ratingStatsFromDistribution,
  requestIneligibility,
  reviewTokenExpiresAt,
  reviewTokenState,
  statsByDoctor,
  type RequestCandidate,
} from './reviews';

describe('isLowRating', () => {
  it.each([
    [1, true],
    [2, true],
    [3, false],
    [4, false],
    [5, false],
  ])('%i stars → %s', (rating, low) => {
    expect(isLowRating(rating)).toBe(low);
  });
});

describe('ratingStats', () => {
  it.each([
    ['no reviews', [], { average: null, count: 0, distribution: [0, 0, 0, 0, 0] }],
    ['one review', [4], { average: 4, count: 1, distribution: [0, 0, 0, 1, 0] }],
    [
      'an average rounded to two decimals',
      [5, 4, 4],
      { average: 4.33, count: 3, distribution: [0, 0, 0, 2, 1] },
    ],
    ['every rating once', [1, 2, 3, 4, 5], { average: 3, count: 5, distribution: [1, 1, 1, 1, 1] }],
    ['values outside 1–5 ignored', [0, 6, 2.5, 5], { average: 5, count: 1, distribution: [0, 0, 0, 0, 1] }],
  ])('%s', (_name, ratings, expected) => {
    expect(ratingStats(ratings)).toEqual(expected);
  });
});

describe('ratingStatsFromDistribution', () => {
  it.each([
    [[0, 0, 0, 0, 0], { average: null, count: 0, distribution: [0, 0, 0, 0, 0] }],
    [[1, 0, 0, 2, 1], { average: 3.5, count: 4, distribution: [1, 0, 0, 2, 1] }],
    [[0, 0, 3], { average: 3, count: 3, distribution: [0, 0, 3, 0, 0] }],
  ])('%j', (counts, expected) => {
    expect(ratingStatsFromDistribution(counts)).toEqual(expected);
    expect(ratingStatsFromDistribution(counts)).toEqual(
      ratingStats(counts.flatMap((times, index) => Array<number>(times).fill(index + 1))),
    );
  });
});

describe('statsByDoctor', () => {
  it('counts each doctor apart, in Romanian name order', () => {
    const stats = statsByDoctor([
      { doctorId: 'u3', medic: 'Dr. Ștefan Pop', rating: 5 },
      { doctorId: 'u1', medic: 'Dr. Ana Ionescu', rating: 1 },
      { doctorId: 'u3', medic: 'Dr. Ștefan Pop', rating: 4 },
      { doctorId: 'u2', medic: 'Dr. Sorin Matei', rating: 3 },
    ]);
    expect(stats.map((doctor) => [doctor.doctorId, doctor.medic, doctor.average, doctor.count])).toEqual([
      ['u1', 'Dr. Ana Ionescu', 1, 1],
      ['u2', 'Dr. Sorin Matei', 3, 1],
      ['u3', 'Dr. Ștefan Pop', 4.5, 2],
    ]);
    expect(stats[2]?.distribution).toEqual([0, 0, 0, 1, 1]);
  });

  it('keeps two doctors of the same name apart', () => {
    const stats = statsByDoctor([
      { doctorId: 'b', medic: 'Dr. Pop', rating: 5 },
      { doctorId: 'a', medic: 'Dr. Pop', rating: 1 },
    ]);
    expect(stats.map((doctor) => [doctor.doctorId, doctor.average])).toEqual([
      ['a', 1],
      ['b', 5],
    ]);
  });

  it('answers no doctor for no reviews', () => {
    expect(statsByDoctor([])).toEqual([]);
  });
});

describe('months', () => {
  it.each([
    ['a summer evening in Bucharest', '2026-06-30T20:59:59.000Z', '2026-06'],
    ['midnight of 1 July in Bucharest is still 30 June in UTC', '2026-06-30T21:00:00.000Z', '2026-07'],
    ['new year in Bucharest', '2025-12-31T22:30:00.000Z', '2026-01'],
    ['not a date', 'ieri', ''],
  ])('monthOf: %s', (_name, at, month) => {
    expect(monthOf(at)).toBe(month);
  });

  it.each([
    ['2026-01', '2026-03', ['2026-01', '2026-02', '2026-03']],
    ['2025-11', '2026-02', ['2025-11', '2025-12', '2026-01', '2026-02']],
    ['2026-05', '2026-05', ['2026-05']],
    ['2026-05', '2026-04', []],
  ])('monthRange %s → %s', (from, to, months) => {
    expect(monthRange(from, to)).toEqual(months);
  });

  it('lastMonths ends with the current month in Bucharest', () => {
    expect(lastMonths(new Date('2026-02-28T22:30:00.000Z'), 3)).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(lastMonths(new Date('2026-02-10T10:00:00.000Z'), 6)).toEqual([
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });

  it('monthlyAverages averages each month and leaves empty months null', () => {
    const reviews = [
      { createdAt: '2026-01-05T10:00:00.000Z', rating: 5 },
      { createdAt: '2026-01-20T10:00:00.000Z', rating: 2 },
      { createdAt: '2026-03-01T10:00:00.000Z', rating: 4 },
      { createdAt: '2025-12-31T10:00:00.000Z', rating: 1 },
    ];
    expect(monthlyAverages(reviews, ['2026-01', '2026-02', '2026-03'])).toEqual([
      { month: '2026-01', average: 3.5, count: 2 },
      { month: '2026-02', average: null, count: 0 },
      { month: '2026-03', average: 4, count: 1 },
    ]);
  });
});

describe('review tokens', () => {
  const sentAt = new Date('2026-03-02T09:00:00.000Z');
  const expiresAt = reviewTokenExpiresAt(sentAt).toISOString();

  it('expire 14 days after they were sent', () => {
    expect(expiresAt).toBe('2026-03-16T09:00:00.000Z');
  });

  it.each([
    ['just sent', '2026-03-02T09:00:00.000Z', null, 'open'],
    ['a minute before expiry', '2026-03-16T08:59:00.000Z', null, 'open'],
    ['at the expiry instant', '2026-03-16T09:00:00.000Z', null, 'expired'],
    ['after expiry', '2026-04-01T00:00:00.000Z', null, 'expired'],
    ['used, still within 14 days', '2026-03-03T09:00:00.000Z', '2026-03-02T10:00:00.000Z', 'used'],
    ['used, then expired: still used', '2026-05-01T00:00:00.000Z', '2026-03-02T10:00:00.000Z', 'used'],
  ] as const)('%s → %s', (_name, now, usedAt, state) => {
    expect(reviewTokenState({ expiresAt, usedAt }, new Date(now))).toBe(state);
  });
});

describe('requestIneligibility', () => {
  const now = new Date('2026-03-02T12:00:00.000Z');
  const past: RequestCandidate = {
    endsAt: '2026-03-02T11:30:00.000Z',
    patientBlocked: false,
    isDeleted: false,
    alreadyRequested: false,
    telefon: '0722123456',
    email: 'ana@example.ro',
  };

  it.each([
    ['a past appointment by SMS', {}, 'sms', null],
    ['a past appointment by email', {}, 'email', null],
    ['an appointment ending right now', { endsAt: now.toISOString() }, 'sms', null],
    ['an appointment still going on', { endsAt: '2026-03-02T12:30:00.000Z' }, 'sms', 'not_past'],
    ['an appointment next week', { endsAt: '2026-03-09T09:00:00.000Z' }, 'email', 'not_past'],
    ['a wrong end time', { endsAt: 'mâine' }, 'sms', 'not_past'],
    ['a blocked patient', { patientBlocked: true }, 'sms', 'patient_blocked'],
    ['an appointment already asked about', { alreadyRequested: true }, 'email', 'already_requested'],
    ['SMS without a phone', { telefon: ' ' }, 'sms', 'no_phone'],
    ['email without an address', { email: '' }, 'email', 'no_email'],
    ['SMS without an email is fine', { email: '' }, 'sms', null],
    ['a deleted appointment or patient', { isDeleted: true }, 'sms', 'appointment_not_found'],
    [
      'blocked beats already requested',
      { patientBlocked: true, alreadyRequested: true },
      'sms',
      'patient_blocked',
    ],
  ] as const)('%s → %s', (_name, change, channel, reason) => {
    expect(requestIneligibility({ ...past, ...change }, channel, now)).toBe(reason);
  });
});

describe('automatic requests', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');

  it.each([
    ['ended an hour ago: too early', '2026-03-10T11:00:00.000Z', false],
    ['ended exactly two hours ago', '2026-03-10T10:00:00.000Z', true],
    ['ended yesterday', '2026-03-09T12:00:00.000Z', true],
    ['ended three days ago', '2026-03-07T12:00:00.000Z', true],
    ['ended four days ago: too old', '2026-03-06T12:00:00.000Z', false],
    ['not ended yet', '2026-03-10T13:00:00.000Z', false],
    ['not a date', 'x', false],
  ])('%s → %s', (_name, endsAt, due) => {
    expect(isDueForAutoRequest(endsAt, now)).toBe(due);
  });

  it.each([
    ['sms', { telefon: '0722', email: 'a@b.ro' }, 'sms'],
    ['email', { telefon: '0722', email: 'a@b.ro' }, 'email'],
    ['sms', { telefon: '', email: 'a@b.ro' }, 'email'],
    ['email', { telefon: '0722', email: '' }, 'sms'],
    ['sms', { telefon: '', email: '' }, null],
  ] as const)('prefers %s with %j → %s', (preferred, contact, channel) => {
    expect(autoRequestChannel(preferred, contact)).toBe(channel);
  });
});

describe('greetingName', () => {
  it.each([
    ['Ana', 'Ana'],
    ['  Ana Maria ', 'Ana'],
    ['Ana-Maria', 'Ana-Maria'],
    ['', ''],
  ])('%j → %j', (prenume, name) => {
    expect(greetingName(prenume)).toBe(name);
  });
});
