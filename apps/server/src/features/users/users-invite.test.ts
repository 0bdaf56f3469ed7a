import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { USER_MESSAGES } from '@odonto/domain/contracts/users';
import { MESSAGES } from '@odonto/domain/messages';
import { describeEachDialect } from '../../../test/build-test-app';
import { call, errorOf, loginAs } from '../../../test/http';
import { parseMail, startSmtpServer } from '../../../test/mail';
import { createUserVia, findListed, signInWith, userAuditRows, type SignedIn } from './users.test-support';

const PASSWORD = 'Parola-Aleasa-2026';

describeEachDialect('users API: the invitation mail and its link', ({ useApp }) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const t = useApp(() => ({ env: { SMTP_URL: smtp.url } }));
  let admin: SignedIn;
  beforeEach(async () => {
    admin = await signInWith(t(), ['admin']);
  });

  /** The last mail to the address, with the token and email of its set-password link. */
  function invitationTo(email: string) {
    const received = smtp.mails.findLast((mail) => mail.to.includes(email));
    if (!received) throw new Error(`no mail to ${email}`);
    const mail = parseMail(received.raw);
    const link = /http\S+/.exec(mail.text)?.[0];
    if (!link) throw new Error(`no link in: ${mail.text}`);
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe('http://odonto.test/login');
    return {
      mail,
      token: url.searchParams.get('reset_pass') ?? '',
      email: url.searchParams.get('email') ?? '',
    };
  }

  function setPassword(email: string, token: string) {
    return call(t().app, {
      method: 'POST',
      url: '/api/save-new-pass',
      body: { email, token, password: PASSWORD, confirm: PASSWORD },
    });
  }

  it('mails a Romanian invitation whose link sets the password; the new user then signs in', async () => {
    const before = smtp.mails.length;
    const created = await createUserVia(t().app, admin.cookie, {
      nume: 'Radu Ștefănescu',
      email: 'radu.stefanescu@clinica.test',
      roles: ['medic'],
    });
    // Delivered before the call answered.
    expect(smtp.mails).toHaveLength(before + 1);
    const { mail, token, email } = invitationTo('radu.stefanescu@clinica.test');
    expect(mail.subject).toBe('Invitație în Odonto — Clinica dentară');
    expect(mail.text).toContain('Bună ziua, Radu Ștefănescu,');
    expect(mail.text).toContain('Clinica dentară v-a invitat în Odonto');
    expect(mail.html).toContain('>Alegeți parola</a>');
    expect(mail.text).toContain('valabil 72 de ore');
    expect(mail.text).not.toMatch(/clinica-demo|Parola/);
    expect(email).toBe('radu.stefanescu@clinica.test');

    const tokens = await t().db.selectFrom('password_resets').selectAll().execute();
    expect(tokens).toMatchObject([{ user_id: created._id, purpose: 'invite', used_at: null }]);
    expect(tokens[0]?.expires_at).toBe('2026-03-05T09:00:00.000Z');

    const refused = await call(t().app, {
      method: 'POST',
      url: '/api/login',
      body: { email, password: PASSWORD },
    });
    expect(refused.statusCode).toBe(401);

    const saved = await setPassword(email, token);
    expect(saved.statusCode, saved.body).toBe(200);
    const cookie = await loginAs(t().app, email, PASSWORD);
    const session = await call(t().app, { url: '/api/check-login', cookie });
    expect(session.json()).toMatchObject({ userCtx: { name: 'Radu Ștefănescu', roles: ['medic'] } });
    expect((await findListed(t().app, admin.cookie, created._id)).hasPassword).toBe(true);
    const invite = (await userAuditRows(t())).find((row) => row.action === 'user_invite');
    expect(JSON.parse(invite?.details ?? '{}')).toEqual({ mail: 'sent', resend: false });
  });

  it('sends a new link on request; the earlier unused link stops working', async () => {
    const created = await createUserVia(t().app, admin.cookie, { email: 'ioana@clinica.test' });
    const first = invitationTo('ioana@clinica.test');
    t().clock.advanceMinutes(10);
    const resend = await call(t().app, {
      method: 'POST',
      url: `/api/resend-invitation/${created._id}`,
      cookie: admin.cookie,
    });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json()).toEqual({ ok: true });
    const second = invitationTo('ioana@clinica.test');
    expect(second.token).not.toBe(first.token);

    const stale = await setPassword(first.email, first.token);
    expect(stale.statusCode).toBe(400);
    expect(errorOf(stale).message).toBe(MESSAGES.resetTokenInvalid);
    expect((await setPassword(second.email, second.token)).statusCode).toBe(200);

    const accepted = await call(t().app, {
      method: 'POST',
      url: `/api/resend-invitation/${created._id}`,
      cookie: admin.cookie,
    });
    expect(accepted.statusCode).toBe(409);
    expect(errorOf(accepted).message).toBe(USER_MESSAGES.inviteAccepted);
  });

  it('the link no longer works after 72 hours', async () => {
    await createUserVia(t().app, admin.cookie, { email: 'tarziu@clinica.test' });
    const { token, email } = invitationTo('tarziu@clinica.test');
    t().clock.advanceMinutes(72 * 60 + 1);
    expect((await setPassword(email, token)).statusCode).toBe(400);
  });

  it('sends nothing for an account created inactive, and refuses to invite it until activated', async () => {
    const before = smtp.mails.length;
    const created = await createUserVia(t().app, admin.cookie, { active: false });
    expect(smtp.mails).toHaveLength(before);
    const resend = await call(t().app, {
      method: 'POST',
      url: `/api/resend-invitation/${created._id}`,
      cookie: admin.cookie,
    });
    expect(resend.statusCode).toBe(409);
    expect(errorOf(resend).message).toBe(USER_MESSAGES.inviteInactive);
    const unknown = await call(t().app, {
      method: 'POST',
      url: '/api/resend-invitation/nu-exista',
      cookie: admin.cookie,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
