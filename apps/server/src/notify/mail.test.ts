import { readdir, readFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { call } from '../../test/http';
import { parseMail, startSmtpServer } from '../../test/mail';

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describeEachDialect('mail without SMTP_URL', ({ useApp }) => {
  const t = useApp();

  it('writes the reset mail as an .eml file under <data dir>/outbox/ and marks it sent', async () => {
    const user = await createUser(t().db, { nume: 'Vasile Georgescu' });
    const response = await call(t().app, { url: `/api/forgot-pass/${user.email}` });
    expect(response.statusCode).toBe(200);

    const outboxDir = join(t().dataDir, 'outbox');
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const mail = parseMail(await readFile(join(outboxDir, files[0] ?? ''), 'utf8'));
    expect(mail.headers['to']).toBe(user.email);
    expect(mail.headers['from']).toBe('Odonto <no-reply@odonto.local>');
    // CLINIC_NAME signs it until an admin saves the clinic's details.
    expect(mail.subject).toBe('Resetare parolă Odonto — Clinica dentară');
    expect(mail.text).toContain('Bună ziua, Vasile Georgescu,');
    expect(mail.text).toContain('contului dumneavoastră Odonto de la Clinica dentară');
    expect(mail.text.trimEnd().endsWith('\n\nClinica dentară')).toBe(true);
    expect(mail.text).toMatch(/http:\/\/odonto\.test\/login\?reset_pass=[A-Za-z0-9_-]{43}&email=/);
    expect(mail.html).toContain('<a href="http://odonto.test/login?reset_pass=');

    const rows = await t().db.selectFrom('outbox').selectAll().execute();
    expect(rows).toMatchObject([{ status: 'sent', attempts: 1, recipient: user.email, last_error: null }]);
    expect(rows[0]?.sent_at).toBe(t().clock.now().toISOString());
  });
});

describeEachDialect('mail over an SMTP server that is down', ({ useApp }) => {
  let port = 0;
  beforeAll(async () => {
    port = await closedPort();
  });
  const t = useApp(() => ({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } }));

  it('still answers forgot-pass, and marks the mail failed with the reason', async () => {
    const user = await createUser(t().db);
    const response = await call(t().app, { url: `/api/forgot-pass/${user.email}` });
    expect(response.statusCode).toBe(200);
    const rows = await t().db.selectFrom('outbox').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'failed', attempts: 1, sent_at: null });
    expect(rows[0]?.last_error).toMatch(/ECONNREFUSED|connect/i);
    const audit = await t()
      .db.selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'password_reset_requested')
      .execute();
    expect(JSON.parse(audit[0]?.details ?? '{}')).toEqual({ mail: 'failed' });
  });
});

describe('sendMail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  describeEachDialect('delivery', ({ useApp }) => {
    const t = useApp(() => ({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Clinica <clinica@odonto.test>' } }));

    it('delivers text and html with Romanian letters intact, from MAIL_FROM', async () => {
      const result = await t().app.mailer.sendMail({
        to: 'pacient@exemplu.ro',
        subject: 'Programare confirmată: marți, ora 10',
        text: 'Vă așteptăm la clinică. Șterge-ți pantofii; țineți minte!',
        html: '<p>Vă așteptăm la clinică.</p>',
      });
      expect(result.status).toBe('sent');
      const received = smtp.mails.at(-1);
      expect(received?.to).toEqual(['pacient@exemplu.ro']);
      expect(received?.from).toBe('clinica@odonto.test');
      const mail = parseMail(received?.raw ?? '');
      expect(mail.subject).toBe('Programare confirmată: marți, ora 10');
      expect(mail.text).toBe('Vă așteptăm la clinică. Șterge-ți pantofii; țineți minte!');
      expect(mail.html).toBe('<p>Vă așteptăm la clinică.</p>');
      // Delivered over SMTP: nothing in the outbox folder.
      await expect(readdir(join(t().dataDir, 'outbox'))).rejects.toThrow();
    });
  });
});
