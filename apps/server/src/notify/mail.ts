import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Clock } from '../app-types';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { insertOutboxRow, markOutboxFailed, markOutboxSent } from './outbox.queries';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export type MailResult =
  | { status: 'sent'; outboxId: string; file: string | null }
  | { status: 'failed'; outboxId: string; error: string };

export interface Mailer {
  /**
   * Records the mail in the outbox and delivers it before answering: over SMTP_URL, or without it
   * into `<data dir>/outbox/*.eml`. Never throws for a delivery failure: the row is marked failed.
   */
  sendMail(message: MailMessage): Promise<MailResult>;
}

interface MailerDeps {
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>;
  db: Kysely<Database>;
  now: Clock;
  log: FastifyBaseLogger;
}

export function createMailer({ config, db, now, log }: MailerDeps): Mailer {
  const transport = config.smtpUrl ? smtpTransport(config.smtpUrl) : null;
  const fileTransport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const outboxDir = join(config.dataDir, 'outbox');

  return {
    async sendMail(message) {
      const outboxId = randomUUID();
      const queuedAt = now().toISOString();
      await insertOutboxRow(db, {
        id: outboxId,
        channel: 'mail',
        recipient: message.to,
        subject: message.subject,
        body: message.text,
        status: 'queued',
        attempts: 0,
        last_error: null,
        send_after: queuedAt,
        sent_at: null,
        created_at: queuedAt,
        updated_at: queuedAt,
      });
      const mail = { from: config.mailFrom, ...message };
      try {
        let file: string | null = null;
        if (transport) {
          await transport.sendMail(mail);
        } else {
          const info = await fileTransport.sendMail(mail);
          file = join(outboxDir, `${queuedAt.replace(/[:.]/g, '-')}-${outboxId}.eml`);
          await mkdir(outboxDir, { recursive: true });
          await writeFile(file, info.message);
          log.info({ file, to: message.to, subject: message.subject }, 'mail written to the outbox folder (no SMTP_URL)');
        }
        await markOutboxSent(db, outboxId, now().toISOString());
        return { status: 'sent', outboxId, file };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        log.error({ err: error, to: message.to, outboxId }, 'mail delivery failed');
        await markOutboxFailed(db, outboxId, now().toISOString(), reason.slice(0, 1000));
        return { status: 'failed', outboxId, error: reason };
      }
    },
  };
}

function smtpTransport(url: string) {
  const isLoopback = ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
  return nodemailer.createTransport({
    url,
    // A local test or relay server has no certificate worth checking; a remote one must.
    ...(isLoopback ? { tls: { rejectUnauthorized: false } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}
