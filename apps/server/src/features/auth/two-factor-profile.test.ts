import { expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '@odonto/domain/contracts/two-factor';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf, loginAs } from '../../../test/http';
import { enableTotp, totpCode } from '../../../test/two-factor';

describeEachDialect('two-factor on the profile: /api/profile/two-factor', ({ useApp }) => {
  const t = useApp();

  async function signedIn(roles: string[] = ['asistent']) {
    const user = await createUser(t().db, { roles });
    return { user, cookie: await loginAs(t().app, user.email, user.password) };
  }

  function post(url: string, cookie: string | null, body: unknown, headers?: Record<string, string>) {
    return call(t().app, { method: 'POST', url, cookie, body, ...(headers ? { headers } : {}) });
  }

  async function audit(action: string) {
    return t().db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();
  }

  it('answers 401 to every call without a session', async () => {
    expect((await call(t().app, { url: '/api/profile/two-factor' })).statusCode).toBe(401);
    for (const [url, body] of [
      ['/api/profile/two-factor/setup', {}],
      ['/api/profile/two-factor/confirm', { code: '123456' }],
      ['/api/profile/two-factor/disable', { password: 'x' }],
    ] as const) {
      const response = await post(url, null, body);
      expect(response.statusCode, url).toBe(401);
      expect(errorOf(response).code).toBe('unauthenticated');
    }
  });

  it('turns TOTP on: a key and its otpauth address, then ten recovery codes for the first code', async () => {
    const { user, cookie } = await signedIn();
    const before = await call(t().app, { url: '/api/profile/two-factor', cookie });
    expect(before.json()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });

    const setup = await post('/api/profile/two-factor/setup', cookie, {});
    expect(setup.statusCode).toBe(200);
    expect(setup.headers['cache-control']).toBe('no-store');
    const { secret, otpauthUrl } = setup.json() as { secret: string; otpauthUrl: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`otpauth://totp/Odonto:${encodeURIComponent(user.email)}?`);
    expect(otpauthUrl).toContain(`secret=${secret}`);

    const wrong = await post('/api/profile/two-factor/confirm', cookie, {
      code: totpCode(t(), secret) === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).fields).toEqual({ code: TWO_FACTOR_MESSAGES.wrongCode });

    const confirm = await post('/api/profile/two-factor/confirm', cookie, { code: totpCode(t(), secret) });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.headers['cache-control']).toBe('no-store');
    const { recoveryCodes } = confirm.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const after = await call(t().app, { url: '/api/profile/two-factor', cookie });
    expect(after.json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    expect(await audit('two_factor_enabled')).toHaveLength(1);

    // On already: neither a new key nor a second confirmation.
    expect((await post('/api/profile/two-factor/setup', cookie, {})).statusCode).toBe(409);
    const twice = await post('/api/profile/two-factor/confirm', cookie, { code: totpCode(t(), secret, 1) });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe(TWO_FACTOR_MESSAGES.noPendingSetup);
  });

  it('answers 409 to a confirmation without a key waiting, and 400 to a code that is not six digits', async () => {
    const { cookie } = await signedIn();
    const none = await post('/api/profile/two-factor/confirm', cookie, { code: '123456' });
    expect(none.statusCode).toBe(409);
    const bad = await post('/api/profile/two-factor/confirm', cookie, { code: 'abcd-efgh-ijkl-mnop' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual({ code: TWO_FACTOR_MESSAGES.totpFormat });
  });

  it('does not keep a new key or the recovery codes in the idempotency store', async () => {
    const { cookie } = await signedIn();
    const headers = { 'idempotency-key': 'cheie-setup-1' };
    const first = await post('/api/profile/two-factor/setup', cookie, {}, headers);
    const again = await post('/api/profile/two-factor/setup', cookie, {}, headers);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    const key = (again.json() as { secret: string }).secret;
    expect(key).not.toBe((first.json() as { secret: string }).secret);
    const confirm = await post(
      '/api/profile/two-factor/confirm',
      cookie,
      { code: totpCode(t(), key) },
      { 'idempotency-key': 'cheie-confirm-1' },
    );
    expect(confirm.statusCode).toBe(200);
    const kept = await t().db.selectFrom('idempotency_keys').selectAll().execute();
    expect(kept.filter((row) => row.status === 'done')).toEqual([]);
  });

  it('turns TOTP off with the password, or with a current code; wrong ones are 400 and counted', async () => {
    const { cookie } = await signedIn();
    const { key } = await enableTotp(t(), cookie);

    const wrongPassword = await post('/api/profile/two-factor/disable', cookie, { password: 'gresita-123' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(errorOf(wrongPassword).fields).toEqual({ password: TWO_FACTOR_MESSAGES.wrongPassword });
    const code = totpCode(t(), key);
    const wrongCode = await post('/api/profile/two-factor/disable', cookie, {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(errorOf(wrongCode).fields).toEqual({ code: TWO_FACTOR_MESSAGES.wrongCode });
    expect(await audit('two_factor_failed')).toHaveLength(2);

    const off = await post('/api/profile/two-factor/disable', cookie, { code });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    expect(await t().db.selectFrom('recovery_codes').selectAll().execute()).toEqual([]);
    const disabled = await audit('two_factor_disabled');
    expect(JSON.parse(disabled[0]?.details ?? '{}')).toEqual({ by: 'totp' });

    // Off already: 409. On again, then off with the password.
    expect((await post('/api/profile/two-factor/disable', cookie, { password: 'x' })).statusCode).toBe(409);
    await enableTotp(t(), cookie);
    const byPassword = await post('/api/profile/two-factor/disable', cookie, {
      password: 'Parola-Test-123',
    });
    expect(byPassword.statusCode).toBe(200);
  });

  it('refuses a replayed code and a used recovery code when turning TOTP off', async () => {
    const { user, cookie } = await signedIn();
    const { key, recoveryCodes } = await enableTotp(t(), cookie);
    // Signing in with a code and a recovery code uses them up.
    const code = totpCode(t(), key);
    const challenge = await call(t().app, {
      method: 'POST',
      url: '/api/login',
      body: { email: user.email, password: user.password },
    });
    const challengeCookie = `odonto_2fa=${challenge.cookies.find((c) => c.name === 'odonto_2fa')?.value}`;
    const signed = await call(t().app, {
      method: 'POST',
      url: '/api/login/two-factor',
      cookie: challengeCookie,
      body: { code },
    });
    expect(signed.statusCode).toBe(200);
    const replay = await post('/api/profile/two-factor/disable', cookie, { code });
    expect(replay.statusCode).toBe(400);
    expect(errorOf(replay).fields).toEqual({ code: TWO_FACTOR_MESSAGES.replayedCode });

    const [recovery] = recoveryCodes;
    t().clock.advanceMinutes(1);
    const newKeyNeeded = await post('/api/profile/two-factor/disable', cookie, { code: 'x'.repeat(3) });
    expect(newKeyNeeded.statusCode).toBe(400);
    expect(errorOf(newKeyNeeded).fields).toEqual({ code: TWO_FACTOR_MESSAGES.codeFormat });
    await t()
      .db.updateTable('recovery_codes')
      .set({ used_at: t().clock.now().toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    const used = await post('/api/profile/two-factor/disable', cookie, { code: recovery });
    expect(used.statusCode).toBe(400);
    expect(errorOf(used).fields).toEqual({ code: TWO_FACTOR_MESSAGES.usedRecoveryCode });
  });

  it('locks after 5 wrong codes or passwords: 429 even for the right password', async () => {
    const { cookie } = await signedIn();
    await enableTotp(t(), cookie);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await post('/api/profile/two-factor/disable', cookie, { password: `gresita-${attempt}` });
      expect(wrong.statusCode).toBe(400);
    }
    const locked = await post('/api/profile/two-factor/disable', cookie, { password: 'Parola-Test-123' });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('confirming a new key locks after 5 wrong codes (429)', async () => {
    const { cookie } = await signedIn();
    // Failures count from the last sign-in on: the test clock stands still unless moved.
    t().clock.advanceMinutes(1);
    const setup = await post('/api/profile/two-factor/setup', cookie, {});
    const { secret } = setup.json() as { secret: string };
    const right = totpCode(t(), secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post('/api/profile/two-factor/confirm', cookie, { code: wrong })).statusCode).toBe(400);
    }
    const locked = await post('/api/profile/two-factor/confirm', cookie, { code: right });
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked).code).toBe('rate_limited');
  });

  it('answers 400 to a disable without a code or a password', async () => {
    const { cookie } = await signedIn();
    const response = await post('/api/profile/two-factor/disable', cookie, {});
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ code: TWO_FACTOR_MESSAGES.codeOrPassword });
  });
});
