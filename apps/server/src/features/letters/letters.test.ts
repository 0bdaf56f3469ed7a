import { expect, it } from 'vitest';
import type { SaveLetterResponse } from '@odonto/domain/contracts/letters';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser, type CreatedUser } from '../../../test/factories';
import { call, errorOf, loginAs } from '../../../test/http';
import { insertPatientRow } from '../../../test/stored-files';

describeEachDialect('medical letters', ({ useApp }) => {
  const t = useApp();

  async function signIn(roles: string[], nume?: string): Promise<{ user: CreatedUser; cookie: string }> {
    const user = await createUser(t().db, { roles, ...(nume ? { nume } : {}) });
    return { user, cookie: await loginAs(t().app, user.email, user.password) };
  }

  const save = (cookie: string | null, body: unknown) =>
    call(t().app, { method: 'POST', url: '/api/save-scrisoare', cookie, body });

  it('saves a letter with its author and title, answers the patient with it, lists and reprints it', async () => {
    const admin = await signIn(['admin']);
    const medic = await signIn(['medic'], 'Dr. Ana Popescu');
    const titled = await call(t().app, {
      method: 'PUT',
      url: '/api/clinic',
      cookie: admin.cookie,
      body: {
        nume: 'Clinica',
        titluriMedici: [{ userId: medic.user.id, titlu: 'Medic primar' }],
        version: 0,
      },
    });
    expect(titled.statusCode, titled.body).toBe(200);
    const patientId = await insertPatientRow(t().db);

    const response = await save(medic.cookie, {
      id: patientId,
      text: '  Stimate coleg,\nRecomandări: control.  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<SaveLetterResponse>();
    expect(body).toMatchObject({ _id: patientId, nume: 'Popescu', prenume: 'Ana', history: [] });
    expect(body.scrisoare).toEqual({
      id: expect.any(String) as string,
      patientId,
      text: 'Stimate coleg,\nRecomandări: control.',
      authorId: medic.user.id,
      authorName: 'Dr. Ana Popescu',
      authorTitle: 'Medic primar',
      createdAt: '2026-03-02T09:00:00.000Z',
    });

    t().clock.advanceMinutes(60);
    const second = await save(admin.cookie, { id: patientId, text: 'A doua scrisoare' });
    expect(second.json<SaveLetterResponse>().scrisoare).toMatchObject({ authorTitle: '' });

    const list = await call(t().app, { url: `/api/scrisori/${patientId}`, cookie: medic.cookie });
    expect(list.statusCode).toBe(200);
    // Reading the letters is a view of the patient's record: audited with who and which patient.
    const views = await t()
      .db.selectFrom('audit_log')
      .select(['action', 'entity', 'patient_id', 'user_id'])
      .where('action', '=', 'patient_letters_view')
      .execute();
    expect(views).toEqual([
      { action: 'patient_letters_view', entity: 'patient', patient_id: patientId, user_id: medic.user.id },
    ]);
    expect(list.json<{ text: string }[]>().map((letter) => letter.text)).toEqual([
      'A doua scrisoare',
      'Stimate coleg,\nRecomandări: control.',
    ]);

    const reprint = await call(t().app, {
      method: 'POST',
      url: `/api/print-scrisoare/${patientId}/${body.scrisoare.id}`,
      cookie: medic.cookie,
    });
    expect(reprint.statusCode, reprint.body).toBe(200);
    expect(reprint.json()).toEqual({ printedAt: '2026-03-02T10:00:00.000Z' });

    const audit = await t()
      .db.selectFrom('audit_log')
      .select(['action', 'patient_id', 'user_id'])
      .where('action', 'like', 'letter_%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'letter_create', patient_id: patientId, user_id: medic.user.id },
      { action: 'letter_create', patient_id: patientId, user_id: admin.user.id },
      { action: 'letter_print', patient_id: patientId, user_id: medic.user.id },
    ]);
  });

  it.each([
    ['an empty text', { text: ' \n ' }, 'Scrisoarea nu poate fi goală.'],
    ['a text too long', { text: 'x'.repeat(20_001) }, 'Scrisoarea este prea lungă.'],
  ])('answers 400 for %s', async (_label, change, message) => {
    const { cookie } = await signIn(['medic']);
    const patientId = await insertPatientRow(t().db);
    const response = await save(cookie, { id: patientId, ...change });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.['text']).toBe(message);
    expect(await t().db.selectFrom('letters').selectAll().execute()).toEqual([]);
  });

  it('answers 400 for an unknown field', async () => {
    const { cookie } = await signIn(['medic']);
    const patientId = await insertPatientRow(t().db);
    expect((await save(cookie, { id: patientId, text: 'a', autor: 'x' })).statusCode).toBe(400);
  });

  it('answers 404 for an unknown or deleted patient and an unknown letter', async () => {
    const { cookie } = await signIn(['medic']);
    const deleted = await insertPatientRow(t().db, { deletedAt: '2026-03-01T00:00:00.000Z' });
    for (const id of ['nu-exista', deleted]) {
      const saved = await save(cookie, { id, text: 'Scrisoare' });
      expect(saved.statusCode).toBe(404);
      expect(errorOf(saved).message).toBe('Pacientul nu a fost găsit.');
      expect((await call(t().app, { url: `/api/scrisori/${id}`, cookie })).statusCode).toBe(404);
      const printed = await call(t().app, { method: 'POST', url: `/api/print-pacient/${id}`, cookie });
      expect(printed.statusCode).toBe(404);
    }
    const patientId = await insertPatientRow(t().db);
    const reprint = await call(t().app, {
      method: 'POST',
      url: `/api/print-scrisoare/${patientId}/x`,
      cookie,
    });
    expect(reprint.statusCode).toBe(404);
    expect(errorOf(reprint).message).toBe('Scrisoarea nu a fost găsită.');
  });

  it('answers 401 signed out and 403 to asistent and sterilizare', async () => {
    const patientId = await insertPatientRow(t().db);
    expect((await save(null, { id: patientId, text: 'a' })).statusCode).toBe(401);
    expect((await call(t().app, { url: `/api/scrisori/${patientId}` })).statusCode).toBe(401);
    for (const roles of [['asistent'], ['sterilizare']]) {
      const { cookie } = await signIn(roles);
      expect((await save(cookie, { id: patientId, text: 'a' })).statusCode).toBe(403);
      expect((await call(t().app, { url: `/api/scrisori/${patientId}`, cookie })).statusCode).toBe(403);
      const reprint = await call(t().app, {
        method: 'POST',
        url: `/api/print-scrisoare/${patientId}/x`,
        cookie,
      });
      expect(reprint.statusCode).toBe(403);
    }
  });
});

describeEachDialect('POST /api/print-pacient/{id}', ({ useApp }) => {
  const t = useApp();

  it('records the print in the audit log and answers the print time', async () => {
    const user = await createUser(t().db, { roles: ['medic'] });
    const cookie = await loginAs(t().app, user.email, user.password);
    const patientId = await insertPatientRow(t().db);
    const response = await call(t().app, { method: 'POST', url: `/api/print-pacient/${patientId}`, cookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ printedAt: '2026-03-02T09:00:00.000Z' });
    const audit = await t()
      .db.selectFrom('audit_log')
      .select(['action', 'entity', 'patient_id', 'user_id'])
      .where('action', '=', 'patient_print')
      .execute();
    expect(audit).toEqual([
      { action: 'patient_print', entity: 'patient', patient_id: patientId, user_id: user.id },
    ]);
  });

  it('answers 401 signed out, 403 to asistent and sterilizare, 403 without the security header', async () => {
    const patientId = await insertPatientRow(t().db);
    const url = `/api/print-pacient/${patientId}`;
    expect((await call(t().app, { method: 'POST', url })).statusCode).toBe(401);
    for (const roles of [['asistent'], ['sterilizare']]) {
      const user = await createUser(t().db, { roles });
      const cookie = await loginAs(t().app, user.email, user.password);
      expect((await call(t().app, { method: 'POST', url, cookie })).statusCode).toBe(403);
    }
    const admin = await createUser(t().db, { roles: ['admin'] });
    const cookie = await loginAs(t().app, admin.email, admin.password);
    expect((await call(t().app, { method: 'POST', url, cookie, withoutCsrfHeader: true })).statusCode).toBe(
      403,
    );
    expect((await call(t().app, { method: 'POST', url, cookie })).statusCode).toBe(200);
  });
});
