import { expect, it } from 'vitest';
import { SESSION_MESSAGES, type SessionItem } from '@odonto/domain/contracts/sessions';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser, type CreatedUser } from '../../../test/factories';
import { call, errorOf, loginAs, sessionCookieOf } from '../../../test/http';

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const IPAD_SAFARI =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describeEachDialect('sessions: a user sees and ends their own, an admin ends a user’s', ({ useApp }) => {
  const t = useApp();

  async function signInFrom(user: CreatedUser, userAgent: string, remoteAddress: string): Promise<string> {
    const response = await call(t().app, {
      method: 'POST',
      url: '/api/login',
      body: { email: user.email, password: user.password },
      headers: { 'user-agent': userAgent },
      remoteAddress,
    });
    expect(response.statusCode, response.body).toBe(200);
    const cookie = sessionCookieOf(response);
    if (!cookie) throw new Error('no session cookie');
    return cookie;
  }

  const signedIn = async (cookie: string) =>
    (await call(t().app, { url: '/api/sesiuni', cookie })).statusCode === 200;

  it('lists the open sessions, this one first, with browser, address and times', async () => {
    const user = await createUser(t().db, { roles: ['medic'] });
    const desk = await signInFrom(user, WINDOWS_CHROME, '192.0.2.10');
    t().clock.advanceMinutes(5);
    const tablet = await signInFrom(user, IPAD_SAFARI, '192.0.2.20');
    const response = await call(t().app, { url: '/api/sesiuni', cookie: desk });
    expect(response.statusCode, response.body).toBe(200);
    const sessions = response.json<SessionItem[]>();
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ device: 'Chrome pe Windows', ip: '192.0.2.10', current: true });
    expect(sessions[1]).toMatchObject({ device: 'Safari pe iPad', ip: '192.0.2.20', current: false });
    expect(sessions[1]?.createdAt).toBe(t().clock.now().toISOString());
    // Another user's sessions are not listed.
    await signInFrom(await createUser(t().db, { roles: ['medic'] }), WINDOWS_CHROME, '192.0.2.30');
    expect((await call(t().app, { url: '/api/sesiuni', cookie: tablet })).json<SessionItem[]>()).toHaveLength(
      2,
    );
  });

  it('ends another session, or the current one (signing out); never another user’s', async () => {
    const user = await createUser(t().db, { roles: ['asistent'] });
    const desk = await signInFrom(user, WINDOWS_CHROME, '192.0.2.10');
    const tablet = await signInFrom(user, IPAD_SAFARI, '192.0.2.20');
    const other = await signInFrom(await createUser(t().db, { roles: ['admin'] }), IPAD_SAFARI, '192.0.2.30');
    const [, tabletSession] = (await call(t().app, { url: '/api/sesiuni', cookie: desk })).json<
      SessionItem[]
    >();
    const [otherSession] = (await call(t().app, { url: '/api/sesiuni', cookie: other })).json<
      SessionItem[]
    >();

    const foreign = await call(t().app, {
      method: 'DELETE',
      url: `/api/sesiuni/${otherSession?.id}`,
      cookie: desk,
    });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).message).toBe(SESSION_MESSAGES.notFound);
    expect(await signedIn(other)).toBe(true);

    const ended = await call(t().app, {
      method: 'DELETE',
      url: `/api/sesiuni/${tabletSession?.id}`,
      cookie: desk,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ ended: 1 });
    expect(await signedIn(tablet)).toBe(false);
    expect(await signedIn(desk)).toBe(true);
    expect(
      (await call(t().app, { method: 'DELETE', url: `/api/sesiuni/${tabletSession?.id}`, cookie: desk }))
        .statusCode,
    ).toBe(404);

    const [current] = (await call(t().app, { url: '/api/sesiuni', cookie: desk })).json<SessionItem[]>();
    const out = await call(t().app, { method: 'DELETE', url: `/api/sesiuni/${current?.id}`, cookie: desk });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((cookie) => cookie.name === 'odonto_session')?.value).toBe('');
    expect(await signedIn(desk)).toBe(false);

    const actions = await t()
      .db.selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'session_end')
      .execute();
    expect(actions).toHaveLength(2);
  });

  it('ends every other session at once; this one stays', async () => {
    const user = await createUser(t().db, { roles: ['medic'] });
    const desk = await signInFrom(user, WINDOWS_CHROME, '192.0.2.10');
    const others = [
      await signInFrom(user, IPAD_SAFARI, '192.0.2.20'),
      await signInFrom(user, IPAD_SAFARI, '192.0.2.21'),
    ];
    const response = await call(t().app, { method: 'DELETE', url: '/api/sesiuni', cookie: desk });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });
    for (const cookie of others) expect(await signedIn(cookie)).toBe(false);
    expect(await signedIn(desk)).toBe(true);
    expect((await call(t().app, { url: '/api/sesiuni', cookie: desk })).json<SessionItem[]>()).toHaveLength(
      1,
    );
  });

  it('an admin signs a user out everywhere; 404 for an unknown user, 403 for a non-admin', async () => {
    const user = await createUser(t().db, { roles: ['medic'] });
    const cookies = [
      await signInFrom(user, WINDOWS_CHROME, '192.0.2.10'),
      await signInFrom(user, IPAD_SAFARI, '192.0.2.20'),
    ];
    const adminUser = await createUser(t().db, { roles: ['admin'] });
    const admin = await loginAs(t().app, adminUser.email, adminUser.password);
    const url = `/api/utilizatori/${user.id}/inchide-sesiuni`;

    expect((await call(t().app, { method: 'POST', url, cookie: cookies[0] ?? null })).statusCode).toBe(403);
    expect(
      (
        await call(t().app, {
          method: 'POST',
          url: '/api/utilizatori/nu-exista/inchide-sesiuni',
          cookie: admin,
        })
      ).statusCode,
    ).toBe(404);
    const response = await call(t().app, { method: 'POST', url, cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });
    for (const cookie of cookies) expect(await signedIn(cookie)).toBe(false);
    expect(await signedIn(admin)).toBe(true);
    const row = await t()
      .db.selectFrom('audit_log')
      .select(['entity_id', 'details'])
      .where('action', '=', 'user_sessions_end')
      .executeTakeFirstOrThrow();
    expect(row.entity_id).toBe(user.id);
    expect(JSON.parse(row.details ?? '{}')).toMatchObject({ endedSessions: 2 });
  });

  it('answers 401 when signed out', async () => {
    expect((await call(t().app, { url: '/api/sesiuni' })).statusCode).toBe(401);
    expect((await call(t().app, { method: 'DELETE', url: '/api/sesiuni' })).statusCode).toBe(401);
    expect((await call(t().app, { method: 'DELETE', url: '/api/sesiuni/x' })).statusCode).toBe(401);
    expect(
      (await call(t().app, { method: 'POST', url: '/api/utilizatori/x/inchide-sesiuni' })).statusCode,
    ).toBe(401);
  });
});
