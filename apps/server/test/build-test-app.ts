import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, inject } from 'vitest';
import { buildApp, type AppDeps } from '../src/app';
import type { App } from '../src/app-types';
import { loadConfig, type Config, type Env } from '../src/config';
import { connectDatabase } from '../src/db/connect';
import type { Database } from '../src/db/database';
import type { BlobStore } from '../src/files/blob-store';
import type { DialectName } from '../src/db/dialect';
import { migrateToLatest } from '../src/db/migrate';
import type { Mailer } from '../src/notify/mail';
import type { ErrorReporter } from '../src/plugins/errors';
import { emptiedForReuse } from './reused-databases';
import { adminQuery, databaseUrl, testDatabasePrefix, testDataRoot } from './test-databases';

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
  /** The app's logger (pino options); none by default. */
  logger?: AppDeps['logger'];
  /** Registers test-only routes before the app is ready. */
  routes?: (app: App) => void | Promise<void>;
  /**
   * Another test app's PostgreSQL database (its `config.database`): this app is a second instance on it
   * and leaves dropping it to that one.
   */
  sameDatabaseAs?: TestApp;
}

export interface TestApp {
  app: App;
  db: Kysely<Database>;
  config: Config;
  clock: TestClock;
  dataDir: string;
  /** Where the app stores files' bytes (`<data dir>/files/`, or the bucket ODONTO_S3_* in `env` names). */
  blobs: BlobStore;
  dialect: DialectName;
  close(): Promise<void>;
}

export const PUBLIC_URL = 'http://odonto.test';

/**
 * The whole app on a fresh, migrated database: SQLite in a new temp dir, or a PostgreSQL database on
 * TEST_DATABASE_URL's server (emptied for the next test, or dropped, by close()). Both start as the run's
 * migrated templates (global-setup.ts).
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dialect = options.dialect ?? 'sqlite';
  const dataDir = await mkdtemp(join(testDataRoot(), 'odonto-test-'));
  const shared = options.sameDatabaseAs?.config.database;
  if (shared && shared.kind !== 'postgres') throw new Error('only a PostgreSQL database is shared');
  if (shared) sharedDatabaseUrls.add(shared.url);
  const database = dialect === 'postgres' && !shared ? await takePostgresDatabase() : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    ODONTO_DATA_DIR: dataDir,
    PUBLIC_URL,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    // A slowed sign-in failure (lockout.ts) waits 1 ms here, not seconds; the audit row shows the wait.
    LOGIN_SLOWDOWN_MS: '1',
    DATABASE_URL: shared?.url ?? database?.url,
    ...options.env,
  });
  if (config.database.kind === 'sqlite') await copySqliteTemplate(config.database.file);
  const connection = await connectDatabase(config.database);
  const clock = options.clock ?? createTestClock();
  let app: App | null = null;
  let closing: Promise<void> | null = null;
  const close = () => {
    // Once: a database handed on to the next test must not be dropped by a second close.
    closing ??= (async () => {
      await app?.close();
      const reused = database !== null && (await emptiedWhenUnshared(database, connection.db, config));
      await connection.close();
      if (database) {
        if (reused) reusableDatabases.push(database);
        else dropPostgresDatabase(database.name);
      }
      await rm(dataDir, { recursive: true, force: true });
    })();
    return closing;
  };
  try {
    // On a template's copy this finds nothing to do; PostgreSQL's check alone costs 50 ms, so it is skipped.
    if (!(connection.dialect === 'postgres' && inject('postgresTemplate')))
      await migrateToLatest(connection.db, connection.dialect);
    app = await buildApp({
      config,
      db: connection.db,
      dialect: connection.dialect,
      now: clock.now,
      logger: options.logger ?? false,
      ...(options.mailer ? { mailer: options.mailer } : {}),
      ...(options.reportError ? { reportError: options.reportError } : {}),
    });
    await options.routes?.(app);
    await app.ready();
  } catch (error) {
    await close();
    throw error;
  }
  return {
    app,
    db: connection.db,
    config,
    clock,
    dataDir,
    blobs: app.blobs,
    dialect: connection.dialect,
    close,
  };
}

/** The run's migrated SQLite file copied into place (no template outside the server test project). */
async function copySqliteTemplate(file: string): Promise<void> {
  const template = inject('sqliteTemplate');
  if (!template) return;
  await mkdir(dirname(file), { recursive: true });
  await copyFile(template, file);
}

interface TestDatabase {
  name: string;
  url: string;
}

/** This worker's used databases emptied back to the template's state (reused-databases.ts). */
const reusableDatabases: TestDatabase[] = [];
/** The databases a second app was started on (`sameDatabaseAs`): dropped, never reused. */
const sharedDatabaseUrls = new Set<string>();

/**
 * Empties a test's PostgreSQL database for the next test, unless another app shared it, the test pointed
 * its app elsewhere, or the test changed its schema; answers whether it did.
 */
async function emptiedWhenUnshared(
  database: TestDatabase,
  db: Kysely<Database>,
  config: Config,
): Promise<boolean> {
  const template = inject('postgresTemplateState');
  if (!template || sharedDatabaseUrls.has(database.url)) return false;
  if (config.database.kind !== 'postgres' || config.database.url !== database.url) return false;
  return emptiedForReuse(db, template).catch(() => false);
}

/**
 * A PostgreSQL database for the next test: a used one emptied, or a fresh copy of the template. Copying
 * takes the server about 170 ms, so each worker keeps one copy made ahead while the current test runs, and
 * drops a database it cannot reuse without waiting; global-setup.ts sweeps whatever a worker left when the
 * run ends.
 */
async function takePostgresDatabase(): Promise<TestDatabase> {
  const reusable = reusableDatabases.pop();
  if (reusable) return reusable;
  const next = spareDatabase ?? createPostgresDatabase();
  spareDatabase = createPostgresDatabase();
  // A spare that failed is reported by the test that takes it, not as an unhandled rejection.
  spareDatabase.catch(() => undefined);
  return next;
}

let spareDatabase: Promise<TestDatabase> | null = null;

async function createPostgresDatabase(): Promise<TestDatabase> {
  const template = inject('postgresTemplate');
  const name = `${testDatabasePrefix(template)}${randomBytes(6).toString('hex')}`;
  await adminQuery(template ? `create database ${name} template ${template}` : `create database ${name}`);
  return { name, url: databaseUrl(name) };
}

function dropPostgresDatabase(name: string): void {
  adminQuery(`drop database if exists ${name} with (force)`).catch(() => undefined);
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
