import { expect, it } from 'vitest';
import { MESSAGES } from '@odonto/domain/messages';
import type { App } from '../app-types';
import { describeEachDialect } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { call, errorOf, loginAs } from '../../test/http';
import { currentUser, requirePermission, requireUser } from './auth';

/** Test-only routes guarded like future feature routes. */
function guardedRoutes(app: App): void {
  app.get('/api/test/me', { onRequest: requireUser }, async (request) => ({ id: currentUser(request).id }));
  app.get('/api/test/users', { onRequest: requirePermission('manage:users') }, async () => ({ ok: true }));
}

describeEachDialect('sessions and guards', ({ useApp }) => {
  const t = useApp({ routes: guardedRoutes, env: { SESSION_IDLE_MINUTES: '30', SESSION_MAX_HOURS: '2' } });

  it('requireUser: 401 without a session, the user with one', async () => {
    const anonymous = await call(t().app, { url: '/api/test/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous)).toEqual({ code: 'unauthenticated', message: MESSAGES.unauthenticated });

    const user = await createUser(t().db);
    const cookie = await loginAs(t().app, user.email, user.password);
    const signedIn = await call(t().app, { url: '/api/test/me', cookie });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ id: user.id });
  });

  it('requirePermission: 401 signed out, 403 for a role without it, 200 for one with it', async () => {
    expect((await call(t().app, { url: '/api/test/users' })).statusCode).toBe(401);

    const asistent = await createUser(t().db, { roles: ['asistent'] });
    const refused = await call(t().app, {
      url: '/api/test/users',
      cookie: await loginAs(t().app, asistent.email, asistent.password),
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({ code: 'forbidden', message: MESSAGES.forbidden });

    const admin = await createUser(t().db, { roles: ['medic', 'admin'] });
    const allowed = await call(t().app, {
      url: '/api/test/users',
      cookie: await loginAs(t().app, admin.email, admin.password),
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('ends a session idle for longer than SESSION_IDLE_MINUTES', async () => {
    const user = await createUser(t().db);
    const cookie = await loginAs(t().app, user.email, user.password);
    t().clock.advanceMinutes(29);
    expect((await call(t().app, { url: '/api/test/me', cookie })).statusCode).toBe(200);
    // Activity moved the idle clock: 29 more minutes are fine again.
    t().clock.advanceMinutes(29);
    expect((await call(t().app, { url: '/api/test/me', cookie })).statusCode).toBe(200);
    t().clock.advanceMinutes(31);
    const expired = await call(t().app, { url: '/api/test/me', cookie });
    expect(expired.statusCode).toBe(401);
    expect(expired.cookies.find((c) => c.name === 'odonto_session')?.value).toBe('');
    expect(await t().db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });

  it('ends a session SESSION_MAX_HOURS after sign-in, however active', async () => {
    const user = await createUser(t().db);
    const cookie = await loginAs(t().app, user.email, user.password);
    for (let minute = 20; minute < 120; minute += 20) {
      t().clock.advanceMinutes(20);
      expect((await call(t().app, { url: '/api/test/me', cookie })).statusCode, `after ${minute} min`).toBe(
        200,
      );
    }
    t().clock.advanceMinutes(20);
    expect((await call(t().app, { url: '/api/test/me', cookie })).statusCode).toBe(401);
  });

  it('records activity at most once a minute', async () => {
    const user = await createUser(t().db);
    const cookie = await loginAs(t().app, user.email, user.password);
    const lastSeen = async () =>
      (await t().db.selectFrom('sessions').select('last_seen_at').executeTakeFirstOrThrow()).last_seen_at;
    const signedInAt = await lastSeen();
    t().clock.set(new Date(new Date(signedInAt).getTime() + 30_000));
    await call(t().app, { url: '/api/test/me', cookie });
    expect(await lastSeen()).toBe(signedInAt);
    t().clock.advanceMinutes(1);
    await call(t().app, { url: '/api/test/me', cookie });
    expect(await lastSeen()).toBe(t().clock.now().toISOString());
  });

  it('treats a user deactivated after sign-in as signed out', async () => {
    const user = await createUser(t().db);
    const cookie = await loginAs(t().app, user.email, user.password);
    await t().db.updateTable('users').set({ active: 0 }).where('id', '=', user.id).execute();
    expect((await call(t().app, { url: '/api/test/me', cookie })).statusCode).toBe(401);
    expect((await call(t().app, { url: '/api/check-login', cookie })).statusCode).toBe(204);
  });
});

describeEachDialect('session cookie behind HTTPS', ({ useApp }) => {
  const t = useApp({ env: { PUBLIC_URL: 'https://clinica.example.ro' } });

  it('is Secure when PUBLIC_URL is https', async () => {
    const user = await createUser(t().db);
    const response = await call(t().app, {
      method: 'POST',
      url: '/api/login',
      body: { email: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'odonto_session')).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Strict',
    });
  });
});
