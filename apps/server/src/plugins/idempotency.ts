import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { canonicalJson } from '@odonto/domain/canonical-json';
import { MESSAGES } from '@odonto/domain/messages';
import type { App } from '../app-types';
import { AppError } from './errors';
import {
  claimIdempotencyKey,
  deleteIdempotencyKeysBefore,
  findIdempotencyKey,
  reclaimIdempotencyKey,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
  type KeyId,
} from './idempotency.queries';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed; its answer is stored when it is sent. */
    idempotencyKey: KeyId | null;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long an answer is kept and replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A first request still 'pending' after this long died with its process; a repeat may run it again. */
const ABANDONED_AFTER_MS = 5 * 60 * 1000;
/** How long a repeat waits for the first request of its key to finish before answering 409. */
const WAIT_FOR_FIRST_MS = 10_000;
const POLL_MS = 50;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const VALID_KEY = /^[\x21-\x7e]{1,200}$/;
/** The headers a repeated answer needs to read like the first. */
const KEPT_HEADERS = ['content-type', 'location', 'etag'] as const;

/**
 * Retried requests write once (issue 18). A write sent with an `Idempotency-Key` header (the web client
 * sends one per form submission) claims the key before its route runs; its answer is stored with the key
 * before it is sent. A repeat with the same key and the same call and body gets that answer again, marked
 * `Idempotent-Replayed: true`, without running the route; while the first still runs, the repeat waits for
 * it. The same key with another call or body is 422. A 5xx stores nothing: the write did not happen, so a
 * repeat runs again; so does the repeat of an answer that set a cookie (a sign-in) or is marked `Cache-Control: no-store` (a
 * secret shown once). Keys belong to the signed-in user; answers are kept 24 hours.
 */
export function registerIdempotency(app: App): void {
  app.decorateRequest('idempotencyKey', null);
  let lastSweep = 0;

  app.addHook('preHandler', async (request, reply) => {
    const key = idempotencyKeyOf(request);
    if (key === null) return;
    const id = { scope: request.user?.id ?? 'public', key };
    const fingerprint = fingerprintOf(request);
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const now = app.now();
      if (await claimIdempotencyKey(app.db, id, fingerprint, now.toISOString())) {
        request.idempotencyKey = id;
        if (now.getTime() - lastSweep > SWEEP_EVERY_MS) {
          lastSweep = now.getTime();
          await deleteIdempotencyKeysBefore(
            app.db,
            new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString(),
          );
        }
        return;
      }
      const row = await findIdempotencyKey(app.db, id);
      if (!row) continue; // the first request failed and let the key go: claim it again
      const age = now.getTime() - Date.parse(row.created_at);
      const expired = age >= IDEMPOTENCY_TTL_MS;
      if (!expired && row.fingerprint !== fingerprint) {
        throw new AppError(422, 'unprocessable', MESSAGES.idempotencyKeyReused, {
          fields: { 'Idempotency-Key': MESSAGES.idempotencyKeyReused },
        });
      }
      if (expired || (row.status === 'pending' && age >= ABANDONED_AFTER_MS)) {
        if (await reclaimIdempotencyKey(app.db, id, row.created_at, fingerprint, now.toISOString())) {
          request.idempotencyKey = id;
          return;
        }
        continue;
      }
      if (row.status === 'done' && row.response_status !== null) {
        return replay(reply, row.response_status, row.response_headers, row.response_body);
      }
      if (Date.now() >= deadline) {
        throw new AppError(409, 'conflict', MESSAGES.idempotencyInProgress, {
          headers: { 'retry-after': '2' },
        });
      }
      await sleep(POLL_MS);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const id = request.idempotencyKey;
    if (id === null) return payload;
    request.idempotencyKey = null;
    const body = storableBody(payload, reply.getHeader('content-type'));
    // A sign-in's answer sets its session cookie: a repeat could not give it back, so it runs again.
    const setsCookie = reply.getHeader('set-cookie') !== undefined;
    // An answer marked no-store holds a secret shown once (a new TOTP key, recovery codes): not kept.
    const isNoStore = /\bno-store\b/i.test(String(reply.getHeader('cache-control') ?? ''));
    if (reply.statusCode >= 500 || body === null || setsCookie || isNoStore) {
      await releaseIdempotencyKey(app.db, id);
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = { status: reply.statusCode, headers: JSON.stringify(headers), body };
    await storeIdempotentAnswer(app.db, id, answer, app.now().toISOString());
    return payload;
  });
}

/** The request's key, or null when it carries none or is not a write (a 400 when the key is malformed). */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  if (!WRITE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return null;
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !VALID_KEY.test(header)) {
    throw new AppError(400, 'invalid_input', MESSAGES.idempotencyKeyInvalid, {
      fields: { 'Idempotency-Key': MESSAGES.idempotencyKeyInvalid },
    });
  }
  return header;
}

/**
 * The call and its body. A multipart upload is identified by its call alone: its body streams into the
 * route after this check, and two sends of the same form differ in their boundaries anyway.
 */
function fingerprintOf(request: FastifyRequest): string {
  const body = request.isMultipart() ? 'multipart' : canonicalJson(request.body ?? null);
  return createHash('sha256').update(`${request.method} ${request.url}\n${body}`, 'utf8').digest('hex');
}

function storableBody(payload: unknown, contentType: unknown): string | null {
  if (payload === null || payload === undefined) return '';
  if (typeof payload === 'string') return payload;
  // A long JSON answer is written as bytes (answer-pieces.ts).
  if (Buffer.isBuffer(payload) && String(contentType).startsWith('application/json')) {
    return payload.toString('utf8');
  }
  return null; // a stream or another buffer (a file): not kept, the repeat runs again
}

function replay(
  reply: FastifyReply,
  status: number,
  headers: string | null,
  body: string | null,
): FastifyReply {
  const stored = JSON.parse(headers ?? '{}') as Record<string, string>;
  return reply
    .code(status)
    .headers(stored)
    .header('idempotent-replayed', 'true')
    .send(body === '' ? undefined : body);
}
