import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { MESSAGES } from '@odonto/domain/messages';
import { describeEachDialect } from '../../../test/build-test-app';
import { migrations } from '../../db/migrations/index';

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

  it('answers ready, without a session, once the database answers and is migrated', async () => {
    const response = await t().app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('answers 503 not_ready while a migration of this version is missing', async () => {
    const last = Object.keys(migrations(t().dialect)).at(-1) ?? '';
    await sql`delete from kysely_migration where name = ${last}`.execute(t().db);
    const response = await t().app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: { code: 'not_ready', message: MESSAGES.migrationsPending } });
    await sql`insert into kysely_migration (name, timestamp) values (${last}, '')`.execute(t().db);
    expect((await t().app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });

  it('answers 503 not_ready when the database is gone', async () => {
    await t().db.destroy();
    const response = await t().app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: { code: 'not_ready', message: MESSAGES.databaseUnreachable } });
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
