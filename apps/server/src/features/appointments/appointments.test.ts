import { expect, it } from 'vitest';
import { APPOINTMENT_MESSAGES, type Appointment } from '@odonto/domain/contracts/appointments';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf } from '../../../test/http';
import { insertPatientRow } from '../../../test/stored-files';
import {
  book,
  clinic,
  DAY,
  form,
  json,
  PAST_DAY,
  remove,
  save,
  signInAs,
  update,
} from './appointments.test-support';

describeEachDialect('appointments API', ({ useApp }) => {
  const t = useApp();

  it('books, lists upcoming first then past, edits and deletes, auditing each', async () => {
    const c = await clinic(t());
    const past = await book(
      t(),
      c,
      form(c.doctor.id, [9, 0], [9, 45], { createdAt: PAST_DAY, nota: 'trecut' }),
    );
    const later = await book(t(), c, form(c.doctor.id, [12, 0], [12, 30]));
    const first = await book(t(), c, form(c.doctor.id, [10, 0], [10, 30]));
    expect(first).toMatchObject({
      createdAt: DAY,
      deLa: { ora: 10, minute: 0 },
      panaLa: { ora: 10, minute: 30 },
      // 10:00 in Bucharest in March is 08:00 UTC.
      start: '2026-03-05T08:00:00.000Z',
      end: '2026-03-05T08:30:00.000Z',
      medicId: c.doctor.id,
      medic: 'Dr. Ana Pop',
      nota: 'control',
      trimite_sms: true,
      version: 1,
      reminder: { status: 'queued', sendAfter: '2026-03-04T08:00:00.000Z', sentAt: null, error: null },
    });
    // A past appointment gets no reminder.
    expect(past.reminder).toBeNull();

    const listed = await call(t().app, { url: `/api/get-programari/${c.patientId}`, cookie: c.cookie });
    expect(listed.statusCode).toBe(200);
    expect(json(listed).map((item) => item._id)).toEqual([first._id, later._id, past._id]);

    const edited = await update(t(), c, {
      ...form(c.doctor.id, [10, 15], [11, 0], { nota: 'detartraj', trimite_sms: false }),
      _id: first._id,
      version: first.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json(edited)[0]).toMatchObject({
      _id: first._id,
      deLa: { ora: 10, minute: 15 },
      nota: 'detartraj',
      trimite_sms: false,
      version: 2,
      reminder: null,
    });

    const deleted = await remove(t(), c, { _id: later._id, version: later.version });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(json(deleted).map((item) => item._id)).toEqual([first._id, past._id]);
    const stored = await t()
      .db.selectFrom('appointments')
      .select(['id', 'deleted_at'])
      .where('id', '=', later._id)
      .executeTakeFirstOrThrow();
    expect(stored.deleted_at).not.toBeNull();

    const audit = await t()
      .db.selectFrom('audit_log')
      .select(['action', 'entity_id', 'patient_id'])
      .where('action', 'like', 'appointment_%')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      'appointment_create',
      'appointment_create',
      'appointment_create',
      'appointment_update',
      'appointment_delete',
    ]);
    expect(audit.every((row) => row.patient_id === c.patientId)).toBe(true);
  });

  it('refuses an end before the start with SPEC.md §5 messages (400)', async () => {
    const c = await clinic(t());
    const hours = await save(t(), c, form(c.doctor.id, [11, 0], [10, 0]));
    expect(hours.statusCode).toBe(400);
    expect(errorOf(hours).fields).toEqual({ 'panaLa.ora': 'Câmpul ora trebuie să fie cel puțin 11.' });
    const minutes = await save(t(), c, form(c.doctor.id, [10, 30], [10, 15]));
    expect(minutes.statusCode).toBe(400);
    expect(errorOf(minutes).fields).toEqual({
      'panaLa.minute': 'Câmpul minute trebuie să fie cel puțin 30.',
    });
    expect(await t().db.selectFrom('appointments').selectAll().execute()).toHaveLength(0);
  });

  it('refuses bad input with Romanian messages (400)', async () => {
    const c = await clinic(t());
    const cases: [unknown, string][] = [
      [{ ...form(c.doctor.id), createdAt: '2026-02-30' }, 'createdAt'],
      [{ ...form(c.doctor.id), deLa: { ora: 24, minute: 0 } }, 'deLa.ora'],
      [{ ...form(c.doctor.id), medicId: '' }, 'medicId'],
      [{ ...form(c.doctor.id), extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const response = await save(t(), c, body);
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
    }
    const assistant = await createUser(t().db, { roles: ['asistent'] });
    const notDoctor = await save(t(), c, form(assistant.id));
    expect(notDoctor.statusCode).toBe(400);
    expect(errorOf(notDoctor).fields).toEqual({ medicId: APPOINTMENT_MESSAGES.unknownDoctor });
    const unknown = await save(t(), c, form('no-such-user'));
    expect(unknown.statusCode).toBe(400);
  });

  it('answers 409 with the clashing appointment of the same doctor, and keeps both when told', async () => {
    const c = await clinic(t());
    const existing = await book(t(), c, form(c.doctor.id, [10, 0], [11, 0]));
    const clash = await save(t(), c, form(c.doctor.id, [10, 30], [11, 30]));
    expect(clash.statusCode).toBe(409);
    const body = clash.json<{ error: { code: string; message: string; clash: Appointment } }>();
    expect(body.error).toMatchObject({
      code: 'conflict',
      message: APPOINTMENT_MESSAGES.overlap,
      clash: { _id: existing._id },
    });

    // Back to back is no clash; another doctor at the same time is none either.
    await book(t(), c, form(c.doctor.id, [11, 0], [11, 30]));
    const other = await createUser(t().db, { roles: ['medic'] });
    await book(t(), c, form(other.id, [10, 0], [11, 0]));

    const kept = await save(t(), c, form(c.doctor.id, [10, 30], [11, 30], { keepOverlap: true }));
    expect(kept.statusCode).toBe(201);
    expect(json(kept)).toHaveLength(4);

    // Moving an appointment onto another one clashes too; onto itself it does not.
    const moved = await update(t(), c, {
      ...form(c.doctor.id, [10, 15], [10, 45]),
      _id: existing._id,
      version: 1,
    });
    expect(moved.statusCode).toBe(409);
    const self = await update(t(), c, {
      ...form(c.doctor.id, [10, 0], [10, 20]),
      _id: existing._id,
      version: 1,
      keepOverlap: true,
    });
    expect(self.statusCode).toBe(200);
  });

  it('answers 409 for a stale version and 404 for unknown ids', async () => {
    const c = await clinic(t());
    const item = await book(t(), c);
    const stale = await update(t(), c, { ...form(c.doctor.id), _id: item._id, version: item.version + 1 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe(APPOINTMENT_MESSAGES.stale);
    const staleDelete = await remove(t(), c, { _id: item._id, version: 5 });
    expect(staleDelete.statusCode).toBe(409);

    expect((await update(t(), c, { ...form(c.doctor.id), _id: 'nope', version: 1 })).statusCode).toBe(404);
    expect((await remove(t(), c, { _id: 'nope' })).statusCode).toBe(404);
    const otherPatient = { cookie: c.cookie, patientId: await insertPatientRow(t().db) };
    expect((await remove(t(), otherPatient, { _id: item._id })).statusCode).toBe(404);
    const ghost = { cookie: c.cookie, patientId: 'no-such-patient' };
    expect((await save(t(), ghost, form(c.doctor.id))).statusCode).toBe(404);
    const list = await call(t().app, { url: '/api/get-programari/no-such-patient', cookie: c.cookie });
    expect(list.statusCode).toBe(404);
    expect(errorOf(list).message).toBe(APPOINTMENT_MESSAGES.patientNotFound);
  });

  it('needs a session (401), the patient role (403) and the CSRF header', async () => {
    const c = await clinic(t());
    const anonymous = { cookie: '', patientId: c.patientId };
    expect((await save(t(), anonymous, form(c.doctor.id))).statusCode).toBe(401);
    expect((await call(t().app, { url: `/api/get-programari/${c.patientId}` })).statusCode).toBe(401);
    expect((await call(t().app, { url: '/api/calendar?from=2026-03-02&to=2026-03-08' })).statusCode).toBe(
      401,
    );

    const sterilizare = { cookie: await signInAs(t(), 'sterilizare'), patientId: c.patientId };
    expect((await save(t(), sterilizare, form(c.doctor.id))).statusCode).toBe(403);
    expect((await update(t(), sterilizare, { ...form(c.doctor.id), _id: 'x', version: 1 })).statusCode).toBe(
      403,
    );
    expect((await remove(t(), sterilizare, { _id: 'x' })).statusCode).toBe(403);
    const calendar = await call(t().app, {
      url: '/api/calendar?from=2026-03-02&to=2026-03-08',
      cookie: sterilizare.cookie,
    });
    expect(calendar.statusCode).toBe(403);

    const asistent = { cookie: await signInAs(t(), 'asistent'), patientId: c.patientId };
    expect((await save(t(), asistent, form(c.doctor.id))).statusCode).toBe(201);

    const noCsrf = await call(t().app, {
      method: 'POST',
      url: `/api/save-programare/${c.patientId}`,
      cookie: c.cookie,
      body: form(c.doctor.id, [15, 0], [15, 30]),
      withoutCsrfHeader: true,
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});
