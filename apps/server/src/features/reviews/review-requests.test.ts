import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES, type ReviewRequest } from '@odonto/domain/contracts/reviews';
import { MESSAGES } from '@odonto/domain/messages';
import { describeEachDialect } from '../../../test/build-test-app';
import { call, errorOf } from '../../../test/http';
import { parseMail } from '../../../test/mail';
import {
  insertAppointment,
  pastAppointment,
  postRequest,
  reviewAuditRows,
  sendRequest,
  signInWith,
  tokenOf,
} from './reviews.test-support';

describeEachDialect('POST /api/reviews/requests', ({ useApp }) => {
  const getApp = useApp();

  it('mails a single-use link to the patient of a past appointment; only the hash is stored', async () => {
    const t = getApp();
    const { cookie, user } = await signInWith(t, ['asistent']);
    const { appointmentId, patient, doctor } = await pastAppointment(t, cookie);

    const request = await sendRequest(t, cookie, appointmentId, 'email');
    expect(request).toMatchObject({
      appointmentId,
      patientId: patient._id,
      doctorId: doctor.id,
      channel: 'email',
      sentBy: user.id,
      createdAt: '2026-03-02T09:00:00.000Z',
      expiresAt: '2026-03-16T09:00:00.000Z',
      usedAt: null,
      state: 'open',
      delivery: 'sent',
    });

    const files = await readdir(join(t.dataDir, 'outbox'));
    const eml = files.find((name) => name.endsWith('.eml'));
    if (!eml) throw new Error('no mail in the outbox folder');
    const mail = parseMail(await readFile(join(t.dataDir, 'outbox', eml), 'utf8'));
    expect(mail.headers['to']).toBe('ana@example.ro');
    expect(mail.subject).toBe('Cum a fost vizita la Clinica dentară?');
    expect(mail.text).toContain('Bună ziua, Ana,');
    expect(mail.text).toContain('Cum a fost vizita la Dr. Ioana Marin?');
    const token = await tokenOf(t, request._id);
    expect(mail.text).toContain(`http://odonto.test/review/${token}`);
    expect(mail.html).toContain(`href="http://odonto.test/review/${token}"`);

    const stored = await t.db.selectFrom('review_requests').selectAll().executeTakeFirstOrThrow();
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.token_hash).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);

    const audit = await reviewAuditRows(t);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'review_request',
      user_id: user.id,
      entity: 'review_request',
      entity_id: request._id,
      patient_id: patient._id,
    });
    expect(JSON.parse(audit[0]?.details ?? '{}')).toEqual({ channel: 'email' });
  });

  it('queues an SMS without diacritics for the outbox worker, which writes it to the SMS folder', async () => {
    const t = getApp();
    const { cookie } = await signInWith(t, ['medic']);
    const { appointmentId } = await pastAppointment(t, cookie, { prenume: 'Ștefan' });

    const request = await sendRequest(t, cookie, appointmentId, 'sms');
    expect(request).toMatchObject({ channel: 'sms', delivery: 'queued' });
    const outbox = await t.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(outbox).toMatchObject({
      channel: 'sms',
      kind: 'review-request',
      ref_id: request._id,
      recipient: '+40722123456',
      status: 'queued',
    });
    const token = await tokenOf(t, request._id);
    expect(outbox.body).toBe(
      `Clinica dentara: Buna ziua, Stefan! Cum a fost vizita la Dr. Ioana Marin? Spuneti-ne parerea (1-5 stele): ` +
        `http://odonto.test/review/${token} (link valabil 14 zile)`,
    );

    expect(await t.app.outboxWorker.runOnce()).toBe(1);
    const files = await readdir(join(t.dataDir, 'outbox', 'sms'));
    expect(files).toHaveLength(1);
    const text = await readFile(join(t.dataDir, 'outbox', 'sms', files[0] ?? ''), 'utf8');
    expect(text).toContain(`/review/${token}`);
  });

  it('answers 409 for an appointment whose time has not passed, and sends it once it has', async () => {
    const t = getApp();
    const { cookie, user } = await signInWith(t, ['medic']);
    const { patient } = await pastAppointment(t, cookie);
    const appointmentId = await insertAppointment(t, patient._id, user.id, '2026-03-02T08:45:00.000Z', 30);

    const early = await postRequest(t, cookie, { appointmentId, channel: 'sms' });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early)).toMatchObject({
      code: 'conflict',
      message: REVIEW_MESSAGES.notPast,
      fields: { appointmentId: REVIEW_MESSAGES.notPast },
    });

    t.clock.advanceMinutes(15);
    await sendRequest(t, cookie, appointmentId, 'sms');
  });

  it.each([
    ['the patient is blocked', { blocked: 1 }, 'sms', REVIEW_MESSAGES.patientBlocked, 'appointmentId'],
    ['SMS to a patient without a phone', { telefon: '' }, 'sms', REVIEW_MESSAGES.noPhone, 'channel'],
    ['mail to a patient without an email', { email: '' }, 'email', REVIEW_MESSAGES.noEmail, 'channel'],
    [
      'SMS to a landline',
      { telefon: '0212345678' },
      'sms',
      'Numărul „0212345678” nu este de telefon mobil și nu poate primi SMS.',
      'channel',
    ],
  ] as const)('answers 409 when %s', async (_name, change, channel, message, field) => {
    const t = getApp();
    const { cookie } = await signInWith(t, ['admin']);
    const { appointmentId, patient } = await pastAppointment(t, cookie);
    await t.db.updateTable('patients').set(change).where('id', '=', patient._id).execute();

    const response = await postRequest(t, cookie, { appointmentId, channel });
    expect(response.statusCode, response.body).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'conflict', fields: { [field]: message } });
    expect(await t.db.selectFrom('review_requests').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
  });

  it('answers 409 for a second request of the same appointment, by any channel', async () => {
    const t = getApp();
    const { cookie } = await signInWith(t, ['asistent']);
    const { appointmentId } = await pastAppointment(t, cookie);
    await sendRequest(t, cookie, appointmentId, 'sms');

    for (const channel of ['sms', 'email']) {
      const again = await postRequest(t, cookie, { appointmentId, channel });
      expect(again.statusCode).toBe(409);
      expect(errorOf(again).message).toBe(REVIEW_MESSAGES.alreadyRequested);
    }
    expect(await t.db.selectFrom('review_requests').selectAll().execute()).toHaveLength(1);
  });

  it('sends again when the first message failed, and the new link replaces the old one', async () => {
    const t = getApp();
    const { cookie } = await signInWith(t, ['asistent']);
    const { appointmentId } = await pastAppointment(t, cookie);
    const first = await sendRequest(t, cookie, appointmentId, 'sms');
    await t.db.updateTable('outbox').set({ status: 'failed' }).execute();

    const second = await sendRequest(t, cookie, appointmentId, 'email');
    expect(second._id).not.toBe(first._id);
    const rows = await t.db.selectFrom('review_requests').select('id').execute();
    expect(rows.map((row) => row.id)).toEqual([second._id]);
  });

  it('answers 404 for an unknown or deleted appointment and for a deleted patient', async () => {
    const t = getApp();
    const { cookie } = await signInWith(t, ['medic']);
    const unknown = await postRequest(t, cookie, { appointmentId: 'nu-exista', channel: 'sms' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toMatchObject({
      code: 'not_found',
      message: REVIEW_MESSAGES.appointmentNotFound,
    });

    const { appointmentId, patient } = await pastAppointment(t, cookie);
    await t.db.updateTable('appointments').set({ deleted_at: '2026-03-02T08:00:00.000Z' }).execute();
    expect((await postRequest(t, cookie, { appointmentId, channel: 'sms' })).statusCode).toBe(404);

    await t.db.updateTable('appointments').set({ deleted_at: null }).execute();
    await t.db
      .updateTable('patients')
      .set({ deleted_at: '2026-03-02T08:00:00.000Z' })
      .where('id', '=', patient._id)
      .execute();
    expect((await postRequest(t, cookie, { appointmentId, channel: 'sms' })).statusCode).toBe(404);
  });

  it.each([
    ['no appointment', { channel: 'sms' }, 'appointmentId'],
    ['an unknown channel', { appointmentId: 'a1', channel: 'fax' }, 'channel'],
    ['an unknown field', { appointmentId: 'a1', channel: 'sms', token: 'x' }, 'token'],
  ])('answers 400 for %s', async (_name, body, field) => {
    const t = getApp();
    const { cookie } = await signInWith(t, ['medic']);
    const response = await postRequest(t, cookie, body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(MESSAGES.invalidInput);
    expect(errorOf(response).fields).toHaveProperty(field);
  });

  it('answers 401 without a session, 403 for sterilisation staff and without the CSRF header', async () => {
    const t = getApp();
    const { cookie } = await signInWith(t, ['medic']);
    const { appointmentId } = await pastAppointment(t, cookie);
    const body = { appointmentId, channel: 'sms' };
    expect((await postRequest(t, null, body)).statusCode).toBe(401);
    const sterilizare = await signInWith(t, ['sterilizare']);
    const forbidden = await postRequest(t, sterilizare.cookie, body);
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden).message).toBe(MESSAGES.forbidden);
    const noCsrf = await call(t.app, {
      method: 'POST',
      url: '/api/reviews/requests',
      cookie,
      body,
      withoutCsrfHeader: true,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await t.db.selectFrom('review_requests').selectAll().execute()).toEqual([]);
  });
});

describeEachDialect('GET /api/reviews/requests', ({ useApp }) => {
  const getApp = useApp();

  it("lists a patient's requests newest first with their state and delivery", async () => {
    const t = getApp();
    const { cookie } = await signInWith(t, ['asistent']);
    const { appointmentId, patient, doctor } = await pastAppointment(t, cookie);
    const older = await sendRequest(t, cookie, appointmentId, 'email');
    const second = await insertAppointment(t, patient._id, doctor.id, '2026-03-02T07:00:00.000Z');
    t.clock.advanceMinutes(1);
    const newer = await sendRequest(t, cookie, second, 'sms');

    const response = await call(t.app, { url: `/api/reviews/requests?patient=${patient._id}`, cookie });
    expect(response.statusCode).toBe(200);
    const list = response.json<ReviewRequest[]>();
    expect(list.map((request) => [request._id, request.delivery, request.state])).toEqual([
      [newer._id, 'queued', 'open'],
      [older._id, 'sent', 'open'],
    ]);

    t.clock.set('2026-03-17T00:00:00.000Z');
    const again = await signInWith(t, ['asistent']);
    const later = await call(t.app, {
      url: `/api/reviews/requests?patient=${patient._id}`,
      cookie: again.cookie,
    });
    expect(later.json<ReviewRequest[]>().map((request) => request.state)).toEqual(['expired', 'expired']);
  });

  it('answers 404 for an unknown patient, 400 without one, 401 and 403', async () => {
    const t = getApp();
    const { cookie } = await signInWith(t, ['medic']);
    expect((await call(t.app, { url: '/api/reviews/requests?patient=nimeni', cookie })).statusCode).toBe(404);
    expect((await call(t.app, { url: '/api/reviews/requests', cookie })).statusCode).toBe(400);
    expect((await call(t.app, { url: '/api/reviews/requests?patient=x' })).statusCode).toBe(401);
    const sterilizare = await signInWith(t, ['sterilizare']);
    const forbidden = await call(t.app, {
      url: '/api/reviews/requests?patient=x',
      cookie: sterilizare.cookie,
    });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('review request messages', () => {
  it('keep the SMS within one GSM-7 message budget of three parts', async () => {
    const { reviewSmsText } = await import('./review-messages');
    const text = reviewSmsText({
      clinicName: 'Clinica Dentară Zâmbet Sănătos',
      prenume: 'Ștefania',
      medic: 'Dr. Țurcanu Ionuț',
      link: `http://clinica.ro/review/${'a'.repeat(43)}`,
    });
    expect(text).toMatch(/^[\x20-\x7e]+$/);
    expect(text.length).toBeLessThanOrEqual(3 * 153);
  });
});
