import { expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES } from '@odonto/domain/messages';
import type { App } from '../app-types';
import { describeEachDialect } from '../../test/build-test-app';
import { call, errorOf } from '../../test/http';
import { AppError } from './errors';
import { openSqlite } from '../db/sqlite-driver';

function failingRoutes(app: App): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/test/crash', async () => {
    throw new Error('connection string postgres://secret@db');
  });
  typed.get('/api/test/conflict', async () => {
    throw new AppError(409, 'conflict', MESSAGES.conflict);
  });
  typed.get(
    '/api/test/bad-answer',
    { schema: { response: { 200: z.object({ id: z.string() }) } } },
    async () => {
      return { id: 42 } as unknown as { id: string };
    },
  );
  typed.post(
    '/api/test/nested',
    { schema: { body: z.strictObject({ pacient: z.object({ nume: z.string().min(2, 'Prea scurt.') }) }) } },
    async () => ({ ok: true }),
  );
}

describeEachDialect('error answers', ({ useApp, dialect }) => {
  const reportError = vi.fn();
  const t = useApp({ routes: failingRoutes, reportError });

  it('hides the internals of a 500, logs and reports it', async () => {
    reportError.mockClear();
    const response = await call(t().app, { url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'server_error', message: MESSAGES.serverError } });
    expect(response.body).not.toContain('secret');
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(String(reportError.mock.calls[0]?.[0])).toContain('postgres://secret@db');
  });

  it.runIf(dialect === 'sqlite')(
    'answers 503 with Retry-After, not 500, when the embedded database stays locked past its timeout',
    async () => {
      reportError.mockClear();
      const config = t().config.database;
      if (config.kind !== 'sqlite') throw new Error('SQLite only');
      // Another process (a second server, a backup tool) holding the write lock.
      const other = openSqlite(config.file);
      other.exec('begin exclusive');
      try {
        const response = await call(t().app, {
          method: 'POST',
          url: '/api/login',
          body: { email: 'cineva@clinica.test', password: 'orice-parola' },
        });
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('2');
        expect(errorOf(response)).toEqual({ code: 'busy', message: MESSAGES.databaseBusy });
        expect(reportError).not.toHaveBeenCalled();
      } finally {
        other.exec('rollback');
        other.close();
      }
    },
    20_000,
  );

  it('treats an answer that breaks its own schema as a 500', async () => {
    const response = await call(t().app, { url: '/api/test/bad-answer' });
    expect(response.statusCode).toBe(500);
    expect(errorOf(response).code).toBe('server_error');
  });

  it('passes an expected error through with its status and Romanian message', async () => {
    reportError.mockClear();
    const response = await call(t().app, { url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({ code: 'conflict', message: MESSAGES.conflict });
    expect(reportError).not.toHaveBeenCalled();
  });

  it('names nested fields with dots and reports type errors in Romanian', async () => {
    const short = await call(t().app, {
      method: 'POST',
      url: '/api/test/nested',
      body: { pacient: { nume: 'A' } },
    });
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).fields).toEqual({ 'pacient.nume': 'Prea scurt.' });
    const wrongType = await call(t().app, {
      method: 'POST',
      url: '/api/test/nested',
      body: { pacient: 'x' },
    });
    expect(errorOf(wrongType).fields?.['pacient']).toMatch(/^Intrare invalidă/);
  });

  it('answers 400 for malformed JSON and 415 for a body that is not JSON', async () => {
    const malformed = await call(t().app, {
      method: 'POST',
      url: '/api/login',
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed)).toEqual({ code: 'invalid_input', message: MESSAGES.invalidInput });

    const xml = await call(t().app, {
      method: 'POST',
      url: '/api/login',
      body: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
    expect(errorOf(xml)).toEqual({ code: 'unsupported_media', message: MESSAGES.unsupportedMedia });
  });

  it('answers a JSON 404 for an unknown /api address, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await call(t().app, {
        method,
        url: '/api/nu-exista',
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(errorOf(response)).toEqual({ code: 'not_found', message: MESSAGES.routeNotFound });
    }
  });

  it("answers the router's own faults in the API's shape: a too long path parameter, a broken escape", async () => {
    const long = await call(t().app, { url: `/api/get-pacient/${'a'.repeat(150)}` });
    expect(long.statusCode).toBe(414);
    expect(long.headers['content-type']).toContain('application/json');
    expect(errorOf(long)).toEqual({ code: 'uri_too_long', message: MESSAGES.uriTooLong });
    const broken = await call(t().app, { url: '/api/get-pacient/%E0%A4%A' });
    expect(broken.statusCode).toBe(400);
    expect(errorOf(broken)).toEqual({ code: 'invalid_input', message: MESSAGES.badUrl });
  });
});
