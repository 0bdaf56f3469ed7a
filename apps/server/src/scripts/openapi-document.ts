// The API's OpenAPI document as the server publishes it at /api/docs/json, built from the routes without a
// server or a data dir of the clinic's. `npm run lint:openapi` lints it with Redocly's recommended rules;
// `-- --out <file>` writes it too.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';

/** Builds the app on a throw-away SQLite data dir and answers its OpenAPI document. */
export async function openApiDocument(): Promise<unknown> {
  const dataDir = await mkdtemp(join(tmpdir(), 'odonto-openapi-'));
  const config = loadConfig({
    ODONTO_DATA_DIR: dataDir,
    PUBLIC_URL: 'https://odonto.test',
    LOG_LEVEL: 'silent',
  });
  const database = await connectDatabase(config.database);
  try {
    await migrateToLatest(database.db, database.dialect);
    const app = await buildApp({ config, db: database.db, dialect: database.dialect, logger: false });
    try {
      await app.ready();
      return app.swagger();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Redocly's `recommended` rules over the document: every problem, errors and warnings. */
export async function lintOpenApi(document: unknown): Promise<NormalizedProblem[]> {
  const config = await createConfig({ extends: ['recommended'] });
  return lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
}

async function run(): Promise<void> {
  const document = await openApiDocument();
  const outAt = process.argv.indexOf('--out');
  const out = outAt === -1 ? undefined : process.argv[outAt + 1];
  if (out) await writeFile(out, JSON.stringify(document, null, 2));
  const problems = await lintOpenApi(document);
  const errors = problems.filter((problem) => problem.severity === 'error');
  for (const problem of problems)
    console.log(
      `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`,
    );
  console.log(
    `OpenAPI (Redocly recommended): ${errors.length} errors, ${problems.length - errors.length} warnings`,
  );
  if (errors.length > 0) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
