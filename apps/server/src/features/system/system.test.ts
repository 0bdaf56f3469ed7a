import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/build-test-app';

describeEachDialect('GET /api/health, GET /api/client-config', ({ useApp }) => {
  const t = useApp();

  it('answers health once the database answers', async () => {
    const response = await t().app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('answers a 500 for health when the database is gone', async () => {
    await t().db.destroy();
    const response = await t().app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(500);
  });

  it('gives the browser no Sentry DSN when none is configured', async () => {
    const response = await t().app.inject({ url: '/api/client-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sentryDsn: null });
  });
});

describeEachDialect('GET /api/client-config with SENTRY_DSN', ({ useApp }) => {
  const t = useApp({ env: { SENTRY_DSN: 'https://abc123@o1.ingest.sentry.io/42' } });

  it('gives the browser the DSN, without a session', async () => {
    const response = await t().app.inject({ url: '/api/client-config' });
    expect(response.json()).toEqual({ sentryDsn: 'https://abc123@o1.ingest.sentry.io/42' });
  });
});
