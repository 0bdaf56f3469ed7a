import { sql } from 'kysely';
import { expect, it, vi } from 'vitest';
import { MESSAGES } from '@odonto/domain/messages';
import type { App } from '../app-types';
import { describeEachDialect } from '../../test/build-test-app';
import { connectDatabase } from '../db/connect';
import { toJsonText } from '../db/json';
import { createUser } from '../../test/factories';
import { call, errorOf, loginAs } from '../../test/http';
import { currentUser, requirePermission, requireUser } from './auth';
import { SESSIONS_LISTENER_NAME } from './session-changes';

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

describeEachDialect('sessions checked from memory (decision 0066)', ({ useApp, dialect }) => {
  const t = useApp({ routes: guardedRoutes });

  /** A user signed in whose session the app has just checked, so it holds it in its session cache. */
  async function signedInAndChecked(roles = ['medic', 'admin']) {
    const user = await createUser(t().db, { roles });
    const cookie = await loginAs(t().app, user.email, user.password);
    expect((await call(t().app, { url: '/api/test/users', cookie })).statusCode).toBe(200);
    return { user, cookie };
  }
  const users = (cookie: string) => call(t().app, { url: '/api/test/users', cookie });

  it('a session signed out is refused at once', async () => {
    const { cookie } = await signedInAndChecked();
    expect((await call(t().app, { method: 'DELETE', url: '/api/logout', cookie })).statusCode).toBe(204);
    expect((await users(cookie)).statusCode).toBe(401);
  });

  it('a change of roles, a deactivation or a deleted session counts from the next request', async () => {
    const { user, cookie } = await signedInAndChecked();
    await t()
      .db.updateTable('users')
      .set({ roles: toJsonText(['medic']) })
      .where('id', '=', user.id)
      .execute();
    expect((await users(cookie)).statusCode).toBe(403);
    await t()
      .db.updateTable('users')
      .set({ roles: toJsonText(['medic', 'admin']) })
      .where('id', '=', user.id)
      .execute();
    expect((await users(cookie)).statusCode).toBe(200);
    await t().db.updateTable('users').set({ active: 0 }).where('id', '=', user.id).execute();
    expect((await users(cookie)).statusCode).toBe(401);

    const other = await signedInAndChecked();
    await sql`delete from sessions`.execute(t().db);
    expect((await users(other.cookie)).statusCode).toBe(401);
  });

  it('two sessions of one user: signing out of one leaves the other', async () => {
    const { user, cookie } = await signedInAndChecked();
    const second = await loginAs(t().app, user.email, user.password);
    expect((await users(second)).statusCode).toBe(200);
    expect((await call(t().app, { method: 'DELETE', url: '/api/logout', cookie })).statusCode).toBe(204);
    expect((await users(cookie)).statusCode).toBe(401);
    expect((await users(second)).statusCode).toBe(200);
  });

  it.runIf(dialect === 'postgres')(
    'on PostgreSQL, a change made on another connection is heard within a second, also after the listening connection dropped',
    async () => {
      const { config } = t();
      if (config.database.kind !== 'postgres') throw new Error('PostgreSQL only');
      const other = await connectDatabase(config.database);
      try {
        const first = await signedInAndChecked();
        await other.db.deleteFrom('sessions').where('user_id', '=', first.user.id).execute();
        await vi.waitFor(async () => expect((await users(first.cookie)).statusCode).toBe(401), {
          timeout: 1000,
          interval: 20,
        });

        const listener = sql<{ pid: number }>`select pid from pg_stat_activity
          where datname = current_database() and application_name = ${SESSIONS_LISTENER_NAME}`;
        const [before] = (await listener.execute(t().db)).rows;
        expect(before).toBeDefined();
        await sql`select pg_terminate_backend(${before?.pid})`.execute(t().db);
        await vi.waitFor(
          async () => {
            const [after] = (await listener.execute(t().db)).rows;
            expect(after && after.pid !== before?.pid).toBe(true);
          },
          { timeout: 10_000, interval: 50 },
        );
        const second = await signedInAndChecked();
        await other.db.updateTable('users').set({ active: 0 }).where('id', '=', second.user.id).execute();
        await vi.waitFor(async () => expect((await users(second.cookie)).statusCode).toBe(401), {
          timeout: 1000,
          interval: 20,
        });
      } finally {
        await other.close();
      }
    },
  );
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
