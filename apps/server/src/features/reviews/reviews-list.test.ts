import { expect, it } from 'vitest';
import type { ReviewDoctor, ReviewListResponse, ReviewStatsResponse } from '@odonto/domain/contracts/reviews';
import { MESSAGES } from '@odonto/domain/messages';
import { describeEachDialect, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf } from '../../../test/http';
import { createPatient, insertReview, signInWith } from './reviews.test-support';

/** Two doctors, two patients and six reviews from November 2025 to March 2026. */
async function seed(t: TestApp, cookie: string) {
  const ana = await createUser(t.db, { roles: ['medic'], nume: 'Dr. Ana Ionescu' });
  const stefan = await createUser(t.db, { roles: ['medic'], nume: 'Dr. Ștefan Pop' });
  const ion = await createPatient(t, cookie, { nume: 'Vasile', prenume: 'Ion' });
  const maria = await createPatient(t, cookie, { nume: 'Dumitru', prenume: 'Maria' });
  const add = (patientId: string, doctor: { id: string; nume: string }, rating: number, createdAt: string) =>
    insertReview(t, {
      patientId,
      doctorId: doctor.id,
      medic: doctor.nume,
      rating,
      createdAt,
      comment: `${rating} stele`,
    });
  const ids = {
    nov: await add(ion._id, ana, 5, '2025-11-10T10:00:00.000Z'),
    // 31 January 23:30 in Bucharest: a January review, although February in UTC would say otherwise.
    janLate: await add(maria._id, stefan, 2, '2026-01-31T21:30:00.000Z'),
    feb: await add(ion._id, stefan, 4, '2026-02-14T09:00:00.000Z'),
    febLow: await add(maria._id, ana, 1, '2026-02-20T09:00:00.000Z'),
    mar: await add(ion._id, ana, 4, '2026-03-01T09:00:00.000Z'),
    marStefan: await add(maria._id, stefan, 5, '2026-03-02T08:00:00.000Z'),
  };
  return { ana, stefan, ion, maria, ids };
}

async function list(t: TestApp, cookie: string, query = ''): Promise<ReviewListResponse> {
  const response = await call(t.app, { url: `/api/reviews${query}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReviewListResponse>();
}

async function stats(t: TestApp, cookie: string, query = ''): Promise<ReviewStatsResponse> {
  const response = await call(t.app, { url: `/api/reviews/stats${query}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReviewStatsResponse>();
}

describeEachDialect('GET /api/reviews', ({ useApp }) => {
  const getApp = useApp();

  it('lists every review newest first with patient, doctor and the low-score flag', async () => {
    const t = getApp();
    const { cookie } = await signInWith(t, ['asistent']);
    const { ana, ion, ids } = await seed(t, cookie);

    const answer = await list(t, cookie);
    expect(answer).toMatchObject({ total: 6, page: 1, pageSize: 20 });
    expect(answer.reviews.map((review) => review._id)).toEqual([
      ids.marStefan,
      ids.mar,
      ids.febLow,
      ids.feb,
      ids.janLate,
      ids.nov,
    ]);
    expect(answer.reviews[1]).toEqual({
      _id: ids.mar,
      rating: 4,
      comment: '4 stele',
      patientId: ion._id,
      patientName: 'Vasile Ion',
      doctorId: ana.id,
      medic: 'Dr. Ana Ionescu',
      createdAt: '2026-03-01T09:00:00.000Z',
      appointmentId: null,
      isLow: false,
    });
    expect(answer.reviews.filter((review) => review.isLow).map((review) => review._id)).toEqual([
      ids.febLow,
      ids.janLate,
    ]);
  });

  it('filters by doctor, stars, low scores and whole Bucharest days', async () => {
    const t = getApp();
    const { cookie } = await signInWith(t, ['medic']);
    const { ana, stefan, ids } = await seed(t, cookie);
    const idsOf = async (query: string) => (await list(t, cookie, query)).reviews.map((review) => review._id);

    expect(await idsOf(`?doctor=${ana.id}`)).toEqual([ids.mar, ids.febLow, ids.nov]);
    expect(await idsOf('?rating=5')).toEqual([ids.marStefan, ids.nov]);
    expect(await idsOf('?rating=low')).toEqual([ids.febLow, ids.janLate]);
    expect(await idsOf(`?doctor=${stefan.id}&rating=low`)).toEqual([ids.janLate]);
    expect(await idsOf('?from=2026-01-31&to=2026-01-31')).toEqual([ids.janLate]);
    expect(await idsOf('?from=2026-02-01&to=2026-02-28')).toEqual([ids.febLow, ids.feb]);
    expect(await idsOf('?from=2026-03-01')).toEqual([ids.marStefan, ids.mar]);
    expect(await idsOf('?doctor=&rating=&from=&to=')).toHaveLength(6);
    expect(await idsOf('?doctor=nimeni')).toEqual([]);
  });

  it('pages by 20, the total counting every match', async () => {
    const t = getApp();
    const { cookie } = await signInWith(t, ['admin']);
    const doctor = await createUser(t.db, { roles: ['medic'], nume: 'Dr. Paul Rus' });
    const patient = await createPatient(t, cookie);
    for (let day = 1; day <= 25; day++) {
      const createdAt = `2026-02-${String(day).padStart(2, '0')}T10:00:00.000Z`;
      await insertReview(t, {
        patientId: patient._id,
        doctorId: doctor.id,
        medic: doctor.nume,
        rating: 3,
        createdAt,
      });
    }
    const first = await list(t, cookie, '?page=1');
    const second = await list(t, cookie, '?page=2');
    expect(first.reviews).toHaveLength(20);
    expect(second).toMatchObject({ total: 25, page: 2 });
    expect(second.reviews.map((review) => review.createdAt.slice(0, 10))).toEqual([
      '2026-02-05',
      '2026-02-04',
      '2026-02-03',
      '2026-02-02',
      '2026-02-01',
    ]);
    expect((await list(t, cookie, '?page=3')).reviews).toEqual([]);
  });

  it.each([
    ['six stars', '?rating=6', 'rating'],
    ['a day that does not exist', '?from=2026-02-30', 'from'],
    ['a period ending before it starts', '?from=2026-03-01&to=2026-02-01', 'to'],
    ['page zero', '?page=0', 'page'],
    ['an unknown filter', '?pacient=x', 'pacient'],
  ])('answers 400 with a Romanian message for %s', async (_name, query, field) => {
    const t = getApp();
    const { cookie } = await signInWith(t, ['medic']);
    // The statistics take the same filters, without a page.
    const urls =
      field === 'page' ? [`/api/reviews${query}`] : [`/api/reviews${query}`, `/api/reviews/stats${query}`];
    for (const url of urls) {
      const response = await call(t.app, { url, cookie });
      expect(response.statusCode, url).toBe(400);
      expect(errorOf(response).message).toBe(MESSAGES.invalidInput);
      expect(errorOf(response).fields).toHaveProperty(field);
    }
  });

  it('answers 401 without a session and 403 for sterilisation staff, on every reading call', async () => {
    const t = getApp();
    const sterilizare = await signInWith(t, ['sterilizare']);
    for (const url of [
      '/api/reviews',
      '/api/reviews/stats',
      '/api/reviews/doctors',
      '/api/reviews/settings',
    ]) {
      const anonymous = await call(t.app, { url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(errorOf(anonymous).message).toBe(MESSAGES.unauthenticated);
      const forbidden = await call(t.app, { url, cookie: sterilizare.cookie });
      expect(forbidden.statusCode, url).toBe(403);
      expect(errorOf(forbidden).message).toBe(MESSAGES.forbidden);
    }
  });
});

describeEachDialect('GET /api/reviews/stats and /api/reviews/doctors', ({ useApp }) => {
  const getApp = useApp();

  it('counts overall and per doctor, with the monthly averages of the last 12 months', async () => {
    const t = getApp();
    const { cookie } = await signInWith(t, ['medic']);
    const { ana, stefan } = await seed(t, cookie);

    const answer = await stats(t, cookie);
    expect(answer.overall).toEqual({ average: 3.5, count: 6, distribution: [1, 1, 0, 2, 2] });
    expect(answer.doctors).toEqual([
      { doctorId: ana.id, medic: 'Dr. Ana Ionescu', average: 3.33, count: 3, distribution: [1, 0, 0, 1, 1] },
      {
        doctorId: stefan.id,
        medic: 'Dr. Ștefan Pop',
        average: 3.67,
        count: 3,
        distribution: [0, 1, 0, 1, 1],
      },
    ]);
    expect(answer.monthly).toHaveLength(12);
    expect(answer.monthly[0]?.month).toBe('2025-04');
    expect(answer.monthly.slice(-5)).toEqual([
      { month: '2025-11', average: 5, count: 1 },
      { month: '2025-12', average: null, count: 0 },
      { month: '2026-01', average: 2, count: 1 },
      { month: '2026-02', average: 2.5, count: 2 },
      { month: '2026-03', average: 4.5, count: 2 },
    ]);
  });

  it('applies the filters, and the chart spans the chosen period', async () => {
    const t = getApp();
    const { cookie } = await signInWith(t, ['asistent']);
    const { ana } = await seed(t, cookie);

    const answer = await stats(t, cookie, `?doctor=${ana.id}&from=2026-01-15&to=2026-03-31`);
    expect(answer.overall).toEqual({ average: 2.5, count: 2, distribution: [1, 0, 0, 1, 0] });
    expect(answer.doctors.map((doctor) => doctor.medic)).toEqual(['Dr. Ana Ionescu']);
    expect(answer.monthly).toEqual([
      { month: '2026-01', average: null, count: 0 },
      { month: '2026-02', average: 1, count: 1 },
      { month: '2026-03', average: 4, count: 1 },
    ]);

    const low = await stats(t, cookie, '?rating=low');
    expect(low.overall).toMatchObject({ count: 2, distribution: [1, 1, 0, 0, 0] });
  });

  it('answers empty statistics when there is no review', async () => {
    const t = getApp();
    const { cookie } = await signInWith(t, ['medic']);
    const answer = await stats(t, cookie);
    expect(answer.overall).toEqual({ average: null, count: 0, distribution: [0, 0, 0, 0, 0] });
    expect(answer.doctors).toEqual([]);
    expect(answer.monthly.every((month) => month.average === null)).toBe(true);
  });

  it("lists the reviewed doctors by name, keeping a deleted account's recorded name", async () => {
    const t = getApp();
    const { cookie } = await signInWith(t, ['medic']);
    const { ana, stefan } = await seed(t, cookie);
    await t.db.deleteFrom('users').where('id', '=', stefan.id).execute();

    const response = await call(t.app, { url: '/api/reviews/doctors', cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json<ReviewDoctor[]>()).toEqual([
      { id: ana.id, nume: 'Dr. Ana Ionescu' },
      { id: stefan.id, nume: 'Dr. Ștefan Pop' },
    ]);
    const answer = await list(t, cookie, `?doctor=${stefan.id}`);
    expect(answer.reviews.every((review) => review.medic === 'Dr. Ștefan Pop')).toBe(true);
  });
});
