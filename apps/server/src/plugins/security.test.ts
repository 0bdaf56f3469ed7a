import { Writable } from 'node:stream';
import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app';
import { cspDirectives, securityHeaders } from './security';

const HTTPS_WITH_SENTRY = {
  PUBLIC_URL: 'https://clinica.example.ro',
  SENTRY_DSN: 'https://abc123@o1.ingest.sentry.io/42',
};

/** The headers @fastify/helmet sends for the app's options (what the app registered before issue 20). */
async function helmetHeaders(config: { sentryDsn: string | null; isHttps: boolean }) {
  const app = Fastify();
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: config.isHttps ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });
  app.get('/', () => 'ok');
  const response = await app.inject({ url: '/' });
  await app.close();
  return response.headers;
}

describe('security headers', () => {
  it.each([{}, HTTPS_WITH_SENTRY])('are exactly the ones helmet sent, built once (%j)', async (env) => {
    const t = await buildTestApp({ env });
    try {
      const expected = await helmetHeaders(t.config);
      const ours = Object.fromEntries(securityHeaders(t.config));
      const helmetNames = Object.keys(expected).filter(
        (name) => !['content-type', 'content-length', 'date', 'connection'].includes(name),
      );
      expect(Object.keys(ours).sort()).toEqual(helmetNames.sort());
      for (const name of helmetNames) expect(ours[name], name).toBe(expected[name]);
      // And every answer carries them, the second as the first.
      for (let i = 0; i < 2; i += 1) {
        const response = await t.app.inject({ url: '/api/health' });
        for (const name of helmetNames) expect(response.headers[name], name).toBe(expected[name]);
      }
    } finally {
      await t.close();
    }
  });
});

describe('request log', () => {
  it('writes one info line per request, none for /api/health or /api/ready, and no reset secret', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        callback();
      },
    });
    const t = await buildTestApp({ logger: { level: 'info', stream } });
    try {
      await t.app.inject({ url: '/api/health' });
      await t.app.inject({ url: '/api/ready' });
      await t.app.inject({ url: '/api/check-login' });
      await t.app.inject({ url: '/api/nu-exista?reset_pass=secret123' });
      const requests = lines.filter((line) => line['msg'] === 'request completed');
      expect(lines).toHaveLength(requests.length);
      expect(requests).toEqual([
        expect.objectContaining({ level: 30, method: 'GET', url: '/api/check-login', statusCode: 204 }),
        expect.objectContaining({
          method: 'GET',
          url: '/api/nu-exista?reset_pass=[redacted]',
          statusCode: 404,
        }),
      ]);
      expect(typeof requests[0]?.['responseTime']).toBe('number');
    } finally {
      await t.close();
    }
  });
});
