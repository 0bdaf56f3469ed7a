import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe } from 'vitest';
import { buildApp } from '../src/app';
import type { App } from '../src/app-types';
import { loadConfig, type Config, type Env } from '../src/config';
import { connectDatabase } from '../src/db/connect';
import type { Database } from '../src/db/database';
import type { DialectName } from '../src/db/dialect';
import { migrateToLatest } from '../src/db/migrate';
import type { Mailer } from '../src/notify/mail';
import type { ErrorReporter } from '../src/plugins/errors';

/** A clock the test moves by hand. */
export interface TestClock {
  now: () => Date;
  set(at: Date | string): void;
  advanceMinutes(minutes: number): void;
}

export function createTestClock(start: Date | string = '2026-03-02T09:00:00.000Z'): TestClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at);
    },
    advanceMinutes: (minutes) => {
      current = new Date(current.getTime() + minutes * 60_000);
    },
  };
}

export interface TestAppOptions {
  dialect?: DialectName;
  /** Environment variables on top of the test defaults (fresh data dir, silent log, no web build). */
  env?: Env;
  clock?: TestClock;
  mailer?: Mailer;
  reportError?: ErrorReporter;
  /** Registers test-only routes before the app is ready. */
  routes?: (app: App) => void | Promise<void>;
}

export interface TestApp {
  app: App;
  db: Kysely<Database>;
  config: Config;
  clock: TestClock;
  dataDir: string;
  dialect: DialectName;
  close(): Promise<void>;
}

export const PUBLIC_URL = 'http://odonto.test';

/**
 * The whole app on a fresh, migrated database: SQLite in a new temp dir, or PostgreSQL in a new
 * schema of TEST_DATABASE_URL (dropped again by close()).
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dialect = options.dialect ?? 'sqlite';
  const dataDir = await mkdtemp(join(tmpdir(), 'odonto-test-'));
  const schema = dialect === 'postgres' ? await createSchema() : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    ODONTO_DATA_DIR: dataDir,
    PUBLIC_URL,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    DATABASE_URL: schema?.url,
    ...options.env,
  });
  const database = await connectDatabase(config.database);
  const clock = options.clock ?? createTestClock();
  let app: App | null = null;
  const close = async () => {
    await app?.close();
    await database.close();
    if (schema) await withSchemaLock(() => adminQuery(`drop schema if exists ${schema.name} cascade`));
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const migrate = () => migrateToLatest(database.db, database.dialect);
    await (schema ? withSchemaLock(migrate) : migrate());
    app = await buildApp({
      config,
      db: database.db,
      dialect: database.dialect,
      now: clock.now,
      logger: false,
      ...(options.mailer ? { mailer: options.mailer } : {}),
      ...(options.reportError ? { reportError: options.reportError } : {}),
    });
    await options.routes?.(app);
    await app.ready();
  } catch (error) {
    await close();
    throw error;
  }
  return { app, db: database.db, config, clock, dataDir, dialect: database.dialect, close };
}

function testDatabaseUrl(): string {
  const url = process.env['TEST_DATABASE_URL'];
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Kysely's migrator introspects every schema of the database (has_schema_privilege over pg_namespace),
 * which fails when a parallel test file drops its schema at that moment. Migrations and drops therefore
 * take one database-wide advisory lock; tests themselves still run in parallel.
 */
async function withSchemaLock<T>(work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(7340215)');
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock_all()').catch(() => undefined);
    await client.end();
  }
}

async function createSchema(): Promise<{ name: string; url: string }> {
  const name = `odonto_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create schema ${name}`);
  const base = testDatabaseUrl();
  const options = encodeURIComponent(`-c search_path=${name}`);
  return { name, url: `${base}${base.includes('?') ? '&' : '?'}options=${options}` };
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const TEST_DIALECTS: readonly DialectName[] = process.env['TEST_DATABASE_URL']
  ? ['sqlite', 'postgres']
  : ['sqlite'];

type AppOptions = Omit<TestAppOptions, 'dialect'>;

export interface DialectContext {
  dialect: DialectName;
  build(options?: AppOptions): Promise<TestApp>;
  /**
   * A fresh app for each test of the enclosing describe; the getter answers the current one. Options
   * may be a function, read when each app is built (e.g. to use a port known only in beforeAll).
   */
  useApp(options?: AppOptions | (() => AppOptions)): () => TestApp;
}

/** Runs the suite once per available database: `describeEachDialect('auth', ({ useApp }) => { ... })`. */
export function describeEachDialect(name: string, suite: (context: DialectContext) => void): void {
  for (const dialect of TEST_DIALECTS) {
    const build = (options: AppOptions = {}) => buildTestApp({ ...options, dialect });
    describe(`${name} [${dialect}]`, () =>
      suite({ dialect, build, useApp: (options) => useTestApp(build, options) }));
  }
}

export function useTestApp(
  build: (options?: AppOptions) => Promise<TestApp>,
  options?: AppOptions | (() => AppOptions),
): () => TestApp {
  let current: TestApp | null = null;
  beforeEach(async () => {
    current = await build(typeof options === 'function' ? options() : options);
  });
  afterEach(async () => {
    await current?.close();
    current = null;
  });
  return () => {
    if (!current) throw new Error('useApp() getter called outside a test');
    return current;
  };
}
