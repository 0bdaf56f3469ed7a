import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<string, { responses: Record<string, unknown>; requestBody?: unknown; parameters?: unknown[] }>
  >;
}

describe('OpenAPI at /api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('documents the sign-in calls with their request and answer schemas', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<OpenApiDocument>();
    expect(doc.openapi).toMatch(/^3\./);
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'DELETE /api/logout',
        'GET /api/check-login',
        'GET /api/client-config',
        'GET /api/forgot-pass/{email}',
        'GET /api/health',
        'GET /api/ready',
        'GET /api/setup',
        'POST /api/login',
        'POST /api/save-new-pass',
        'POST /api/setup',
      ]),
    );
    // The docs' own pages are not API operations.
    expect(operations.filter((operation) => operation.includes('/api/docs'))).toEqual([]);
    const login = doc.paths['/api/login']?.['post'];
    expect(login?.requestBody).toMatchObject({
      content: {
        'application/json': {
          schema: { properties: { email: { type: 'string' }, password: { type: 'string' } } },
        },
      },
    });
    expect(Object.keys(login?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403', '429']);
    expect(doc.paths['/api/check-login']?.['get']).toMatchObject({ security: [{}, { session: [] }] });
    expect(doc.paths['/api/forgot-pass/{email}']?.['get']?.parameters).toMatchObject([
      { in: 'path', name: 'email', required: true },
    ]);
  });

  it('serves the Swagger UI page and its assets under the app’s CSP', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // Only same-origin scripts: the page works under script-src 'self'.
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    for (const src of page.body.matchAll(/<script src="([^"]+)"/g)) {
      const asset = await t.app.inject({
        url: src[1]?.startsWith('/') ? src[1] : `/api/docs/${src[1] ?? ''}`,
      });
      expect(asset.statusCode, src[1]).toBe(200);
    }
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});
