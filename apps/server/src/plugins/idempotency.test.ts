import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { MESSAGES } from '@odonto/domain/messages';
import type { Database } from '../db/database';
import { describeEachDialect, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { call, errorOf, loginAs } from '../../test/http';
import { insertPatientRow } from '../../test/stored-files';
import { postForm, type FormValue } from '../../test/upload';
import { form as appointmentForm } from '../features/appointments/appointments.test-support';
import { docObj, PDF } from '../features/documents/documents.test-support';
import { treatment } from '../features/history/history.test-support';
import {
  insertCharge,
  insertPatientOf,
  personRequest,
  saveClinic,
} from '../features/invoices/invoices.test-support';
import { patientForm } from '../features/patients/patients.test-support';
import { cycleBody, createInstrumentVia } from '../features/sterilisation/sterilisation.test-support';
import { userFormBody } from '../features/users/users.test-support';
import { IDEMPOTENCY_TTL_MS } from './idempotency';

/** One create as the web client sends it, and the table that gets its row. */
interface Create {
  name: string;
  table: keyof Database;
  roles: string[];
  /** Sends the create once with `headers`, preparing what it needs on the first call. */
  prepare(
    t: TestApp,
    cookie: string,
  ): Promise<(headers: Record<string, string>) => Promise<LightMyRequestResponse>>;
}

const json = (t: TestApp, cookie: string, url: string, body: unknown) => (headers: Record<string, string>) =>
  call(t.app, { method: 'POST', url, cookie, body, headers });

const multipart =
  (t: TestApp, cookie: string, url: string, parts: Record<string, FormValue>) =>
  (headers: Record<string, string>) =>
    postForm(t.app, url, parts, cookie, headers);

const CREATES: Create[] = [
  {
    name: 'patient',
    table: 'patients',
    roles: ['medic'],
    prepare: async (t, cookie) => json(t, cookie, '/api/save-pacient', patientForm({ nume: 'Dublu' })),
  },
  {
    name: 'treatment',
    table: 'history_entries',
    roles: ['medic'],
    prepare: async (t, cookie) =>
      multipart(t, cookie, `/api/save-history/${await insertPatientRow(t.db)}`, {
        obj: JSON.stringify(treatment('extracție dentară', '3.6')),
      }),
  },
  {
    name: 'appointment',
    table: 'appointments',
    roles: ['medic'],
    prepare: async (t, cookie) => {
      const doctor = await createUser(t.db, { roles: ['medic'], nume: 'Dr. Ana Pop' });
      const patientId = await insertPatientRow(t.db);
      return json(t, cookie, `/api/save-programare/${patientId}`, appointmentForm(doctor.id));
    },
  },
  {
    name: 'document',
    table: 'documents',
    roles: ['medic'],
    prepare: async (t, cookie) =>
      multipart(t, cookie, `/api/update-doc/${await insertPatientRow(t.db)}`, {
        obj: JSON.stringify(docObj()),
        file: { fileName: 'consimtamant.pdf', data: PDF, type: 'application/pdf' },
      }),
  },
  {
    name: 'sterilisation cycle',
    table: 'sterilisation_cycles',
    roles: ['sterilizare'],
    prepare: async (t, cookie) => {
      const instrument = await createInstrumentVia(t, cookie, 'Sondă parodontală');
      return json(t, cookie, '/api/instrument/sterilizare', cycleBody([instrument._id]));
    },
  },
  {
    name: 'user',
    table: 'users',
    roles: ['admin'],
    prepare: async (t, cookie) =>
      json(t, cookie, '/api/save-utilizator', userFormBody({ email: 'nou@clinica.ro' })),
  },
  {
    name: 'payment',
    table: 'payments',
    roles: ['asistent'],
    prepare: async (t, cookie) =>
      json(t, cookie, `/api/cont/${await insertPatientRow(t.db)}/plati`, {
        method: 'card',
        amountBani: 25_000,
        isAdvance: true,
      }),
  },
  {
    name: 'invoice',
    table: 'invoices',
    roles: ['admin'],
    prepare: async (t, cookie) => {
      await saveClinic(t.app, cookie);
      const patientId = await insertPatientOf(t.db, 'Dr. Ionescu');
      const charge = await insertCharge(t.db, patientId, { amountBani: 25_000, teeth: ['3.6'] });
      return json(t, cookie, '/api/facturi', personRequest(patientId, [charge]));
    },
  },
];

describeEachDialect('retried requests write once (Idempotency-Key)', ({ useApp }) => {
  const t = useApp();

  async function signIn(roles: string[]): Promise<string> {
    const user = await createUser(t().db, { roles });
    return loginAs(t().app, user.email, user.password);
  }

  async function rows(table: keyof Database): Promise<number> {
    const result = await t()
      .db.selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(result?.n ?? 0);
  }

  for (const create of CREATES) {
    it(`a ${create.name} sent twice with one key is created once; the repeat gets the first answer`, async () => {
      const cookie = await signIn(create.roles);
      const send = await create.prepare(t(), cookie);
      const before = await rows(create.table);

      const first = await send({ 'idempotency-key': `k-${create.name.replace(/ /g, '-')}` });
      expect(first.statusCode, first.body).toBe(201);
      const repeat = await send({ 'idempotency-key': `k-${create.name.replace(/ /g, '-')}` });
      expect(repeat.statusCode).toBe(201);
      expect(repeat.body).toBe(first.body);
      expect(repeat.headers['content-type']).toBe(first.headers['content-type']);
      expect(repeat.headers['idempotent-replayed']).toBe('true');
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(await rows(create.table)).toBe(before + 1);
    });
  }

  it('a double-click (both requests in flight together) writes once, and both get the same answer', async () => {
    const cookie = await signIn(['medic']);
    const headers = { 'idempotency-key': 'dublu-clic' };
    const body = patientForm({ nume: 'Grăbit' });
    const send = () => call(t().app, { method: 'POST', url: '/api/save-pacient', cookie, body, headers });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.body).toBe(b.body);
    expect(await rows('patients')).toBe(1);
  });

  it('the same key with another body is 422 and writes nothing', async () => {
    const cookie = await signIn(['medic']);
    const headers = { 'idempotency-key': 'o-cheie' };
    const send = (nume: string) =>
      call(t().app, {
        method: 'POST',
        url: '/api/save-pacient',
        cookie,
        headers,
        body: patientForm({ nume }),
      });
    expect((await send('Primul')).statusCode).toBe(201);
    const other = await send('Altul');
    expect(other.statusCode).toBe(422);
    expect(errorOf(other).message).toBe(MESSAGES.idempotencyKeyReused);
    const elsewhere = await call(t().app, {
      method: 'POST',
      url: '/api/instruments',
      cookie: await signIn(['sterilizare']),
      headers,
      body: { name: 'Oglindă', packaging: 'punga' },
    });
    expect(elsewhere.statusCode, 'keys belong to the user who sent them').toBe(201);
    expect(await rows('patients')).toBe(1);
  });

  it('without a key every send writes; a malformed key is 400', async () => {
    const cookie = await signIn(['medic']);
    const body = patientForm({ nume: 'Fără cheie' });
    for (let i = 0; i < 2; i += 1) {
      expect(
        (await call(t().app, { method: 'POST', url: '/api/save-pacient', cookie, body })).statusCode,
      ).toBe(201);
    }
    for (const key of ['', 'cu spațiu', 'x'.repeat(201)]) {
      const refused = await call(t().app, {
        method: 'POST',
        url: '/api/save-pacient',
        cookie,
        body,
        headers: { 'idempotency-key': key },
      });
      expect(refused.statusCode, JSON.stringify(key)).toBe(400);
      expect(errorOf(refused).message).toBe(MESSAGES.idempotencyKeyInvalid);
    }
    expect(await rows('patients')).toBe(2);
  });

  it('an answer refused by the route (4xx) is replayed as it was', async () => {
    const cookie = await signIn(['medic']);
    const headers = { 'idempotency-key': 'refuzat' };
    const missing = { method: 'POST' as const, url: '/api/save-programare/nu-exista', cookie, headers };
    const body = appointmentForm((await createUser(t().db, { roles: ['medic'] })).id);
    const first = await call(t().app, { ...missing, body });
    expect(first.statusCode).toBe(404);
    const repeat = await call(t().app, { ...missing, body });
    expect(repeat.statusCode).toBe(404);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
  });

  it('takes over the key of a first request whose process died (still pending after five minutes)', async () => {
    const cookie = await signIn(['medic']);
    const send = () =>
      call(t().app, {
        method: 'POST',
        url: '/api/save-pacient',
        cookie,
        headers: { 'idempotency-key': 'orfan' },
        body: patientForm(),
      });
    expect((await send()).statusCode).toBe(201);
    // As if the process had died after claiming the key and before its write: no row, the key pending.
    await t().db.deleteFrom('patients').execute();
    const pending = { status: 'pending' as const, response_status: null, response_body: null };
    await t().db.updateTable('idempotency_keys').set(pending).execute();
    t().clock.advanceMinutes(4);
    t().clock.advanceMinutes(2);
    const taken = await send();
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.headers['idempotent-replayed']).toBeUndefined();
    expect(await rows('patients')).toBe(1);
  });

  it('keeps an answer 24 hours: after that the key runs again', async () => {
    const user = await createUser(t().db, { roles: ['medic'] });
    const headers = { 'idempotency-key': 'ieri' };
    // A new sign-in each time: a session does not last a day.
    const send = async (nume: string) =>
      call(t().app, {
        method: 'POST',
        url: '/api/save-pacient',
        cookie: await loginAs(t().app, user.email, user.password),
        headers,
        body: patientForm({ nume }),
      });
    expect((await send('Ieri')).statusCode).toBe(201);
    t().clock.advanceMinutes(IDEMPOTENCY_TTL_MS / 60_000 - 1);
    const replayed = await send('Ieri');
    expect(replayed.headers['idempotent-replayed'], replayed.body).toBe('true');
    t().clock.advanceMinutes(2);
    const later = await send('Azi');
    expect(later.statusCode, later.body).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await rows('patients')).toBe(2);
  });
});

describeEachDialect('retried requests: answers that must not be kept', ({ useApp }) => {
  let runs = 0;
  const t = useApp({
    routes: (app) => {
      app.post('/api/test/secret-once', async (_request, reply) => {
        runs += 1;
        // A secret shown once (a new TOTP key, recovery codes) must not sit in the database in clear.
        return reply.header('cache-control', 'no-store').send({ secret: `cheie-${runs}` });
      });
      app.post('/api/test/sets-cookie', async (_request, reply) => {
        runs += 1;
        return reply.header('set-cookie', `c=${runs}; HttpOnly`).send({ ok: runs });
      });
    },
  });

  it('runs a repeat of a no-store answer or of one that sets a cookie again, and stores neither', async () => {
    for (const url of ['/api/test/secret-once', '/api/test/sets-cookie']) {
      runs = 0;
      const user = await createUser(t().db, { roles: ['medic'] });
      const cookie = await loginAs(t().app, user.email, user.password);
      const headers = { 'idempotency-key': `cheie-${url.length}` };
      const first = await call(t().app, { method: 'POST', url, cookie, headers, body: {} });
      const repeat = await call(t().app, { method: 'POST', url, cookie, headers, body: {} });
      expect([first.statusCode, repeat.statusCode], url).toEqual([200, 200]);
      expect(repeat.headers['idempotent-replayed'], url).toBeUndefined();
      expect(runs, url).toBe(2);
    }
    expect(await t().db.selectFrom('idempotency_keys').selectAll().execute()).toEqual([]);
  });
});
