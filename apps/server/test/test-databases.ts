import { statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import pg from 'pg';
import type { TemplateState } from './reused-databases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite file every API test starts from as a copy. */
    sqliteTemplate: string;
    /** A migrated PostgreSQL database every API test starts from as a copy; '' without TEST_DATABASE_URL. */
    postgresTemplate: string;
    /** That template's schema fingerprint and rows, to which a used copy is emptied (reused-databases.ts). */
    postgresTemplateState: TemplateState | null;
  }
}

export function testDatabaseUrl(): string {
  const url = process.env['TEST_DATABASE_URL'];
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

/** TEST_DATABASE_URL pointed at another database of the same server. */
export function databaseUrl(database: string): string {
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * The connections that create and drop the tests' databases, kept for the process: a new connection costs
 * the server about 30 ms of CPU, and each PostgreSQL API test creates one database and drops another.
 * Three, as many statements as a worker has had under way at once (the next test's copy, a drop, a
 * test's own); idle ones let the process exit.
 */
let adminPool: pg.Pool | null = null;

function adminConnections(): pg.Pool {
  if (!adminPool) {
    adminPool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 3, allowExitOnIdle: true });
    // An idle connection the server closed is replaced at the next statement; it is no test's failure.
    adminPool.on('error', () => undefined);
  }
  return adminPool;
}

/** Runs one statement on TEST_DATABASE_URL's own database (creating and dropping the tests' databases). */
export async function adminQuery(text: string): Promise<void> {
  await adminConnections().query(text);
}

/**
 * Where test data dirs go: memory-backed /dev/shm when the machine has room there, so SQLite's fsync on every
 * commit (synchronous=FULL) costs nothing in tests; durability itself is tested with real processes.
 */
export function testDataRoot(): string {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize > 2 ** 30) return '/dev/shm';
  } catch {
    // No /dev/shm on this machine: the ordinary temp dir.
  }
  return tmpdir();
}

/** The names of one run's test databases begin with this, so the run's end can drop every one left. */
export function testDatabasePrefix(template: string): string {
  return `odonto_test_${template.replace(/^odonto_template_/, '')}_`;
}
