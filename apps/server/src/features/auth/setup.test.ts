import { expect, it } from 'vitest';
import { MESSAGES } from '@odonto/domain/messages';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf, sessionCookieOf } from '../../../test/http';
import { createAdmin } from './auth.service';

const ADMIN = {
  nume: 'Andreea Popescu',
  email: 'andreea@clinica.test',
  password: 'Parola-Admin-2026',
  confirm: 'Parola-Admin-2026',
};

describeEachDialect('first-run setup: GET/POST /api/setup', ({ useApp }) => {
  const t = useApp();

  it('says setup is needed while there is no user', async () => {
    const response = await call(t().app, { url: '/api/setup' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ needsSetup: true });
    await createUser(t().db);
    expect((await call(t().app, { url: '/api/setup' })).json()).toEqual({ needsSetup: false });
  });

  it('creates the first admin, signs them in, and is then done', async () => {
    const response = await call(t().app, { method: 'POST', url: '/api/setup', body: ADMIN });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ name: 'Andreea Popescu', roles: ['admin'] });

    const cookie = sessionCookieOf(response);
    const session = await call(t().app, { url: '/api/check-login', cookie });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({
      userCtx: { name: 'Andreea Popescu', roles: ['admin'] },
      user: { email: ADMIN.email },
    });

    expect((await call(t().app, { url: '/api/setup' })).json()).toEqual({ needsSetup: false });
    const again = await call(t().app, {
      method: 'POST',
      url: '/api/setup',
      body: { ...ADMIN, email: 'altcineva@clinica.test' },
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({ code: 'conflict', message: MESSAGES.setupDone });

    const login = await call(t().app, {
      method: 'POST',
      url: '/api/login',
      body: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(login.statusCode).toBe(200);
    const actions = await t().db.selectFrom('audit_log').select('action').orderBy('id').execute();
    expect(actions.map((row) => row.action)).toEqual(['user_create', 'login', 'login']);
  });

  it('answers 409 when any user already exists', async () => {
    await createUser(t().db, { roles: ['asistent'] });
    const response = await call(t().app, { method: 'POST', url: '/api/setup', body: ADMIN });
    expect(response.statusCode).toBe(409);
    expect(sessionCookieOf(response)).toBeNull();
    expect(await t().db.selectFrom('users').selectAll().execute()).toHaveLength(1);
  });

  it('creates exactly one admin when two setups race', async () => {
    const answers = await Promise.all(
      ['unu@clinica.test', 'doi@clinica.test', 'trei@clinica.test'].map((email) =>
        call(t().app, { method: 'POST', url: '/api/setup', body: { ...ADMIN, email } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await t().db.selectFrom('users').selectAll().execute()).toHaveLength(1);
  });

  it('holds the users table while creating the first admin, so overlapping first runs create one', async () => {
    const deps = { db: t().db, dialect: t().dialect, now: t().clock.now };
    const options = { onlyIfNoUser: true, actor: null, source: 'setup' as const };
    // Each transaction stays open a while after its insert, so without the lock both would see no user.
    const linger = () => new Promise<void>((resolve) => setTimeout(resolve, 150));
    const results = await Promise.all(
      ['unu@clinica.test', 'doi@clinica.test'].map((email) =>
        createAdmin(deps, { nume: 'Administrator', email, password: 'Parola-Admin-2026' }, options, linger),
      ),
    );
    expect(results.filter((user) => user !== null)).toHaveLength(1);
    expect(await t().db.selectFrom('users').selectAll().execute()).toHaveLength(1);
  });

  it('checks name, email, the password rule and the confirmation', async () => {
    const response = await call(t().app, {
      method: 'POST',
      url: '/api/setup',
      body: { nume: ' ', email: 'gresit', password: 'scurta', confirm: 'alta' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({
      nume: 'Numele este obligatoriu.',
      email: 'Adresa de email nu este validă.',
      password: MESSAGES.passwordTooShort,
      confirm: MESSAGES.passwordsDiffer,
    });
    expect((await call(t().app, { url: '/api/setup' })).json()).toEqual({ needsSetup: true });
  });

  it('createAdmin (used by ODONTO_ADMIN_EMAIL at start) only acts on an empty database', async () => {
    const deps = { db: t().db, dialect: t().dialect, now: t().clock.now };
    const options = { onlyIfNoUser: true, actor: null, source: 'env' as const };
    const created = await createAdmin(
      deps,
      { nume: 'Administrator', email: 'admin@clinica.test', password: 'Parola-Admin-2026' },
      options,
    );
    expect(created).toMatchObject({ email: 'admin@clinica.test', roles: ['admin'], active: true });
    const second = await createAdmin(
      deps,
      { nume: 'Alt admin', email: 'alt@clinica.test', password: 'Parola-Admin-2026' },
      options,
    );
    expect(second).toBeNull();

    // Without the first-run condition (the create-admin script) a duplicate email is a conflict.
    await expect(
      createAdmin(
        deps,
        { nume: 'Dublură', email: 'admin@clinica.test', password: 'Parola-Admin-2026' },
        { ...options, onlyIfNoUser: false },
      ),
    ).rejects.toMatchObject({ statusCode: 409 });
  });
});
