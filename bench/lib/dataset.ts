import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { loadConfig, type Config } from '../../apps/server/src/config';
import { connectDatabase } from '../../apps/server/src/db/connect';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { endPatientBulkLoad, insertPatients } from '../../apps/server/src/features/patients/patients-bulk';
import { mergeSearchIndex } from '../../apps/server/src/features/patients/patients-search-index.queries';
import { generatePatients } from '../../apps/server/src/scripts/demo/patient-generator';
import { seedStaff } from '../../apps/server/src/scripts/demo/seed-staff';
import { DEMO_USERS } from '../../apps/server/src/scripts/demo-users';

export type BenchDialect = 'sqlite' | 'postgres';
export const BENCH_ROOT = resolve(import.meta.dirname, '..');
/** The server the PostgreSQL data sets live on (each in its own database). */
export const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The env a server (and the loader) use for one benchmark data set. */
export async function datasetEnv(dialect: BenchDialect, name: string): Promise<Record<string, string>> {
  const dataDir = resolve(BENCH_ROOT, '.data', `${name}-${dialect}`);
  mkdirSync(dataDir, { recursive: true });
  if (dialect === 'sqlite') return { ODONTO_DATA_DIR: dataDir, DATABASE_URL: '' };
  const database = `odonto_bench_${name.replace(/\W/g, '_')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`create database ${database}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${database}`;
  return { ODONTO_DATA_DIR: dataDir, DATABASE_URL: url.toString() };
}

/**
 * Makes sure the data set holds the demo staff and `patients` generated patients, generating only what
 * is missing, so a second run of a benchmark starts at once.
 */
export async function ensurePatients(env: Record<string, string>, patients: number): Promise<Config> {
  const config = loadConfig({ ...process.env, ...env });
  const database = await connectDatabase(config.database);
  try {
    await migrateToLatest(database.db, database.dialect);
    const now = new Date();
    await seedStaff(database.db, now);
    const row = await database.db
      .selectFrom('patients')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const missing = patients - Number(row.count);
    // SQLite's search index in one segment, as the server's daily upkeep leaves it (decision 0070); a data
    // set loaded before that decision is merged at its next run.
    if (missing <= 0) {
      await mergeSearchIndex(database.db, database.dialect);
      return config;
    }
    const started = performance.now();
    const doctors = [DEMO_USERS.medic.nume, DEMO_USERS.medic2.nume];
    const generated = generatePatients({
      count: missing,
      seed: Number(row.count) + 1,
      doctors,
      now,
      days: 3650,
    })
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map(({ data, createdAt }) => ({ ...data, createdAt }));
    for (let start = 0; start < generated.length; start += 10_000) {
      await insertPatients(database.db, generated.slice(start, start + 10_000));
    }
    await endPatientBulkLoad(database.db, database.dialect);
    console.log(`bench: generated ${missing} patients in ${Math.round(performance.now() - started)} ms`);
    return config;
  } finally {
    await database.close();
  }
}

/**
 * SQLite, and PostgreSQL when a server answers at BENCH_POSTGRES_URL (unless BENCH_SKIP_POSTGRES=1);
 * BENCH_ONLY=postgres measures PostgreSQL alone (a try-out: a benchmark's section in RESULTS.md is
 * written whole, so the results to keep come from a run on both).
 */
export async function benchDialects(): Promise<BenchDialect[]> {
  if (process.env.BENCH_SKIP_POSTGRES === '1') return ['sqlite'];
  if (await postgresAnswers()) {
    return process.env.BENCH_ONLY === 'postgres' ? ['postgres'] : ['sqlite', 'postgres'];
  }
  if (process.env.BENCH_ONLY === 'postgres') throw new Error('BENCH_ONLY=postgres: no PostgreSQL server');
  return ['sqlite'];
}

/** Whether a PostgreSQL server answers at BENCH_POSTGRES_URL (default: the tests' server). */
export async function postgresAnswers(): Promise<boolean> {
  try {
    await datasetEnv('postgres', 'probe');
    return true;
  } catch {
    return false;
  }
}
