import { statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import pg from 'pg';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite file every API test starts from as a copy. */
    sqliteTemplate: string;
    /** A migrated PostgreSQL database every API test starts from as a copy; '' without TEST_DATABASE_URL. */
    postgresTemplate: string;
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

/** Runs one statement on TEST_DATABASE_URL's own database (creating and dropping the tests' databases). */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
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
