import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { loginAs } from '../../test/http';

const INDEX =
  '<!doctype html><html lang="ro"><body><div id="root"></div><script src="/assets/app-1a2b3c.js"></script></body></html>';

describe('serving the web app', () => {
  let t: TestApp;
  let dist: string;
  beforeEach(async () => {
    dist = await mkdtemp(join(tmpdir(), 'odonto-web-'));
    await mkdir(join(dist, 'assets'), { recursive: true });
    await writeFile(join(dist, 'index.html'), INDEX);
    await writeFile(join(dist, 'assets', 'app-1a2b3c.js'), 'console.log("odonto")');
    await writeFile(join(dist, 'assets', 'app-1a2b3c.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
    await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterEach(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });
  const page = (url: string) => t.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });

  it('answers index.html for the root and for any client route, never cached', async () => {
    for (const url of ['/', '/login', '/pacienti/list', '/pacienti/edit/abc?x=1', '/utilizatori']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX);
    }
  });

  it('caches hashed assets for a year', async () => {
    const response = await t.app.inject({ url: '/assets/app-1a2b3c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("odonto")');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await t.app.inject({ url: '/favicon.svg' });
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it('never serves the source maps the build writes beside the scripts', async () => {
    for (const url of [
      '/assets/app-1a2b3c.js.map',
      '/assets/APP-1a2b3c.js.MAP',
      '/assets/app-1a2b3c.js.map?x=1',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('sources');
    }
    const asPage = await page('/assets/app-1a2b3c.js.map');
    expect(asPage.body).not.toContain('sources');
  });

  it('does not answer index.html for /api, /history-imgs, missing files or non-page requests', async () => {
    const api = await page('/api/nu-exista');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
    // Patient images are the files feature's (signed-in staff only), never the web app's page.
    const image = await page('/history-imgs/p1/thumb-a.png');
    expect(image.statusCode).toBeGreaterThanOrEqual(400);
    expect(image.body).not.toBe(INDEX);
    expect((await t.app.inject({ url: '/assets/lipsa.js' })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: '/pacienti/list', headers: { accept: 'application/json' } })).statusCode,
    ).toBe(404);
  });

  it('sends a strict Content-Security-Policy and the other security headers', async () => {
    const response = await page('/login');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('without a web build', () => {
  it('tells to run npm run build instead of a page', async () => {
    const t = await buildTestApp();
    try {
      const response = await t.app.inject({ url: '/pacienti', headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toContain('text/plain');
      expect(response.body).toContain('npm run build');
    } finally {
      await t.close();
    }
  });
});

describe('behind HTTPS with Sentry', () => {
  it('upgrades insecure requests, sends HSTS and lets the browser reach Sentry', async () => {
    const t = await buildTestApp({
      env: { PUBLIC_URL: 'https://clinica.example.ro', SENTRY_DSN: 'https://abc123@o1.ingest.sentry.io/42' },
    });
    try {
      const response = await t.app.inject({ url: '/api/health' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("connect-src 'self' https://o1.ingest.sentry.io");
      expect(csp).toContain('upgrade-insecure-requests');
      expect(response.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await t.close();
    }
  });
});

describe('precompressed web assets', () => {
  let t: TestApp;
  let dist: string;
  beforeEach(async () => {
    dist = await mkdtemp(join(tmpdir(), 'odonto-web-'));
    await mkdir(join(dist, 'assets'), { recursive: true });
    await writeFile(join(dist, 'index.html'), INDEX);
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterEach(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it("sends the build's own .br or .gz copy of an asset to a browser that accepts it, still cached for a year", async () => {
    const code = `console.log("${'odonto '.repeat(400)}")`;
    await writeFile(join(dist, 'assets', 'big-9f8e7d.js'), code);
    await writeFile(join(dist, 'assets', 'big-9f8e7d.js.br'), brotliCompressSync(code));
    await writeFile(join(dist, 'assets', 'big-9f8e7d.js.gz'), gzipSync(code));
    const fetchAs = (encoding: string) =>
      t.app.inject({ url: '/assets/big-9f8e7d.js', headers: { 'accept-encoding': encoding } });

    const br = await fetchAs('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(code);

    const gz = await fetchAs('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(code);

    const plain = await fetchAs('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(code);
  });
});

describe('compressed API answers', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({
      routes: (app) => {
        app.get('/api/test/big', async () => ({
          items: Array.from({ length: 200 }, (_, i) => `pacient ${i}`),
        }));
        app.get('/api/test/small', async () => ({ ok: true }));
      },
    });
  });
  afterEach(async () => {
    await t.close();
  });

  it('compresses an answer above 1 KB for a client that accepts it, and leaves small ones alone', async () => {
    const big = await t.app.inject({ url: '/api/test/big', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const answer = JSON.parse(brotliDecompressSync(big.rawPayload).toString()) as { items: string[] };
    expect(answer.items).toHaveLength(200);
    const gz = await t.app.inject({ url: '/api/test/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const small = await t.app.inject({ url: '/api/test/small', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    const none = await t.app.inject({ url: '/api/test/big' });
    expect(none.headers['content-encoding']).toBeUndefined();
  });
});

describeEachDialect(
  'the patient list page asks for its data as the HTML is read (issue 20)',
  ({ useApp }) => {
    const HEADED_INDEX =
      '<!doctype html><html lang="ro"><head><title>Odonto</title></head><body><div id="root"></div></body></html>';
    let dist: string;
    beforeEach(async () => {
      dist = await mkdtemp(join(tmpdir(), 'odonto-web-'));
      await writeFile(join(dist, 'index.html'), HEADED_INDEX);
    });
    afterEach(async () => {
      await rm(dist, { recursive: true, force: true });
    });
    const current = useApp(() => ({ env: { WEB_DIST_DIR: dist } }));

    const pageAs = async (url: string, cookie: string | null) => {
      const response = await current().app.inject({
        url,
        headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
      });
      expect(response.statusCode, url).toBe(200);
      return response;
    };
    const preloadOf = (body: string) =>
      /<link rel="preload" href="([^"]*)" as="fetch" crossorigin="use-credentials">/.exec(body)?.[1] ?? null;
    const signedInAs = async (roles: string[]) => {
      const user = await createUser(current().db, { roles });
      return loginAs(current().app, user.email, user.password);
    };

    it('names the very call the list page makes, in the head, for a signed-in user who may open the list', async () => {
      const cookie = await signedInAs(['medic']);
      const plain = await pageAs('/pacienti', cookie);
      expect(preloadOf(plain.body)).toBe('/api/pacienti?page=1');
      expect(plain.body.indexOf('rel="preload"')).toBeLessThan(plain.body.indexOf('</head>'));
      expect(plain.headers['vary']).toContain('Cookie');
      expect(plain.headers['cache-control']).toBe('no-cache');
      // The filters and page of the address, in the list page's order; the HTML escapes the ampersands.
      const filtered = await pageAs('/pacienti/list?page=3&q=Ion%20Pop&igienizare=true&from=zzz', cookie);
      expect(preloadOf(filtered.body)).toBe('/api/pacienti?page=3&amp;q=Ion+Pop&amp;igienizare=true');
      // What the preload names answers as the list does.
      const call = await current().app.inject({
        url: '/api/pacienti?page=3&q=Ion+Pop&igienizare=true',
        headers: { cookie },
      });
      expect(call.statusCode).toBe(200);
    });

    it('asks for the deleted patients only for a user who may restore them', async () => {
      expect(preloadOf((await pageAs('/pacienti?deleted=true', await signedInAs(['admin']))).body)).toBe(
        '/api/pacienti?page=1&amp;deleted=true',
      );
      expect(preloadOf((await pageAs('/pacienti?deleted=true', await signedInAs(['medic']))).body)).toBe(
        '/api/pacienti?page=1',
      );
    });

    it('names nothing signed out, for a dead session, for a role without the list, or on another page', async () => {
      expect(preloadOf((await pageAs('/pacienti', null)).body)).toBeNull();
      expect(preloadOf((await pageAs('/pacienti', 'odonto_session=nu-exista')).body)).toBeNull();
      expect(preloadOf((await pageAs('/pacienti', await signedInAs(['sterilizare']))).body)).toBeNull();
      const cookie = await signedInAs(['medic']);
      for (const url of ['/calendar', '/pacienti/add', '/pacienti/edit/abc', '/login']) {
        const response = await pageAs(url, cookie);
        expect(preloadOf(response.body), url).toBeNull();
        expect(response.body, url).toBe(HEADED_INDEX);
      }
    });
  },
);
