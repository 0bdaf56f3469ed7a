import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type StreamTransport from 'nodemailer/lib/stream-transport';
import type { Clock } from '../app-types';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { insertOutboxRow, markOutboxFailed, markOutboxSent } from './outbox.queries';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the mail (an invoice's PDF); nodemailer puts them in the message as they are. */
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
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
  const outboxDir = join(config.dataDir, 'outbox');
  let smtp: Transporter<SMTPTransport.SentMessageInfo> | null = null;
  let files: Transporter<StreamTransport.SentMessageInfo> | null = null;

  /** Sends over SMTP, or writes the .eml file and answers its path. */
  async function deliver(mail: MailMessage & { from: string }, name: string): Promise<string | null> {
    // nodemailer is loaded with the first mail, not at start-up.
    const { default: nodemailer } = await import('nodemailer');
    if (config.smtpUrl) {
      smtp ??= nodemailer.createTransport(smtpOptions(config.smtpUrl));
      await smtp.sendMail(mail);
      return null;
    }
    files ??= nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    const info = await files.sendMail(mail);
    const file = join(outboxDir, `${name}.eml`);
    await mkdir(outboxDir, { recursive: true });
    await writeFile(file, info.message);
    log.info({ file, to: mail.to, subject: mail.subject }, 'mail written to the outbox folder (no SMTP_URL)');
    return file;
  }

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
      try {
        const file = await deliver(
          { from: config.mailFrom, ...message },
          `${queuedAt.replace(/[:.]/g, '-')}-${outboxId}`,
        );
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

function smtpOptions(url: string): SMTPTransport.Options {
  const isLoopback = ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
  return {
    url,
    // A local test or relay server has no certificate worth checking; a remote one must.
    ...(isLoopback ? { tls: { rejectUnauthorized: false } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
}
