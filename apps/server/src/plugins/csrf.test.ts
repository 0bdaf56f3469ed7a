import { expect, it } from 'vitest';
import { MESSAGES } from '@odonto/domain/messages';
import type { App } from '../app-types';
import { describeEachDialect } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { call, errorOf, loginAs } from '../../test/http';

function deletingGet(app: App): void {
  // Like the spec's GET /api/delete-pacient/{id}: a GET that changes state.
  app.get('/api/test/delete-thing/:id', { config: { csrf: true } }, async () => ({ deleted: true }));
}

describeEachDialect('CSRF', ({ useApp }) => {
  const t = useApp({ routes: deletingGet });
  const login = (headers: Record<string, string>, withoutCsrfHeader = false) =>
    call(t().app, {
      method: 'POST',
      url: '/api/login',
      body: { email: 'nimeni@clinica.test', password: 'orice-parola' },
      headers,
      withoutCsrfHeader,
    });

  it('refuses a write without X-Requested-With: odonto, before doing anything', async () => {
    const user = await createUser(t().db);
    const response = await call(t().app, {
      method: 'POST',
      url: '/api/login',
      body: { email: user.email, password: user.password },
      withoutCsrfHeader: true,
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({ code: 'csrf', message: MESSAGES.csrf });
    expect(response.cookies).toHaveLength(0);
    expect(await t().db.selectFrom('audit_log').selectAll().execute()).toHaveLength(0);

    const wrongValue = await login({ 'x-requested-with': 'XMLHttpRequest' }, true);
    expect(wrongValue.statusCode).toBe(403);
  });

  it('refuses a write from a foreign Origin or Referer, even with the header', async () => {
    expect((await login({ origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await login({ referer: 'https://evil.example/page' })).statusCode).toBe(403);
    expect((await login({ origin: 'null' })).statusCode).toBe(403);
  });

  it("accepts PUBLIC_URL's origin and no Origin at all", async () => {
    expect((await login({})).statusCode).toBe(401);
    expect((await login({ origin: 'http://odonto.test' })).statusCode).toBe(401);
    expect((await login({ referer: 'http://odonto.test/login?x=1' })).statusCode).toBe(401);
  });

  it("refuses an origin that only matches the request's own Host (a rebound DNS name)", async () => {
    expect((await login({ origin: 'http://localhost' })).statusCode).toBe(403);
    const rebound = { origin: 'http://rebind.evil.example:3000', host: 'rebind.evil.example:3000' };
    expect((await login(rebound)).statusCode).toBe(403);
    expect((await login({ referer: 'http://localhost/login?x=1' })).statusCode).toBe(403);
  });

  it('guards DELETE and GET routes marked csrf, but not plain GETs', async () => {
    const user = await createUser(t().db);
    const cookie = await loginAs(t().app, user.email, user.password);
    expect(
      (await call(t().app, { method: 'DELETE', url: '/api/logout', cookie, withoutCsrfHeader: true }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t().app, { url: '/api/check-login', cookie, withoutCsrfHeader: true })).statusCode,
    ).toBe(200);

    expect(
      (await call(t().app, { url: '/api/test/delete-thing/1', withoutCsrfHeader: true })).statusCode,
    ).toBe(403);
    expect(
      (await call(t().app, { url: '/api/test/delete-thing/1', headers: { origin: 'https://evil.example' } }))
        .statusCode,
    ).toBe(403);
    const allowed = await call(t().app, { url: '/api/test/delete-thing/1' });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ deleted: true });
  });
});

describeEachDialect('CSRF origins from the configuration', ({ useApp }) => {
  const withExtra = useApp({
    env: { ALLOWED_ORIGINS: 'https://odonto.clinica.ro, http://192.168.1.10:3000/' },
  });
  const login = (headers: Record<string, string>) =>
    call(withExtra().app, {
      method: 'POST',
      url: '/api/login',
      body: { email: 'nimeni@clinica.test', password: 'orice-parola' },
      headers,
    });

  it('accepts the origins of ALLOWED_ORIGINS beside PUBLIC_URL, and nothing else', async () => {
    expect((await login({ origin: 'https://odonto.clinica.ro' })).statusCode).toBe(401);
    expect((await login({ origin: 'http://192.168.1.10:3000' })).statusCode).toBe(401);
    expect((await login({ origin: 'http://odonto.test' })).statusCode).toBe(401);
    expect((await login({ origin: 'http://odonto.clinica.ro' })).statusCode).toBe(403);
    expect((await login({ origin: 'http://192.168.1.10:3001' })).statusCode).toBe(403);
  });
});

describeEachDialect('CSRF without PUBLIC_URL (a trial install)', ({ useApp }) => {
  const trial = useApp({ env: { PUBLIC_URL: '' } });

  it('accepts a call from the address the browser used, and refuses another origin', async () => {
    const login = (headers: Record<string, string>) =>
      call(trial().app, {
        method: 'POST',
        url: '/api/login',
        body: { email: 'nimeni@clinica.test', password: 'orice-parola' },
        headers,
      });
    expect((await login({ origin: 'http://192.168.1.10:3000', host: '192.168.1.10:3000' })).statusCode).toBe(
      401,
    );
    expect((await login({ origin: 'https://evil.example', host: '192.168.1.10:3000' })).statusCode).toBe(403);
  });
});
