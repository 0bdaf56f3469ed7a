import { expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES, twoFactorLockoutMessage } from '@odonto/domain/contracts/two-factor';
import { describeEachDialect, type TestApp } from '../../../test/build-test-app';
import { createUser, type CreatedUser } from '../../../test/factories';
import { call, errorOf, loginAs, sessionCookieOf } from '../../../test/http';
import { challengeCookieOf, enableTotp, passwordStep, totpCode } from '../../../test/two-factor';

describeEachDialect('two-factor sign-in: POST /api/login, /api/login/two-factor', ({ useApp }) => {
  const t = useApp();

  async function userWithTotp(
    overrides: Partial<Omit<CreatedUser, 'id'>> = {},
  ): Promise<CreatedUser & { key: string; recoveryCodes: string[] }> {
    const user = await createUser(t().db, overrides);
    const cookie = await loginAs(t().app, user.email, user.password);
    return { ...user, ...(await enableTotp(t(), cookie)) };
  }

  function secondStep(cookie: string | null, code: string, app: TestApp = t()) {
    return call(app.app, { method: 'POST', url: '/api/login/two-factor', cookie, body: { code } });
  }

  async function auditRows(action: string) {
    return t().db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
  }

  it('asks for a code after the right password, with no session, then signs in with the code', async () => {
    const user = await userWithTotp({ nume: 'Ioana Stănescu', roles: ['medic'] });
    const first = await call(t().app, {
      method: 'POST',
      url: '/api/login',
      body: { email: user.email, password: user.password },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactor: 'code' });
    expect(sessionCookieOf(first)).toBeNull();
    const challenge = first.cookies.find((c) => c.name === 'odonto_2fa');
    expect(challenge).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/login' });
    expect(await auditRows('login_second_step')).toHaveLength(1);

    const second = await secondStep(challengeCookieOf(first), totpCode(t(), user.key));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual({ name: 'Ioana Stănescu', roles: ['medic'] });
    const session = sessionCookieOf(second);
    expect(session).not.toBeNull();
    const me = await call(t().app, { url: '/api/check-login', cookie: session });
    expect(me.statusCode).toBe(200);
    const logins = await auditRows('login');
    expect(JSON.parse(logins.at(-1)?.details ?? '{}')).toEqual({ secondFactor: 'totp' });
    // The challenge is used up.
    const again = await secondStep(challengeCookieOf(first), totpCode(t(), user.key, 1));
    expect(again.statusCode).toBe(401);
    expect(errorOf(again).message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
  });

  it('answers 401 for a wrong code and records it', async () => {
    const user = await userWithTotp();
    const cookie = await passwordStep(t().app, user.email, user.password);
    const code = totpCode(t(), user.key);
    const wrong = code === '000000' ? '111111' : '000000';
    const response = await secondStep(cookie, wrong);
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toEqual({ code: 'unauthenticated', message: TWO_FACTOR_MESSAGES.wrongCode });
    expect(sessionCookieOf(response)).toBeNull();
    const failed = await auditRows('two_factor_failed');
    expect(failed).toMatchObject([{ user_id: user.id, user_email: user.email }]);
    expect(JSON.parse(failed[0]?.details ?? '{}')).toEqual({ reason: 'wrong_code', stage: 'sign-in' });
  });

  it('refuses a code already used (replay), also within its 30-second window', async () => {
    const user = await userWithTotp();
    const code = totpCode(t(), user.key);
    const first = await secondStep(await passwordStep(t().app, user.email, user.password), code);
    expect(first.statusCode).toBe(200);
    const replay = await secondStep(await passwordStep(t().app, user.email, user.password), code);
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay).message).toBe(TWO_FACTOR_MESSAGES.replayedCode);
    // So is the code of the step before, though it is still inside the window.
    const older = await secondStep(
      await passwordStep(t().app, user.email, user.password),
      totpCode(t(), user.key, -1),
    );
    expect(older.statusCode).toBe(401);
    expect(errorOf(older).message).toBe(TWO_FACTOR_MESSAGES.replayedCode);
    const reasons = (await auditRows('two_factor_failed')).map((row) => JSON.parse(row.details ?? '{}'));
    expect(reasons).toEqual([
      { reason: 'replayed_code', stage: 'sign-in' },
      { reason: 'replayed_code', stage: 'sign-in' },
    ]);
  });

  it('signs in with a recovery code once; the used code never works again', async () => {
    const user = await userWithTotp();
    const [recovery] = user.recoveryCodes;
    expect(recovery).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    const used = await secondStep(
      await passwordStep(t().app, user.email, user.password),
      (recovery ?? '').toUpperCase(),
    );
    expect(used.statusCode, used.body).toBe(200);
    expect(sessionCookieOf(used)).not.toBeNull();
    const logins = await auditRows('login');
    expect(JSON.parse(logins.at(-1)?.details ?? '{}')).toEqual({ secondFactor: 'recovery_code' });

    const again = await secondStep(await passwordStep(t().app, user.email, user.password), recovery ?? '');
    expect(again.statusCode).toBe(401);
    expect(errorOf(again).message).toBe(TWO_FACTOR_MESSAGES.usedRecoveryCode);
    const status = await call(t().app, {
      url: '/api/profile/two-factor',
      cookie: sessionCookieOf(used),
    });
    expect(status.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
  });

  it('locks the second step after 5 wrong codes (429, Retry-After), audits the lockout once, and unlocks', async () => {
    const user = await userWithTotp();
    const cookie = await passwordStep(t().app, user.email, user.password);
    const wrong = () => (totpCode(t(), user.key) === '000000' ? '111111' : '000000');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await secondStep(cookie, wrong())).statusCode).toBe(401);
    }
    const locked = await secondStep(cookie, totpCode(t(), user.key));
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('900');
    expect(errorOf(locked)).toEqual({ code: 'rate_limited', message: twoFactorLockoutMessage(900) });
    expect(twoFactorLockoutMessage(900)).toBe(
      'Prea multe coduri greșite. Încercați din nou peste 15 minute.',
    );
    expect((await secondStep(cookie, totpCode(t(), user.key))).statusCode).toBe(429);
    expect(await auditRows('two_factor_locked')).toHaveLength(1);
    expect(await auditRows('two_factor_failed')).toHaveLength(5);

    t().clock.advanceMinutes(16);
    const fresh = await passwordStep(t().app, user.email, user.password);
    const after = await secondStep(fresh, totpCode(t(), user.key));
    expect(after.statusCode, after.body).toBe(200);
  });

  it('answers 401 without an open second step, and when it expired (5 minutes)', async () => {
    const user = await userWithTotp();
    const none = await secondStep(null, totpCode(t(), user.key));
    expect(none.statusCode).toBe(401);
    expect(errorOf(none).message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
    const made = await secondStep('odonto_2fa=made-up-token-1234567890', totpCode(t(), user.key));
    expect(made.statusCode).toBe(401);

    const cookie = await passwordStep(t().app, user.email, user.password);
    t().clock.advanceMinutes(6);
    const late = await secondStep(cookie, totpCode(t(), user.key));
    expect(late.statusCode).toBe(401);
    expect(errorOf(late).message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
  });

  it('answers 400 for a code that is neither six digits nor a recovery code', async () => {
    const user = await userWithTotp();
    const cookie = await passwordStep(t().app, user.email, user.password);
    const response = await secondStep(cookie, '12ab');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ code: TWO_FACTOR_MESSAGES.codeFormat });
  });

  it('limits one address to 60 second-step calls in 15 minutes', async () => {
    for (let attempt = 0; attempt < 60; attempt += 1) {
      const response = await call(t().app, {
        method: 'POST',
        url: '/api/login/two-factor',
        body: { code: '123456' },
        remoteAddress: '10.9.8.7',
      });
      expect(response.statusCode).toBe(401);
    }
    const limited = await call(t().app, {
      method: 'POST',
      url: '/api/login/two-factor',
      body: { code: '123456' },
      remoteAddress: '10.9.8.7',
    });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('rate_limited');
  });

  it('a deactivated account cannot finish its second step', async () => {
    const user = await userWithTotp();
    const cookie = await passwordStep(t().app, user.email, user.password);
    await t().db.updateTable('users').set({ active: 0 }).where('id', '=', user.id).execute();
    const response = await secondStep(cookie, totpCode(t(), user.key));
    expect(response.statusCode).toBe(401);
  });

  it('a recovery code still signs in when the sealed key cannot be opened (a lost secret key)', async () => {
    const user = await userWithTotp();
    // Sealed with another key: what every row looks like after secret.key was lost and made again.
    await t()
      .db.updateTable('user_totp')
      .set({ secret_sealed: 'v1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })
      .where('user_id', '=', user.id)
      .execute();
    const challenge = await passwordStep(t().app, user.email, user.password);
    const code = await secondStep(challenge, totpCode(t(), user.key));
    expect(code.statusCode).toBe(409);
    expect(errorOf(code).message).toBe(TWO_FACTOR_MESSAGES.keyUnreadable);
    expect(await auditRows('two_factor_failed')).toEqual([]);
    const signedIn = await secondStep(challenge, user.recoveryCodes[0] ?? '');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(sessionCookieOf(signedIn)).not.toBeNull();
  });

  it('keeps the key sealed and the recovery codes hashed at rest', async () => {
    const user = await userWithTotp();
    const row = await t()
      .db.selectFrom('user_totp')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).toMatch(/^v1:/);
    expect(row.secret_sealed).not.toContain(user.key);
    const codes = await t().db.selectFrom('recovery_codes').selectAll().execute();
    expect(codes).toHaveLength(10);
    for (const code of codes) {
      expect(code.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(user.recoveryCodes.join(' ')).not.toContain(code.code_hash);
    }
  });
});
