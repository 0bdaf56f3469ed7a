import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf } from '../../../test/http';
import {
  auditUrl,
  createPatientVia,
  listAuditVia,
  seedAudit,
  signInWith,
  type SeedRow,
} from './audit.test-support';

describeEachDialect('audit list', ({ useApp }) => {
  const t = useApp();

  it('answers newest first, with the current user name and the patient named with the file number', async () => {
    const admin = await signInWith(t(), ['admin'], 'Andreea Pop');
    const medic = await createUser(t().db, { nume: 'Dr. Ștefan Țurcanu', roles: ['medic'] });
    const patient = await createPatientVia(t(), admin.cookie, { nume: 'Popescu', prenume: 'Ion' });
    await seedAudit(t(), [
      {
        at: '2026-03-01T08:00:00.000Z',
        action: 'patient_view',
        user_id: medic.id,
        user_email: medic.email,
        ip: '10.0.0.7',
        entity: 'patient',
        entity_id: patient._id,
        patient_id: patient._id,
      },
      {
        at: '2026-03-01T09:00:00.000Z',
        action: 'patient_update',
        user_id: medic.id,
        user_email: medic.email,
        patient_id: patient._id,
        details: JSON.stringify({ fields: ['telefon', 'birthdate'], version: 2 }),
      },
      { at: '2026-03-01T10:00:00.000Z', action: 'review_reply', details: '"text"' },
    ]);

    const answer = await listAuditVia(t(), admin.cookie, { from: '2026-03-01', to: '2026-03-01' });
    expect(answer).toMatchObject({ total: 3, page: 1, pageSize: 50, patient: null });
    expect(answer.rows.map((row) => row.action)).toEqual(['review_reply', 'patient_update', 'patient_view']);
    expect(answer.rows[2]).toEqual({
      id: expect.any(Number),
      at: '2026-03-01T08:00:00.000Z',
      userId: medic.id,
      userEmail: medic.email,
      userName: 'Dr. Ștefan Țurcanu',
      ip: '10.0.0.7',
      action: 'patient_view',
      actionLabel: 'Vizualizare fișă pacient',
      entity: 'patient',
      entityId: patient._id,
      patientId: patient._id,
      patientName: `Popescu Ion (fișa nr. ${patient.id})`,
      details: null,
      detailsText: '',
    });
    expect(answer.rows[1]).toMatchObject({
      actionLabel: 'Modificare pacient',
      details: { fields: ['telefon', 'birthdate'], version: 2 },
      detailsText: 'Câmpuri modificate: telefon, data nașterii',
    });
    // An action without a label and details that are no object still show.
    expect(answer.rows[0]).toMatchObject({
      actionLabel: 'review_reply',
      details: { value: 'text' },
      userName: null,
      patientName: null,
    });

    // The name is the account's current one; a removed account keeps its email in the log.
    await t()
      .db.updateTable('users')
      .set({ nume: 'Dr. Ștefan Țurcanu-Pop' })
      .where('id', '=', medic.id)
      .execute();
    const renamed = await listAuditVia(t(), admin.cookie, { action: 'patient_view', from: '2026-03-01' });
    expect(renamed.rows[0]?.userName).toBe('Dr. Ștefan Țurcanu-Pop');
    await t().db.deleteFrom('users').where('id', '=', medic.id).execute();
    const removed = await listAuditVia(t(), admin.cookie, { action: 'patient_view', from: '2026-03-01' });
    expect(removed.rows[0]).toMatchObject({ userName: null, userEmail: medic.email, userId: medic.id });
  });

  it('filters by user (id or email), patient and action, each and combined', async () => {
    const admin = await signInWith(t(), ['admin']);
    const ana = await createUser(t().db, { roles: ['medic'], email: 'ana@clinica.test' });
    const dan = await createUser(t().db, { roles: ['asistent'] });
    const [p1, p2] = ['p-1', 'p-2'];
    const at = (minute: number) => `2026-02-10T10:${String(minute).padStart(2, '0')}:00.000Z`;
    const rows: SeedRow[] = [
      { at: at(1), action: 'patient_view', user_id: ana.id, user_email: ana.email, patient_id: p1 },
      { at: at(2), action: 'patient_update', user_id: ana.id, user_email: ana.email, patient_id: p1 },
      { at: at(3), action: 'patient_view', user_id: ana.id, user_email: ana.email, patient_id: p2 },
      { at: at(4), action: 'patient_view', user_id: dan.id, user_email: dan.email, patient_id: p1 },
      { at: at(5), action: 'login_failed', user_email: 'nimeni@clinica.test' },
    ];
    await seedAudit(t(), rows);
    const minutes = async (query: Record<string, string>) =>
      (await listAuditVia(t(), admin.cookie, { from: '2026-02-10', to: '2026-02-10', ...query })).rows.map(
        (row) => Number(row.at.slice(14, 16)),
      );

    expect(await minutes({})).toEqual([5, 4, 3, 2, 1]);
    expect(await minutes({ user: ana.id })).toEqual([3, 2, 1]);
    expect(await minutes({ user: 'ANA@Clinica.test' })).toEqual([3, 2, 1]);
    expect(await minutes({ user: 'nimeni@clinica.test' })).toEqual([5]);
    expect(await minutes({ patient: p1 })).toEqual([4, 2, 1]);
    expect(await minutes({ action: 'patient_view' })).toEqual([4, 3, 1]);
    expect(await minutes({ user: ana.id, patient: p1 })).toEqual([2, 1]);
    expect(await minutes({ user: ana.email, patient: p1, action: 'patient_view' })).toEqual([1]);
    expect(await minutes({ patient: 'p-nimeni' })).toEqual([]);
    expect(await minutes({ user: '', patient: '', action: '' })).toEqual([5, 4, 3, 2, 1]);
  });

  it('takes from and to as whole days in Bucharest, across a clock change', async () => {
    const admin = await signInWith(t(), ['admin']);
    await seedAudit(t(), [
      // 2 March in Bucharest (UTC+2) runs from 1 March 22:00 to 2 March 21:59:59.999 UTC.
      { at: '2026-03-01T21:59:59.999Z', action: 'a_before' },
      { at: '2026-03-01T22:00:00.000Z', action: 'a_first' },
      { at: '2026-03-02T21:59:59.999Z', action: 'a_last' },
      { at: '2026-03-02T22:00:00.000Z', action: 'a_after' },
      // 29 March has 23 hours: 28 March 22:00 to 29 March 20:59:59.999 UTC (summer time, UTC+3).
      { at: '2026-03-28T21:59:59.999Z', action: 'b_before' },
      { at: '2026-03-28T22:00:00.000Z', action: 'b_first' },
      { at: '2026-03-29T20:59:59.999Z', action: 'b_last' },
      { at: '2026-03-29T21:00:00.000Z', action: 'b_after' },
    ]);
    const actions = async (query: Record<string, string>) =>
      (await listAuditVia(t(), admin.cookie, query)).rows
        .map((row) => row.action)
        .filter((a) => a !== 'login');

    expect(await actions({ from: '2026-03-02', to: '2026-03-02' })).toEqual(['a_last', 'a_first']);
    expect(await actions({ from: '2026-03-29', to: '2026-03-29' })).toEqual(['b_last', 'b_first']);
    expect(await actions({ to: '2026-03-01' })).toEqual(['a_before']);
    expect(await actions({ from: '2026-03-30' })).toEqual(['b_after']);
    expect(await actions({ from: '2026-03-03', to: '2026-03-28' })).toEqual(['b_before', 'a_after']);
  });

  it('pages by 50 without gaps or repeats, rows of the same instant included', async () => {
    const admin = await signInWith(t(), ['admin']);
    await seedAudit(
      t(),
      Array.from({ length: 120 }, (_, index) => ({
        at: `2026-01-05T10:00:0${index % 3}.000Z`,
        action: 'patient_view',
        patient_id: `p-${index}`,
      })),
    );
    const pages = await Promise.all(
      ['1', '2', '3', '4'].map((page) => listAuditVia(t(), admin.cookie, { action: 'patient_view', page })),
    );
    expect(pages.map((page) => [page.page, page.rows.length, page.total])).toEqual([
      [1, 50, 120],
      [2, 50, 120],
      [3, 20, 120],
      [4, 0, 120],
    ]);
    const all = pages.flatMap((page) => page.rows);
    expect(new Set(all.map((row) => row.id)).size).toBe(120);
    const order = all.map((row) => `${row.at}#${String(row.id).padStart(6, '0')}`);
    expect(order).toEqual([...order].sort().reverse());
  });

  it('names the filtered patient even when no row matches', async () => {
    const admin = await signInWith(t(), ['admin']);
    const patient = await createPatientVia(t(), admin.cookie, { nume: 'Ionescu', prenume: 'Maria' });
    const answer = await listAuditVia(t(), admin.cookie, { patient: patient._id, action: 'patient_view' });
    expect(answer).toMatchObject({
      rows: [],
      total: 0,
      patient: { id: patient._id, label: `Ionescu Maria (fișa nr. ${patient.id})` },
    });
    expect((await listAuditVia(t(), admin.cookie, { patient: 'nu-exista' })).patient).toBeNull();
  });

  it.each([
    ['a day in another format', { from: '02.03.2026' }, 'from'],
    ['a day that does not exist', { to: '2026-02-30' }, 'to'],
    ['from after to', { from: '2026-03-05', to: '2026-03-01' }, 'to'],
    ['page 0', { page: '0' }, 'page'],
    ['a page that is no number', { page: 'unu' }, 'page'],
    ['an action with odd characters', { action: "x' or 1=1" }, 'action'],
    ['an unknown filter', { medic: 'Pop' }, 'medic'],
  ])('answers 400 in Romanian for %s', async (_name, query, field) => {
    const admin = await signInWith(t(), ['admin']);
    const response = await call(t().app, { url: auditUrl('/api/audit', query), cookie: admin.cookie });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error).toMatchObject({ code: 'invalid_input', message: 'Datele trimise nu sunt valide.' });
    expect(Object.keys(error.fields ?? {})).toContain(field);
  });

  it('lists the actions present with their labels, and the users present with their names', async () => {
    const admin = await signInWith(t(), ['admin'], 'Andreea Pop');
    await seedAudit(t(), [
      { at: '2026-03-01T08:00:00.000Z', action: 'patient_view', user_email: admin.user.email },
      { at: '2026-03-01T08:01:00.000Z', action: 'patient_view', user_email: admin.user.email },
      { at: '2026-03-01T08:02:00.000Z', action: 'login_failed', user_email: 'necunoscut@exemplu.ro' },
      { at: '2026-03-01T08:03:00.000Z', action: 'zz_custom' },
    ]);
    const actions = await call(t().app, { url: '/api/audit/actions', cookie: admin.cookie });
    expect(actions.statusCode).toBe(200);
    expect(actions.json()).toEqual([
      { action: 'login', label: 'Autentificare' },
      { action: 'login_failed', label: 'Autentificare eșuată' },
      { action: 'patient_view', label: 'Vizualizare fișă pacient' },
      { action: 'zz_custom', label: 'zz_custom' },
    ]);
    const users = await call(t().app, { url: '/api/audit/users', cookie: admin.cookie });
    expect(users.statusCode).toBe(200);
    expect(users.json()).toEqual([
      { email: admin.user.email, userId: admin.user.id, name: 'Andreea Pop' },
      { email: 'necunoscut@exemplu.ro', userId: null, name: null },
    ]);
  });
});
