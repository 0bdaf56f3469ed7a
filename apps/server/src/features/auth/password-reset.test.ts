import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGES, resetThrottledMessage } from '@odonto/domain/messages';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf, loginAs } from '../../../test/http';
import { parseMail, startSmtpServer } from '../../../test/mail';
import { issuePasswordToken } from './password.service';

describeEachDialect('password reset: GET /api/forgot-pass, POST /api/save-new-pass', ({ useApp }) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const t = useApp(() => ({ env: { SMTP_URL: smtp.url } }));

  const NEW_PASSWORD = 'Parola-Noua-2026';

  async function requestLink(
    email: string,
  ): Promise<{ token: string; linkEmail: string; subject: string; text: string }> {
    const before = smtp.mails.length;
    const response = await call(t().app, { url: `/api/forgot-pass/${encodeURIComponent(email)}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    // The mail was delivered before the call answered.
    expect(smtp.mails).toHaveLength(before + 1);
    const received = smtp.mails[before];
    if (!received) throw new Error('no mail');
    expect(received.to).toEqual([email.toLowerCase()]);
    const mail = parseMail(received.raw);
    const link = /http\S+/.exec(mail.text)?.[0];
    if (!link) throw new Error(`no link in: ${mail.text}`);
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe('http://odonto.test/login');
    return {
      token: url.searchParams.get('reset_pass') ?? '',
      linkEmail: url.searchParams.get('email') ?? '',
      subject: mail.subject,
      text: mail.text,
    };
  }

  function saveNewPassword(body: Record<string, string>) {
    return call(t().app, { method: 'POST', url: '/api/save-new-pass', body });
  }

  it('mails a reset link over SMTP; following it sets a new password that signs in', async () => {
    const user = await createUser(t().db, { nume: 'Ioana Stănescu', email: 'ioana.stanescu@clinica.test' });
    const mail = await requestLink(user.email);
    expect(mail.subject).toBe('Resetare parolă Odonto — Clinica dentară');
    expect(mail.text).toContain('Bună ziua, Ioana Stănescu,');
    expect(mail.text).toContain('valabil 60 de minute');
    expect(mail.linkEmail).toBe(user.email);
    expect(mail.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const saved = await saveNewPassword({
      email: mail.linkEmail,
      token: mail.token,
      password: NEW_PASSWORD,
      confirm: NEW_PASSWORD,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ok: true });

    const old = await call(t().app, {
      method: 'POST',
      url: '/api/login',
      body: { email: user.email, password: user.password },
    });
    expect(old.statusCode).toBe(401);
    await loginAs(t().app, user.email, NEW_PASSWORD);

    const stored = await t()
      .db.selectFrom('users')
      .select(['password_hash', 'version'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    // The clinic's cost (password.service.ts), not the cheap one the test accounts start with (factories.ts).
    expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored.version).toBe(2);
    const outbox = await t().db.selectFrom('outbox').selectAll().execute();
    expect(outbox).toMatchObject([
      {
        channel: 'mail',
        recipient: user.email,
        status: 'sent',
        attempts: 1,
        subject: 'Resetare parolă Odonto — Clinica dentară',
      },
    ]);
    const actions = await t().db.selectFrom('audit_log').select('action').orderBy('id').execute();
    expect(actions.map((row) => row.action)).toEqual([
      'password_reset_requested',
      'password_change',
      'login_failed',
      'login',
    ]);
  });

  it('stores the reset token only as a hash, valid 60 minutes', async () => {
    const user = await createUser(t().db);
    const { token } = await requestLink(user.email);
    const rows = await t().db.selectFrom('password_resets').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'reset', used_at: null, user_id: user.id });
    expect(rows[0]?.token_hash).not.toContain(token);
    expect(rows[0]?.expires_at).toBe('2026-03-02T10:00:00.000Z');
  });

  it('answers 404 with email inexistent. for an unknown email, and sends nothing', async () => {
    const response = await call(t().app, { url: '/api/forgot-pass/nimeni%40clinica.test' });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ code: 'not_found', message: MESSAGES.unknownEmail });
    expect(await t().db.selectFrom('outbox').selectAll().execute()).toHaveLength(0);
    // The refused request is audited: which address was asked for, and from where.
    const rows = await t().db.selectFrom('audit_log').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'password_reset_requested',
      user_id: null,
      user_email: 'nimeni@clinica.test',
      ip: '127.0.0.1',
      entity_id: null,
    });
    expect(JSON.parse(rows[0]?.details ?? '{}')).toEqual({ reason: 'unknown_email' });
  });

  it('answers 400 for an address that is not an email, and a deactivated account exactly like an unknown one', async () => {
    const invalid = await call(t().app, { url: '/api/forgot-pass/nu-este-email' });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).fields).toHaveProperty('email');

    const inactive = await createUser(t().db, { active: false });
    const refused = await call(t().app, { url: `/api/forgot-pass/${inactive.email}` });
    const unknown = await call(t().app, { url: '/api/forgot-pass/plecat-demult%40clinica.test' });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toBe(unknown.body);
    expect(refused.headers['content-type']).toBe(unknown.headers['content-type']);
    const rows = await t()
      .db.selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'password_reset_requested')
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      user_id: inactive.id,
      user_email: inactive.email,
      entity_id: inactive.id,
    });
    expect(JSON.parse(rows[0]?.details ?? '{}')).toEqual({ reason: 'inactive' });
    expect(await t().db.selectFrom('outbox').selectAll().execute()).toHaveLength(0);
  });

  it('limits reset requests to 5 per 15 minutes for one e-mail, from any address', async () => {
    const user = await createUser(t().db);
    for (let i = 0; i < 5; i++) {
      const asked = await call(t().app, {
        url: `/api/forgot-pass/${user.email}`,
        remoteAddress: `198.51.100.${i + 1}`,
      });
      expect(asked.statusCode).toBe(200);
      t().clock.advanceMinutes(1);
    }
    const limited = await call(t().app, {
      url: `/api/forgot-pass/${user.email}`,
      remoteAddress: '198.51.100.77',
    });
    expect(limited.statusCode).toBe(429);
    // The first request leaves the window 15 minutes after it was made: 10 minutes from now.
    expect(limited.headers['retry-after']).toBe('600');
    expect(errorOf(limited)).toEqual({ code: 'rate_limited', message: resetThrottledMessage(600) });
    expect(errorOf(limited).message).toBe(
      'Prea multe cereri de resetare a parolei. Încercați din nou peste 10 minute.',
    );
    t().clock.advanceMinutes(10);
    expect((await call(t().app, { url: `/api/forgot-pass/${user.email}` })).statusCode).toBe(200);
  });

  it('limits one address to 10 reset requests per 15 minutes across e-mails, unknown ones included', async () => {
    const user = await createUser(t().db);
    for (let i = 0; i < 10; i++) {
      const probe = await call(t().app, {
        url: `/api/forgot-pass/ghicit${i}%40clinica.test`,
        remoteAddress: '203.0.113.50',
      });
      expect(probe.statusCode).toBe(404);
    }
    // The eleventh from that address is refused whatever it asks for, a real account included...
    for (const email of ['ghicit99@clinica.test', user.email]) {
      const refused = await call(t().app, {
        url: `/api/forgot-pass/${encodeURIComponent(email)}`,
        remoteAddress: '203.0.113.50',
      });
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused).message).toBe(resetThrottledMessage(900));
    }
    expect(await t().db.selectFrom('outbox').selectAll().execute()).toHaveLength(0);
    // ...and refused requests are not recorded, so asking on does not grow the log.
    const recorded = await t()
      .db.selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'password_reset_requested')
      .execute();
    expect(recorded).toHaveLength(10);
    // Another address is counted on its own.
    const colleague = await call(t().app, {
      url: `/api/forgot-pass/${user.email}`,
      remoteAddress: '198.51.100.9',
    });
    expect(colleague.statusCode).toBe(200);
  });

  it('refuses a token a second time', async () => {
    const user = await createUser(t().db);
    const { token } = await requestLink(user.email);
    const body = { email: user.email, token, password: NEW_PASSWORD, confirm: NEW_PASSWORD };
    expect((await saveNewPassword(body)).statusCode).toBe(200);
    const reused = await saveNewPassword({
      ...body,
      password: 'Alta-Parola-2026',
      confirm: 'Alta-Parola-2026',
    });
    expect(reused.statusCode).toBe(400);
    expect(errorOf(reused).message).toBe(MESSAGES.resetTokenInvalid);
    await loginAs(t().app, user.email, NEW_PASSWORD);
  });

  it('refuses an expired token (after 60 minutes)', async () => {
    const user = await createUser(t().db);
    const { token } = await requestLink(user.email);
    t().clock.advanceMinutes(61);
    const expired = await saveNewPassword({
      email: user.email,
      token,
      password: NEW_PASSWORD,
      confirm: NEW_PASSWORD,
    });
    expect(expired.statusCode).toBe(400);
    expect(errorOf(expired)).toMatchObject({ code: 'invalid_input', message: MESSAGES.resetTokenInvalid });
  });

  it('refuses a token used with another email, an unknown token, and a superseded token', async () => {
    const user = await createUser(t().db);
    const other = await createUser(t().db);
    const first = await requestLink(user.email);
    const body = { password: NEW_PASSWORD, confirm: NEW_PASSWORD };
    expect((await saveNewPassword({ ...body, email: other.email, token: first.token })).statusCode).toBe(400);
    expect((await saveNewPassword({ ...body, email: user.email, token: 'x'.repeat(43) })).statusCode).toBe(
      400,
    );

    const second = await requestLink(user.email);
    expect((await saveNewPassword({ ...body, email: user.email, token: first.token })).statusCode).toBe(400);
    expect((await saveNewPassword({ ...body, email: user.email, token: second.token })).statusCode).toBe(200);
  });

  it("checks the password rule and 'Parolele nu coincid' with field messages, keeping the token usable", async () => {
    const user = await createUser(t().db, { email: 'scurt@clinica.test' });
    const { token } = await requestLink(user.email);

    const short = await saveNewPassword({ email: user.email, token, password: 'scurta', confirm: 'scurta' });
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).fields).toEqual({ password: MESSAGES.passwordTooShort });

    const differ = await saveNewPassword({
      email: user.email,
      token,
      password: NEW_PASSWORD,
      confirm: 'Altceva-2026',
    });
    expect(differ.statusCode).toBe(400);
    expect(errorOf(differ).fields).toEqual({ confirm: 'Parolele nu coincid' });

    const sameAsEmail = await saveNewPassword({
      email: user.email,
      token,
      password: user.email,
      confirm: user.email,
    });
    expect(errorOf(sameAsEmail).fields).toEqual({ password: MESSAGES.passwordEqualsEmail });

    expect(
      (await saveNewPassword({ email: user.email, token, password: NEW_PASSWORD, confirm: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it('ends every session of the account when the password changes, and no one else’s', async () => {
    const user = await createUser(t().db);
    const colleague = await createUser(t().db);
    const laptop = await loginAs(t().app, user.email, user.password);
    const tablet = await loginAs(t().app, user.email, user.password, '10.1.1.2');
    const colleagueCookie = await loginAs(t().app, colleague.email, colleague.password);

    const { token } = await requestLink(user.email);
    expect(
      (await saveNewPassword({ email: user.email, token, password: NEW_PASSWORD, confirm: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);

    expect((await call(t().app, { url: '/api/check-login', cookie: laptop })).statusCode).toBe(204);
    expect((await call(t().app, { url: '/api/check-login', cookie: tablet })).statusCode).toBe(204);
    expect((await call(t().app, { url: '/api/check-login', cookie: colleagueCookie })).statusCode).toBe(200);
  });

  it('accepts an invitation token for 72 hours', async () => {
    const user = await createUser(t().db);
    const { token } = await issuePasswordToken({ db: t().db, now: t().clock.now }, user.id, 'invite');
    t().clock.advanceMinutes(71 * 60);
    const body = { email: user.email, token, password: NEW_PASSWORD, confirm: NEW_PASSWORD };
    expect((await saveNewPassword(body)).statusCode).toBe(200);

    const late = await issuePasswordToken({ db: t().db, now: t().clock.now }, user.id, 'invite');
    t().clock.advanceMinutes(73 * 60);
    expect((await saveNewPassword({ ...body, token: late.token })).statusCode).toBe(400);
  });
});
