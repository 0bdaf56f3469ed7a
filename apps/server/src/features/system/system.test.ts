import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import { MESSAGES } from '@odonto/domain/messages';
import { describeEachDialect } from '../../../test/build-test-app';
import { closedPort, useS3Server } from '../../../test/s3-server';
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

describeEachDialect('GET /api/ready with the files in a bucket', ({ useApp }) => {
  const s3 = useS3Server();
  let bucket = '';
  let env = {};
  beforeEach(async () => {
    ({ bucket, env } = await s3().newBucket());
  });
  const t = useApp(() => ({ env }));

  it('answers ready while the bucket answers, and 503 not_ready naming the file storage once it is gone', async () => {
    const ready = await t().app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true });

    await s3().removeBucket(bucket);
    const gone = await t().app.inject({ url: '/api/ready' });
    expect(gone.statusCode).toBe(503);
    expect(gone.json()).toEqual({ error: { code: 'not_ready', message: MESSAGES.fileStorageUnreachable } });
    // The process and its database still answer: only readiness depends on the bucket.
    expect((await t().app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});

describeEachDialect('GET /api/ready with the bucket on an endpoint nobody listens on', ({ useApp }) => {
  const s3 = useS3Server();
  let env = {};
  beforeEach(async () => {
    const { env: reachable } = await s3().newBucket();
    env = { ...reachable, ODONTO_S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` };
  });
  const t = useApp(() => ({ env }));

  it('answers 503 not_ready naming the file storage', async () => {
    const response = await t().app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: { code: 'not_ready', message: MESSAGES.fileStorageUnreachable },
    });
  });
});

describeEachDialect('GET /api/client-config with SENTRY_DSN', ({ useApp }) => {
  const t = useApp({ env: { SENTRY_DSN: 'https://abc123@o1.ingest.sentry.io/42' } });

  it('gives the browser the DSN, without a session', async () => {
    const response = await t().app.inject({ url: '/api/client-config' });
    expect(response.json()).toEqual({ sentryDsn: 'https://abc123@o1.ingest.sentry.io/42' });
  });
});
