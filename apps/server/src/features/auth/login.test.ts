import { expect, it } from 'vitest';
import { lockoutMessage, MESSAGES } from '@odonto/domain/messages';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf, loginAs, sessionCookieOf } from '../../../test/http';

describeEachDialect('POST /api/login, GET /api/check-login, DELETE /api/logout', ({ useApp }) => {
  const t = useApp();

  async function auditActions(): Promise<string[]> {
    const rows = await t().db.selectFrom('audit_log').select('action').orderBy('id').execute();
    return rows.map((row) => row.action);
  }

  it('signs in with the right password: name and roles, an HttpOnly SameSite=Strict session cookie', async () => {
    const user = await createUser(t().db, {
      nume: 'Ioana Stănescu',
      email: 'ioana@clinica.test',
      roles: ['medic', 'admin'],
    });
    const response = await call(t().app, {
      method: 'POST',
      url: '/api/login',
      body: { email: user.email, password: user.password },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Ioana Stănescu', roles: ['medic', 'admin'] });
    const cookie = response.cookies.find((c) => c.name === 'odonto_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await auditActions()).toEqual(['login']);
  });

  it('stores only the hash of the session token', async () => {
    const user = await createUser(t().db);
    const cookie = await loginAs(t().app, user.email, user.password);
    const token = cookie.split('=')[1] ?? '';
    const rows = await t().db.selectFrom('sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toContain(token);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts the email in any case and with spaces around it', async () => {
    const user = await createUser(t().db, { email: 'maria@clinica.test' });
    const response = await call(t().app, {
      method: 'POST',
      url: '/api/login',
      body: { email: '  Maria@Clinica.TEST ', password: user.password },
    });
    expect(response.statusCode).toBe(200);
  });

  it("answers 401 'emailul sau parola este incorectă.' for a wrong password and records the failure", async () => {
    const user = await createUser(t().db);
    const response = await call(t().app, {
      method: 'POST',
      url: '/api/login',
      body: { email: user.email, password: 'gresita-1234' },
    });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).message).toBe('emailul sau parola este incorectă.');
    expect(sessionCookieOf(response)).toBeNull();
    const rows = await t().db.selectFrom('audit_log').selectAll().execute();
    expect(rows).toMatchObject([
      { action: 'login_failed', user_email: user.email, user_id: user.id, ip: '127.0.0.1' },
    ]);
    expect(JSON.parse(rows[0]?.details ?? '{}')).toEqual({ reason: 'wrong_password' });
  });

  it("answers 401 'email inexistent.' for an unknown email", async () => {
    const response = await call(t().app, {
      method: 'POST',
      url: '/api/login',
      body: { email: 'nimeni@clinica.test', password: 'orice-parola' },
    });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toEqual({ code: 'unauthenticated', message: 'email inexistent.' });
    expect(await auditActions()).toEqual(['login_failed']);
  });

  it('refuses a deactivated account even with the right password', async () => {
    const user = await createUser(t().db, { active: false });
    const response = await call(t().app, {
      method: 'POST',
      url: '/api/login',
      body: { email: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).message).toBe(MESSAGES.inactiveAccount);
    expect(sessionCookieOf(response)).toBeNull();
  });

  it('answers 400 with field messages for an invalid body, and rejects unknown fields', async () => {
    const invalid = await call(t().app, {
      method: 'POST',
      url: '/api/login',
      body: { email: 'nu-e-email', password: '' },
    });
    expect(invalid.statusCode).toBe(400);
    const error = errorOf(invalid);
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe(MESSAGES.invalidInput);
    expect(error.fields).toEqual({
      email: 'Adresa de email nu este validă.',
      password: 'Câmpul este obligatoriu.',
    });

    const extra = await call(t().app, {
      method: 'POST',
      url: '/api/login',
      body: { email: 'a@b.ro', password: 'x', isAdmin: true },
    });
    expect(extra.statusCode).toBe(400);
    expect(Object.keys(errorOf(extra).fields ?? {})).toEqual(['isAdmin']);
  });

  it('rotates the session at login: the previous session cookie stops working', async () => {
    const user = await createUser(t().db);
    const first = await loginAs(t().app, user.email, user.password);
    const again = await call(t().app, {
      method: 'POST',
      url: '/api/login',
      body: { email: user.email, password: user.password },
      cookie: first,
    });
    const second = sessionCookieOf(again);
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
    expect((await call(t().app, { url: '/api/check-login', cookie: first })).statusCode).toBe(204);
    expect((await call(t().app, { url: '/api/check-login', cookie: second })).statusCode).toBe(200);
  });

  it('GET /api/check-login answers the session user, or 204 and no body without a session', async () => {
    const user = await createUser(t().db, {
      nume: 'Elena Dumitrescu',
      roles: ['asistent'],
      telefon: '0755400500',
      functie: 'Asistentă medicală',
    });
    const cookie = await loginAs(t().app, user.email, user.password);
    const response = await call(t().app, { url: '/api/check-login', cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      userCtx: { name: 'Elena Dumitrescu', roles: ['asistent'] },
      user: {
        _id: user.id,
        nume: 'Elena Dumitrescu',
        functie: 'Asistentă medicală',
        email: user.email,
        telefon: '0755400500',
      },
    });

    // Asking who is signed in when nobody is is not an error (issue 19): no 401 for the browser to log.
    const anonymous = await call(t().app, { url: '/api/check-login' });
    expect(anonymous.statusCode).toBe(204);
    expect(anonymous.body).toBe('');
    const forged = await call(t().app, { url: '/api/check-login', cookie: 'odonto_session=forged-token' });
    expect(forged.statusCode).toBe(204);
    // The dead cookie is cleared, as on every API call.
    expect(forged.cookies.find((c) => c.name === 'odonto_session')?.value).toBe('');
    // Calls that need a session still answer 401.
    const places = await call(t().app, { url: '/api/places' });
    expect(places.statusCode).toBe(401);
    expect(errorOf(places)).toEqual({ code: 'unauthenticated', message: MESSAGES.unauthenticated });
  });

  it('DELETE /api/logout ends the session, clears the cookie and records it', async () => {
    const user = await createUser(t().db);
    const cookie = await loginAs(t().app, user.email, user.password);
    const response = await call(t().app, { method: 'DELETE', url: '/api/logout', cookie });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const cleared = response.cookies.find((c) => c.name === 'odonto_session');
    expect(cleared?.value).toBe('');
    expect((await call(t().app, { url: '/api/check-login', cookie })).statusCode).toBe(204);
    expect(await t().db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
    expect(await auditActions()).toEqual(['login', 'logout']);
  });

  it('DELETE /api/logout without a session still answers 204', async () => {
    const response = await call(t().app, { method: 'DELETE', url: '/api/logout' });
    expect(response.statusCode).toBe(204);
  });

  it('locks an account after 5 failures in 15 minutes, even for the right password, with Retry-After', async () => {
    const user = await createUser(t().db);
    for (let attempt = 1; attempt <= 5; attempt++) {
      t().clock.advanceMinutes(1);
      const response = await call(t().app, {
        method: 'POST',
        url: '/api/login',
        body: { email: user.email, password: `gresita-${attempt}` },
        remoteAddress: `10.0.0.${attempt}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const locked = await call(t().app, {
      method: 'POST',
      url: '/api/login',
      body: { email: user.email, password: user.password },
    });
    expect(locked.statusCode).toBe(429);
    // The oldest of the five failures (4 minutes ago) leaves the window in 11 minutes.
    expect(locked.headers['retry-after']).toBe('660');
    expect(errorOf(locked)).toEqual({ code: 'rate_limited', message: lockoutMessage(660) });
    expect(errorOf(locked).message).toBe(
      'Prea multe încercări de autentificare. Încercați din nou peste 11 minute.',
    );

    // Other accounts from the same address are not affected.
    const other = await createUser(t().db);
    expect(
      (
        await call(t().app, {
          method: 'POST',
          url: '/api/login',
          body: { email: other.email, password: other.password },
        })
      ).statusCode,
    ).toBe(200);

    t().clock.advanceMinutes(11);
    expect(
      (
        await call(t().app, {
          method: 'POST',
          url: '/api/login',
          body: { email: user.email, password: user.password },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('counts sign-ins refused by the lockout in one login_locked row per address, without making the lockout longer', async () => {
    const user = await createUser(t().db);
    for (let attempt = 1; attempt <= 5; attempt++) {
      t().clock.advanceMinutes(1);
      await call(t().app, {
        method: 'POST',
        url: '/api/login',
        body: { email: user.email, password: `gresita-${attempt}` },
      });
    }
    const refuse = async (password: string, remoteAddress: string) => {
      const locked = await call(t().app, {
        method: 'POST',
        url: '/api/login',
        body: { email: user.email, password },
        remoteAddress,
      });
      expect(locked.statusCode).toBe(429);
    };
    // Three refused attempts, a few minutes apart, the last with the right password.
    t().clock.advanceMinutes(3);
    await refuse('gresita-6', '192.0.2.9');
    // Hammering a locked account adds no rows.
    for (let attempt = 0; attempt < 50; attempt++) await refuse(`gresita-x${attempt}`, '192.0.2.9');
    t().clock.advanceMinutes(3);
    await refuse('gresita-7', '192.0.2.9');
    t().clock.advanceMinutes(3);
    await refuse(user.password, '192.0.2.9');
    await refuse('gresita-8', '198.51.100.4');
    const rows = await t()
      .db.selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'login_locked')
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      user_id: user.id,
      user_email: user.email,
      ip: '192.0.2.9',
      entity: 'user',
      entity_id: user.id,
      // The row keeps when the first refused attempt came (minute 8).
      at: new Date(t().clock.now().getTime() - 6 * 60_000).toISOString(),
    });
    // 53 attempts; at minute 14 the oldest counted failure (minute 1) leaves the window at minute 16: 2 minutes.
    expect(JSON.parse(rows[0]?.details ?? '{}')).toEqual({
      retryAfter: 120,
      attempts: 53,
      lastAt: t().clock.now().toISOString(),
    });
    expect(rows[1]).toMatchObject({ ip: '198.51.100.4' });
    expect(JSON.parse(rows[1]?.details ?? '{}')).toEqual({ retryAfter: 120, attempts: 1 });

    // The refused attempts did not count as failures: the lock ends at minute 16.
    t().clock.advanceMinutes(2);
    const signedIn = await call(t().app, {
      method: 'POST',
      url: '/api/login',
      body: { email: user.email, password: user.password },
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('audits a locked-out attempt for an unknown address by its email only', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      await call(t().app, {
        method: 'POST',
        url: '/api/login',
        body: { email: 'nimeni@clinica.test', password: `gresita-${attempt}` },
      });
    }
    const locked = await call(t().app, {
      method: 'POST',
      url: '/api/login',
      body: { email: 'nimeni@clinica.test', password: 'gresita-6' },
    });
    expect(locked.statusCode).toBe(429);
    expect(await auditActions()).toEqual([...Array<string>(5).fill('login_failed'), 'login_locked']);
    const row = await t()
      .db.selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'login_locked')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: null, user_email: 'nimeni@clinica.test', entity_id: null });
  });

  it('does not lock an account for failures older than 15 minutes, and a sign-in restarts the count', async () => {
    const user = await createUser(t().db);
    const attempt = (password: string) => {
      t().clock.advanceMinutes(1);
      return call(t().app, { method: 'POST', url: '/api/login', body: { email: user.email, password } });
    };
    for (let i = 0; i < 4; i++) expect((await attempt('gresita-000')).statusCode).toBe(401);
    expect((await attempt(user.password)).statusCode).toBe(200);
    // Eight failures within 15 minutes, but only four since the last sign-in.
    for (let i = 0; i < 4; i++) expect((await attempt('gresita-000')).statusCode).toBe(401);
    expect((await attempt(user.password)).statusCode).toBe(200);

    for (let i = 0; i < 4; i++) expect((await attempt('gresita-000')).statusCode).toBe(401);
    t().clock.advanceMinutes(15);
    // The fifth failure is the only one inside the window now.
    expect((await attempt('gresita-000')).statusCode).toBe(401);
    expect((await attempt(user.password)).statusCode).toBe(200);
  });

  it('never locks an address: after 100 failures on made-up e-mails and 4 on a real account, 49 colleagues on the same address get in', async () => {
    const shared = '203.0.113.7';
    const attempt = (email: string, password: string) =>
      call(t().app, {
        method: 'POST',
        url: '/api/login',
        body: { email, password },
        remoteAddress: shared,
      });
    for (let n = 1; n <= 100; n++)
      expect((await attempt(`ghicit${n}@clinica.test`, 'orice-parola')).statusCode).toBe(401);
    const receptie = await createUser(t().db, { email: 'receptie@clinica.test' });
    for (let n = 1; n <= 4; n++) expect((await attempt(receptie.email, `gresita-${n}`)).statusCode).toBe(401);
    // Past 20 failures the address is slowed (each failure answered LOGIN_SLOWDOWN_MS late), not locked.
    const failures = await t()
      .db.selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'login_failed')
      .orderBy('id')
      .execute();
    const slowed = failures.map((row) => (JSON.parse(row.details ?? '{}') as { slowedMs?: number }).slowedMs);
    expect(slowed.slice(0, 20).every((ms) => ms === undefined)).toBe(true);
    expect(slowed.slice(20).every((ms) => ms === 1)).toBe(true);

    const colleagues = [];
    for (let n = 1; n <= 49; n++)
      colleagues.push(await createUser(t().db, { email: `coleg${n}@clinica.test` }));
    colleagues.push(receptie);
    for (const colleague of colleagues)
      expect((await attempt(colleague.email, colleague.password)).statusCode, colleague.email).toBe(200);
  });

  it('still locks the account itself after 5 failures, from every address', async () => {
    const user = await createUser(t().db);
    for (let n = 1; n <= 5; n++) {
      const failed = await call(t().app, {
        method: 'POST',
        url: '/api/login',
        body: { email: user.email, password: `gresita-${n}` },
        remoteAddress: `198.51.100.${n}`,
      });
      expect(failed.statusCode).toBe(401);
    }
    const locked = await call(t().app, {
      method: 'POST',
      url: '/api/login',
      body: { email: user.email, password: user.password },
      remoteAddress: '192.0.2.200',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('900');
    expect(errorOf(locked).message).toBe(lockoutMessage(900));
  });
});
