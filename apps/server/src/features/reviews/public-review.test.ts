import { expect, it } from 'vitest';
import { REVIEW_MESSAGES, type ReviewListResponse } from '@odonto/domain/contracts/reviews';
import { MESSAGES } from '@odonto/domain/messages';
import { describeEachDialect, type TestApp } from '../../../test/build-test-app';
import { call, errorOf } from '../../../test/http';
import {
  pastAppointment,
  publicGet,
  publicPost,
  reviewAuditRows,
  sendRequest,
  signInWith,
  tokenOf,
} from './reviews.test-support';

/** A sent request's link token, with the staff cookie and the patient. */
async function sentLink(t: TestApp) {
  const { cookie } = await signInWith(t, ['asistent']);
  const { appointmentId, patient, doctor } = await pastAppointment(t, cookie);
  const request = await sendRequest(t, cookie, appointmentId, 'email');
  return { cookie, patient, doctor, appointmentId, request, token: await tokenOf(t, request._id) };
}

describeEachDialect('the public review page API', ({ useApp }) => {
  const getApp = useApp(() => ({ env: { CLINIC_NAME: 'Clinica Zâmbet' } }));

  it('shows only the clinic, the doctor and the first name, without a session', async () => {
    const t = getApp();
    const { token } = await sentLink(t);
    const response = await publicGet(t, token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      clinicName: 'Clinica Zâmbet',
      medic: 'Dr. Ioana Marin',
      prenume: 'Ana',
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('names the clinic as its saved details do, once an admin saved them (CLINIC_NAME until then)', async () => {
    const t = getApp();
    const { token } = await sentLink(t);
    const { cookie: admin } = await signInWith(t, ['admin']);
    const saved = await call(t.app, {
      method: 'PUT',
      url: '/api/clinic',
      cookie: admin,
      body: { nume: 'Dent Art Iași', version: 0 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await publicGet(t, token)).json()).toMatchObject({ clinicName: 'Dent Art Iași' });
  });

  it('stores one review of 1–5 stars with its comment, flagged low on the staff list, and spends the link', async () => {
    const t = getApp();
    const { cookie, token, patient, doctor, appointmentId, request } = await sentLink(t);
    t.clock.advanceMinutes(60);

    const posted = await publicPost(
      t,
      token,
      { rating: 2, comment: '  Am așteptat o oră.  ' },
      '203.0.113.7',
    );
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json()).toEqual({ ok: true });

    const list = await call(t.app, { url: '/api/reviews', cookie });
    expect(list.json<ReviewListResponse>().reviews).toEqual([
      {
        _id: expect.any(String) as string,
        rating: 2,
        comment: 'Am așteptat o oră.',
        patientId: patient._id,
        patientName: 'Popescu Ana Maria',
        doctorId: doctor.id,
        medic: 'Dr. Ioana Marin',
        createdAt: '2026-03-02T10:00:00.000Z',
        appointmentId,
        isLow: true,
      },
    ]);
    const stored = await t.db.selectFrom('review_requests').select('used_at').executeTakeFirstOrThrow();
    expect(stored.used_at).toBe('2026-03-02T10:00:00.000Z');

    const audit = await reviewAuditRows(t);
    expect(audit.map((row) => row.action)).toEqual(['review_request', 'review_create']);
    expect(audit[1]).toMatchObject({
      user_id: null,
      user_email: null,
      ip: '203.0.113.7',
      entity: 'review',
      patient_id: patient._id,
    });
    expect(JSON.parse(audit[1]?.details ?? '{}')).toEqual({ rating: 2 });

    // The request shows as used on the patient's list.
    const requests = await call(t.app, { url: `/api/reviews/requests?patient=${patient._id}`, cookie });
    expect(requests.json()).toMatchObject([{ _id: request._id, state: 'used' }]);
  });

  it('answers 410 once the link was used, for both the page and a second review', async () => {
    const t = getApp();
    const { token } = await sentLink(t);
    expect((await publicPost(t, token, { rating: 5 })).statusCode).toBe(201);

    for (const response of [await publicGet(t, token), await publicPost(t, token, { rating: 1 })]) {
      expect(response.statusCode).toBe(410);
      expect(errorOf(response)).toEqual({ code: 'gone', message: REVIEW_MESSAGES.tokenUsed });
    }
    expect(await t.db.selectFrom('reviews').selectAll().execute()).toHaveLength(1);
  });

  it('lets only one of two reviews sent at the same moment through', async () => {
    const t = getApp();
    const { token } = await sentLink(t);
    const answers = await Promise.all([
      publicPost(t, token, { rating: 5 }),
      publicPost(t, token, { rating: 1 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 410]);
    expect(await t.db.selectFrom('reviews').selectAll().execute()).toHaveLength(1);
  });

  it('answers 410 after 14 days, and works until then', async () => {
    const t = getApp();
    const { token } = await sentLink(t);
    t.clock.set('2026-03-16T08:59:00.000Z');
    expect((await publicGet(t, token)).statusCode).toBe(200);
    t.clock.set('2026-03-16T09:00:00.000Z');
    for (const response of [await publicGet(t, token), await publicPost(t, token, { rating: 4 })]) {
      expect(response.statusCode).toBe(410);
      expect(errorOf(response)).toEqual({ code: 'gone', message: REVIEW_MESSAGES.tokenExpired });
    }
    expect(await t.db.selectFrom('reviews').selectAll().execute()).toEqual([]);
  });

  it.each([
    ['an unknown token', 'A'.repeat(43)],
    ['a token of the wrong form', 'nu-e-bun'],
    ['a token with a dot', `${'a'.repeat(30)}.x`],
  ])('answers 404 for %s', async (_name, token) => {
    const t = getApp();
    for (const response of [await publicGet(t, token), await publicPost(t, token, { rating: 4 })]) {
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'not_found', message: REVIEW_MESSAGES.tokenUnknown });
    }
  });

  it.each([
    ['no stars', {}, 'rating', REVIEW_MESSAGES.ratingRequired],
    ['six stars', { rating: 6 }, 'rating', REVIEW_MESSAGES.ratingRequired],
    ['half a star', { rating: 2.5 }, 'rating', REVIEW_MESSAGES.ratingRequired],
    [
      'a comment too long',
      { rating: 3, comment: 'x'.repeat(2001) },
      'comment',
      REVIEW_MESSAGES.commentTooLong,
    ],
    ['another field', { rating: 3, medic: 'Altcineva' }, 'medic', undefined],
  ])('answers 400 for %s and keeps the link open', async (_name, body, field, message) => {
    const t = getApp();
    const { token } = await sentLink(t);
    const response = await publicPost(t, token, body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(MESSAGES.invalidInput);
    expect(errorOf(response).fields).toHaveProperty(field);
    if (message) expect(errorOf(response).fields?.[field]).toBe(message);
    expect((await publicGet(t, token)).statusCode).toBe(200);
  });

  it('refuses a review without the CSRF header (403)', async () => {
    const t = getApp();
    const { token } = await sentLink(t);
    const response = await call(t.app, {
      method: 'POST',
      url: `/api/public/review/${token}`,
      body: { rating: 5 },
      withoutCsrfHeader: true,
    });
    expect(response.statusCode).toBe(403);
    expect((await publicGet(t, token)).statusCode).toBe(200);
  });

  it('limits each address: 10 reviews and 60 page loads per 10 minutes, then 429 in Romanian', async () => {
    const t = getApp();
    const unknown = 'B'.repeat(43);
    for (let i = 0; i < 10; i++)
      expect((await publicPost(t, unknown, { rating: 3 }, '198.51.100.1')).statusCode).toBe(404);
    const limited = await publicPost(t, unknown, { rating: 3 }, '198.51.100.1');
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited)).toEqual({ code: 'rate_limited', message: MESSAGES.rateLimited });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await publicPost(t, unknown, { rating: 3 }, '198.51.100.2')).statusCode).toBe(404);

    for (let i = 0; i < 60; i++) await publicGet(t, unknown, '198.51.100.3');
    expect((await publicGet(t, unknown, '198.51.100.3')).statusCode).toBe(429);
  });
});
