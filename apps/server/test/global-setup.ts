import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { buildServerWhenStale } from './processes';
import { templateState, type TemplateState } from './reused-databases';
import { adminQuery, databaseUrl, testDatabasePrefix, testDatabaseUrl, testDataRoot } from './test-databases';

/**
 * Migrates once per run, not once per test: every API test gets a fresh copy of a migrated database (a file
 * copy on SQLite, `create database … template` on PostgreSQL), which is ten times cheaper than migrating.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The tests that start the server start its build, as `npm start` does (processes.ts, startServer).
  buildServerWhenStale();
  const sqliteDir = await mkdtemp(join(testDataRoot(), 'odonto-template-'));
  const sqliteFile = join(sqliteDir, 'odonto.sqlite');
  await migrated({ kind: 'sqlite', file: sqliteFile });
  project.provide('sqliteTemplate', sqliteFile);

  const postgresUrl = process.env['TEST_DATABASE_URL'];
  const postgresTemplate = postgresUrl ? `odonto_template_${randomBytes(6).toString('hex')}` : '';
  let postgresTemplateState: TemplateState | null = null;
  if (postgresUrl) {
    await adminQuery(`create database ${postgresTemplate}`);
    postgresTemplateState = await migrated({ kind: 'postgres', url: databaseUrl(postgresTemplate) });
  }
  project.provide('postgresTemplate', postgresTemplate);
  project.provide('postgresTemplateState', postgresTemplateState);

  return async () => {
    if (postgresTemplate) await dropRunDatabases(postgresTemplate);
    await rm(sqliteDir, { recursive: true, force: true });
  };
}

/** Migrates the template; a PostgreSQL one's state is read for the tests that empty a used copy. */
async function migrated(config: Parameters<typeof connectDatabase>[0]): Promise<TemplateState | null> {
  const database = await connectDatabase(config);
  try {
    await migrateToLatest(database.db, database.dialect);
    return database.dialect === 'postgres' ? await templateState(database.db) : null;
  } finally {
    // Closing checkpoints SQLite's write-ahead log into the file, so the copy is the whole database.
    await database.close();
  }
}

/** The template and every test database of this run, including those whose drop was still under way. */
async function dropRunDatabases(template: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    // A worker may have ended while the server was still copying its spare database: wait for the copy.
    for (let tries = 0; tries < 100; tries += 1) {
      const copying = await client.query(
        "select 1 from pg_stat_activity where state = 'active' and starts_with(query, $1)",
        [`create database ${testDatabasePrefix(template)}`],
      );
      if (copying.rowCount === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [testDatabasePrefix(template)],
    );
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
    await client.query(`drop database if exists ${template} with (force)`);
  } finally {
    await client.end();
  }
}
