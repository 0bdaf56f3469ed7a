import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { toE164 } from '@odonto/domain/appointments';
import type { SmsConfig } from '../config';
import type { Database } from '../db/database';
import { cancelQueuedOutboxRows, insertOutboxRow } from './outbox.queries';

export interface SmsMessage {
  /** E.164, e.g. '+40722123456'. */
  to: string;
  text: string;
}

/** Where SMS go. `send` resolves when the message was accepted and throws with the reason otherwise. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage, context: { id: string; now: Date }): Promise<void>;
}

/** Without a real gateway: each message becomes a file under `<data dir>/outbox/sms/` and a log line. */
export function createFileSmsProvider(dataDir: string, log: FastifyBaseLogger): SmsProvider {
  const dir = join(dataDir, 'outbox', 'sms');
  return {
    name: 'file',
    async send(message, { id, now }) {
      await mkdir(dir, { recursive: true });
      const file = join(dir, `${now.toISOString().replace(/[:.]/g, '-')}-${id}.txt`);
      await writeFile(file, `To: ${message.to}\n\n${message.text}\n`, 'utf8');
      log.info({ file, to: message.to }, 'SMS written to the outbox folder (SMS_PROVIDER=file)');
    },
  };
}

// A gateway that does not answer within this long counts as failed; the worker tries again later.
const HTTP_TIMEOUT_MS = 15_000;

/**
 * A real gateway: POST JSON {to, text} with a bearer token; any 2xx answer means accepted. Every try of one
 * outbox row carries the same `Idempotency-Key` (the row's id): a gateway that honours it sends the SMS once
 * even when its answer to an earlier try was lost (a time-out) and the worker tried again.
 */
export function createHttpSmsProvider(url: string, token: string | null): SmsProvider {
  return {
    name: 'http',
    async send(message, { id }) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': id,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 300);
        throw new Error(`SMS gateway answered ${response.status}${detail ? `: ${detail}` : ''}`);
      }
    },
  };
}

export function createSmsProvider(config: SmsConfig, dataDir: string, log: FastifyBaseLogger): SmsProvider {
  return config.provider === 'http'
    ? createHttpSmsProvider(config.url, config.token)
    : createFileSmsProvider(dataDir, log);
}

export interface QueuedSms {
  /** The phone number as the record holds it; normalised to E.164 here. */
  to: string;
  text: string;
  /** Not sent before this instant. */
  sendAfter: Date;
  /** What the message is about, e.g. 'appointment-reminder' or 'review-request'. */
  kind: string;
  /** The id of what it is about, so it can be found and cancelled again. */
  refId: string | null;
}

export type EnqueueResult =
  { id: string; status: 'queued' } | { id: string; status: 'failed'; error: string };

/**
 * Puts an SMS in the outbox for the worker to send, inside the caller's transaction when given one. A
 * number that cannot receive SMS is recorded at once as failed, with the reason, and never sent.
 * `now` is the time the row is written (pass `app.now()`).
 */
export async function enqueueSms(
  db: Kysely<Database>,
  message: QueuedSms,
  now: Date = new Date(),
): Promise<EnqueueResult> {
  const id = randomUUID();
  const at = now.toISOString();
  const phone = toE164(message.to);
  await insertOutboxRow(db, {
    id,
    channel: 'sms',
    kind: message.kind,
    ref_id: message.refId,
    recipient: phone.ok ? phone.e164 : message.to,
    subject: null,
    body: message.text,
    status: phone.ok ? 'queued' : 'failed',
    attempts: 0,
    last_error: phone.ok ? null : phone.reason,
    send_after: message.sendAfter.toISOString(),
    claimed_at: null,
    sent_at: null,
    created_at: at,
    updated_at: at,
  });
  return phone.ok ? { id, status: 'queued' } : { id, status: 'failed', error: phone.reason };
}

/** Cancels the SMS of `kind` about `refId` not yet taken by a worker; answers how many. */
export async function cancelQueuedSms(
  db: Kysely<Database>,
  kind: string,
  refId: string,
  now: Date = new Date(),
): Promise<number> {
  return cancelQueuedOutboxRows(db, 'sms', kind, refId, now.toISOString());
}
