import { expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '@odonto/domain/contracts/two-factor';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf, loginAs, sessionCookieOf } from '../../../test/http';
import { challengeCookieOf, totpCode } from '../../../test/two-factor';

describeEachDialect(
  'TOTP required per role: /api/settings/two-factor, /api/login/two-factor/setup',
  ({ useApp }) => {
    const t = useApp();

    async function adminCookie(): Promise<string> {
      const admin = await createUser(t().db, { roles: ['admin'] });
      return loginAs(t().app, admin.email, admin.password);
    }

    async function requireFor(requiredRoles: string[], version = 0) {
      const response = await call(t().app, {
        method: 'PUT',
        url: '/api/settings/two-factor',
        cookie: await adminCookie(),
        body: { requiredRoles, version },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response;
    }

    it('answers 401 without a session and 403 to a role that does not manage settings', async () => {
      expect((await call(t().app, { url: '/api/settings/two-factor' })).statusCode).toBe(401);
      const put = {
        method: 'PUT' as const,
        url: '/api/settings/two-factor',
        body: { requiredRoles: [], version: 0 },
      };
      expect((await call(t().app, put)).statusCode).toBe(401);
      const medic = await createUser(t().db, { roles: ['medic'] });
      const cookie = await loginAs(t().app, medic.email, medic.password);
      const read = await call(t().app, { url: '/api/settings/two-factor', cookie });
      expect(read.statusCode).toBe(403);
      expect(errorOf(read).code).toBe('forbidden');
      expect((await call(t().app, { ...put, cookie })).statusCode).toBe(403);
    });

    it('is off by default; an admin saves the roles; a stale version is 409; an unknown role is 400', async () => {
      const cookie = await adminCookie();
      const before = await call(t().app, { url: '/api/settings/two-factor', cookie });
      expect(before.json()).toEqual({ requiredRoles: [], version: 0 });
      const saved = await call(t().app, {
        method: 'PUT',
        url: '/api/settings/two-factor',
        cookie,
        body: { requiredRoles: ['medic', 'admin', 'medic'], version: 0 },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ requiredRoles: ['admin', 'medic'], version: 1 });
      const read = await call(t().app, { url: '/api/settings/two-factor', cookie });
      expect(read.json()).toEqual({ requiredRoles: ['admin', 'medic'], version: 1 });
      const rows = await t()
        .db.selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'two_factor_policy_change')
        .execute();
      expect(JSON.parse(rows[0]?.details ?? '{}')).toEqual({ requiredRoles: ['admin', 'medic'] });

      const stale = await call(t().app, {
        method: 'PUT',
        url: '/api/settings/two-factor',
        cookie,
        body: { requiredRoles: [], version: 0 },
      });
      expect(stale.statusCode).toBe(409);
      const unknown = await call(t().app, {
        method: 'PUT',
        url: '/api/settings/two-factor',
        cookie,
        body: { requiredRoles: ['pacient'], version: 1 },
      });
      expect(unknown.statusCode).toBe(400);
    });

    it('leads a user of a required role through setup at sign-in, before any session exists', async () => {
      await requireFor(['medic']);
      const medic = await createUser(t().db, { nume: 'Dr. Radu Pop', roles: ['medic'] });
      const first = await call(t().app, {
        method: 'POST',
        url: '/api/login',
        body: { email: medic.email, password: medic.password },
      });
      expect(first.statusCode).toBe(200);
      expect(sessionCookieOf(first)).toBeNull();
      const answer = first.json() as { twoFactor: string; setup: { secret: string; otpauthUrl: string } };
      expect(answer.twoFactor).toBe('setup');
      expect(answer.setup.otpauthUrl).toContain(`secret=${answer.setup.secret}`);
      const challenge = challengeCookieOf(first);

      // A code step is not the setup step, and a wrong code is refused.
      const asCode = await call(t().app, {
        method: 'POST',
        url: '/api/login/two-factor',
        cookie: challenge,
        body: { code: totpCode(t(), answer.setup.secret) },
      });
      expect(asCode.statusCode).toBe(401);
      const code = totpCode(t(), answer.setup.secret);
      const wrong = await call(t().app, {
        method: 'POST',
        url: '/api/login/two-factor/setup',
        cookie: challenge,
        body: { code: code === '000000' ? '111111' : '000000' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(errorOf(wrong).message).toBe(TWO_FACTOR_MESSAGES.wrongCode);

      const done = await call(t().app, {
        method: 'POST',
        url: '/api/login/two-factor/setup',
        cookie: challenge,
        body: { code },
      });
      expect(done.statusCode, done.body).toBe(200);
      const body = done.json() as { name: string; roles: string[]; recoveryCodes: string[] };
      expect(body).toMatchObject({ name: 'Dr. Radu Pop', roles: ['medic'] });
      expect(body.recoveryCodes).toHaveLength(10);
      const session = sessionCookieOf(done);
      const status = await call(t().app, { url: '/api/profile/two-factor', cookie: session });
      expect(status.json()).toEqual({ enabled: true, required: true, recoveryCodesLeft: 10 });

      // Required: it cannot be turned off.
      const off = await call(t().app, {
        method: 'POST',
        url: '/api/profile/two-factor/disable',
        cookie: session,
        body: { password: medic.password },
      });
      expect(off.statusCode).toBe(403);
      expect(errorOf(off).message).toBe(TWO_FACTOR_MESSAGES.requiredByRole);

      // The next sign-in asks for a code.
      t().clock.advanceMinutes(1);
      const next = await call(t().app, {
        method: 'POST',
        url: '/api/login',
        body: { email: medic.email, password: medic.password },
      });
      expect(next.json()).toEqual({ twoFactor: 'code' });
    });

    it('the setup step expires after 15 minutes; other roles sign in as before', async () => {
      await requireFor(['medic']);
      const medic = await createUser(t().db, { roles: ['medic'] });
      const first = await call(t().app, {
        method: 'POST',
        url: '/api/login',
        body: { email: medic.email, password: medic.password },
      });
      const { setup } = first.json() as { setup: { secret: string } };
      t().clock.advanceMinutes(16);
      const late = await call(t().app, {
        method: 'POST',
        url: '/api/login/two-factor/setup',
        cookie: challengeCookieOf(first),
        body: { code: totpCode(t(), setup.secret) },
      });
      expect(late.statusCode).toBe(401);
      expect(errorOf(late).message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);

      const assistant = await createUser(t().db, { roles: ['asistent'] });
      const signedIn = await call(t().app, {
        method: 'POST',
        url: '/api/login',
        body: { email: assistant.email, password: assistant.password },
      });
      expect(sessionCookieOf(signedIn)).not.toBeNull();
    });

    it('the setup step refuses a malformed code (400) and locks after 5 wrong codes (429)', async () => {
      await requireFor(['medic']);
      const medic = await createUser(t().db, { roles: ['medic'] });
      const first = await call(t().app, {
        method: 'POST',
        url: '/api/login',
        body: { email: medic.email, password: medic.password },
      });
      const challenge = challengeCookieOf(first);
      const { setup } = first.json() as { setup: { secret: string } };
      const setupCall = (code: string) =>
        call(t().app, {
          method: 'POST',
          url: '/api/login/two-factor/setup',
          cookie: challenge,
          body: { code },
        });
      const malformed = await setupCall('abcd-efgh-ijkl-mnop');
      expect(malformed.statusCode).toBe(400);
      expect(errorOf(malformed).fields).toEqual({ code: TWO_FACTOR_MESSAGES.totpFormat });
      const right = totpCode(t(), setup.secret);
      const wrong = right === '000000' ? '111111' : '000000';
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await setupCall(wrong)).statusCode).toBe(401);
      }
      const locked = await setupCall(right);
      expect(locked.statusCode).toBe(429);
      expect(locked.headers['retry-after']).toBe('900');
      expect(sessionCookieOf(locked)).toBeNull();
    });

    it('without an open setup step the setup call is 401', async () => {
      const response = await call(t().app, {
        method: 'POST',
        url: '/api/login/two-factor/setup',
        body: { code: '123456' },
      });
      expect(response.statusCode).toBe(401);
    });
  },
);
