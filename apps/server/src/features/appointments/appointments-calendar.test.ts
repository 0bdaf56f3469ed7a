import { expect, it } from 'vitest';
import { smsParts } from '@odonto/domain/appointments';
import { APPOINTMENT_MESSAGES, type CalendarResponse } from '@odonto/domain/contracts/appointments';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf } from '../../../test/http';
import { book, clinic, form, reminderRows, remove, signInAs } from './appointments.test-support';

describeEachDialect('calendar API', ({ useApp }) => {
  const t = useApp();

  it('answers the appointments of every patient in the range, by clinic day, filtered by doctor', async () => {
    const c = await clinic(t());
    const other = await createUser(t().db, { roles: ['medic'], nume: 'Dr. Ion Ene' });
    // 00:15 on 2026-03-05 in Bucharest is still 2026-03-04 in UTC: it belongs to the 5th.
    const early = await book(t(), c, form(c.doctor.id, [0, 15], [0, 45]));
    const late = await book(t(), c, form(other.id, [18, 0], [18, 30], { createdAt: '2026-03-06' }));
    await book(t(), c, form(c.doctor.id, [9, 0], [9, 30], { createdAt: '2026-03-09' }));
    const gone = await book(t(), c, form(other.id, [9, 0], [9, 30]));
    await remove(t(), c, { _id: gone._id });

    const week = await call(t().app, {
      url: '/api/calendar?from=2026-03-05&to=2026-03-06',
      cookie: c.cookie,
    });
    expect(week.statusCode, week.body).toBe(200);
    const body = week.json<CalendarResponse>();
    expect(body.programari.map((item) => item._id)).toEqual([early._id, late._id]);
    expect(body.programari[0]?.patient).toMatchObject({ _id: c.patientId, nume: 'Popescu', prenume: 'Ana' });

    const oneDoctor = await call(t().app, {
      url: `/api/calendar?from=2026-03-05&to=2026-03-06&medicId=${other.id}`,
      cookie: await signInAs(t(), 'asistent'),
    });
    expect(oneDoctor.json<CalendarResponse>().programari.map((item) => item._id)).toEqual([late._id]);
  });

  it('refuses a reversed or too long range and bad days (400)', async () => {
    const c = await clinic(t());
    for (const query of ['from=2026-03-09&to=2026-03-02', 'from=2026-01-01&to=2026-06-01']) {
      const response = await call(t().app, { url: `/api/calendar?${query}`, cookie: c.cookie });
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).message).toBe(APPOINTMENT_MESSAGES.range);
    }
    const bad = await call(t().app, { url: '/api/calendar?from=2026-02-30&to=2026-03-02', cookie: c.cookie });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields?.['from']).toBe(APPOINTMENT_MESSAGES.invalidDate);
  });

  it('lets only admins read and change the reminder text', async () => {
    const admin = await signInAs(t(), 'admin');
    const medic = await signInAs(t(), 'medic');
    const url = '/api/setari/sms-reminder';
    expect((await call(t().app, { url, cookie: medic })).statusCode).toBe(403);
    const initial = await call(t().app, { url, cookie: admin });
    expect(initial.json()).toMatchObject({ clinicName: 'Clinica Odonto' });
    const body = { template: '{clinica}: {data} {ora} {medic}', clinicName: 'Dent Art' };
    const saved = await call(t().app, { method: 'PUT', url, cookie: admin, body });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(body);
    const empty = await call(t().app, {
      method: 'PUT',
      url,
      cookie: admin,
      body: { ...body, template: ' ' },
    });
    expect(empty.statusCode).toBe(400);

    const c = await clinic(t());
    await book(t(), c);
    const row = await t()
      .db.selectFrom('outbox')
      .select('body')
      .where('kind', '=', 'appointment-reminder')
      .executeTakeFirstOrThrow();
    expect(row.body).toBe('Dent Art: 05.03.2026 10:00 Ana Pop');
  });

  it('reminds in Romanian with the clinic, zz.ll.aaaa and 24-hour time, in one GSM-7 SMS', async () => {
    const c = await clinic(t());
    await t()
      .db.updateTable('patients')
      .set({ nume: 'Țăranu', prenume: 'Ștefan' })
      .where('id', '=', c.patientId)
      .execute();
    const appointment = await book(t(), c, form(c.doctor.id, [16, 45], [17, 15]));
    const [row] = await reminderRows(t(), appointment._id);
    // The default text, with the clinic's default name; the patient's letters folded so that one 'Ș' does
    // not turn the reminder into UCS-2 (70 characters an SMS instead of 160).
    expect(row?.body).toBe(
      'Buna ziua, Stefan Taranu! Va reamintim programarea la Clinica Odonto pe 05.03.2026, ora 16:45, ' +
        'cu dr. Ana Pop.',
    );
    expect(smsParts(row?.body ?? '')).toEqual({ parts: 1, isUnicode: false });
  });
});
