import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGES } from '@odonto/domain/messages';
import type { Patient } from '@odonto/domain/contracts/patients';
import { describeEachDialect, type TestApp } from '../../../test/build-test-app';
import { call, errorOf, type CallOptions } from '../../../test/http';
import { createPatientVia, patientForm, signIn, type StaffRole } from './patients.test-support';

type Call = Omit<CallOptions, 'cookie'>;

describeEachDialect('patients: who may do what', ({ build }) => {
  let t: TestApp;
  let patient: Patient;
  const cookies = new Map<StaffRole, string>();
  beforeAll(async () => {
    t = await build();
    for (const role of ['admin', 'medic', 'asistent', 'sterilizare'] as const)
      cookies.set(role, await signIn(t, role));
    patient = await createPatientVia(t.app, cookies.get('admin') ?? '');
  });
  afterAll(async () => {
    await t.close();
  });

  const calls = (): Record<string, Call> => ({
    list: { url: '/api/pacienti' },
    listDeleted: { url: '/api/pacienti?deleted=true' },
    get: { url: `/api/get-pacient/${patient._id}` },
    save: { method: 'POST', url: '/api/save-pacient', body: patientForm() },
    update: {
      method: 'POST',
      url: `/api/update-pacient/${patient._id}`,
      body: { ...patientForm(), version: 999 },
    },
    block: { method: 'POST', url: '/api/block-pacient', body: { id: 'nu-exista' } },
    delete: { url: '/api/delete-pacient/nu-exista' },
    restore: { method: 'POST', url: '/api/restore-pacient/nu-exista' },
    medici: { url: '/api/get-medici' },
  });

  it.each(['list', 'listDeleted', 'get', 'save', 'update', 'block', 'delete', 'restore', 'medici'])(
    '%s answers 401 when signed out',
    async (name) => {
      const response = await call(t.app, calls()[name] ?? { url: '' });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).message).toBe(MESSAGES.unauthenticated);
    },
  );

  // Statuses past the permission check (404, 409) prove the call was let through without changing anything.
  it.each<[StaffRole, string, number]>([
    ['sterilizare', 'list', 403],
    ['sterilizare', 'get', 403],
    ['sterilizare', 'save', 403],
    ['sterilizare', 'update', 403],
    ['sterilizare', 'block', 403],
    ['sterilizare', 'delete', 403],
    ['sterilizare', 'medici', 200],
    ['asistent', 'list', 200],
    ['asistent', 'get', 200],
    ['asistent', 'update', 409],
    ['asistent', 'block', 403],
    ['asistent', 'delete', 403],
    ['asistent', 'restore', 403],
    ['asistent', 'listDeleted', 403],
    ['asistent', 'medici', 200],
    ['medic', 'block', 404],
    ['medic', 'delete', 404],
    ['medic', 'restore', 403],
    ['medic', 'listDeleted', 403],
    ['admin', 'restore', 404],
    ['admin', 'listDeleted', 200],
  ])('%s: %s answers %i', async (role, name, status) => {
    const response = await call(t.app, {
      ...calls()[name],
      url: calls()[name]?.url ?? '',
      cookie: cookies.get(role) ?? null,
    });
    expect(response.statusCode, response.body).toBe(status);
    if (status === 403) expect(errorOf(response)).toEqual({ code: 'forbidden', message: MESSAGES.forbidden });
  });

  it('refuses delete-pacient without the CSRF header, and deletes nothing', async () => {
    const response = await call(t.app, {
      url: `/api/delete-pacient/${patient._id}`,
      cookie: cookies.get('admin') ?? null,
      withoutCsrfHeader: true,
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({ code: 'csrf', message: MESSAGES.csrf });
    const row = await t.db
      .selectFrom('patients')
      .select('deleted_at')
      .where('id', '=', patient._id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeNull();
  });

  it('refuses save-pacient without the CSRF header', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/save-pacient',
      cookie: cookies.get('medic') ?? null,
      body: patientForm(),
      withoutCsrfHeader: true,
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('csrf');
  });

  it('documents every patient call in the OpenAPI document', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    const doc = response.json<{
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
    }>();
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'GET /api/pacienti',
        'POST /api/save-pacient',
        'POST /api/update-pacient/{id}',
        'GET /api/get-pacient/{id}',
        'POST /api/block-pacient',
        'GET /api/delete-pacient/{id}',
        'POST /api/restore-pacient/{id}',
        'GET /api/get-medici',
      ]),
    );
    const listParameters = doc.paths['/api/pacienti']?.['get']?.parameters?.map(
      (parameter) => parameter.name,
    );
    expect(listParameters).toEqual(
      expect.arrayContaining([
        'q',
        'judet',
        'oras',
        'tara',
        'medic',
        'igienizare',
        'from',
        'to',
        'page',
        'deleted',
      ]),
    );
  });
});
