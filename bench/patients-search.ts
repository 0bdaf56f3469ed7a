// Patient search and filters at 100,000 patients, through HTTP with 10 concurrent connections, on SQLite
// and (when a server answers at BENCH_POSTGRES_URL) PostgreSQL; and the same calls' SQL alone, with the
// plans each database chose. Run: npm run bench -- patients-search
import { loadavg } from 'node:os';
import { DEMO_USERS } from '../apps/server/src/scripts/demo-users';
import { benchDialects, datasetEnv, ensurePatients } from './lib/dataset';
import { LIST_SCENARIOS as SCENARIOS } from './lib/list-scenarios';
import { listSql, type ListSql } from './lib/list-sql';
import { measure } from './lib/load';
import { machineLine, markdownTable, writeSection, type ResultRow } from './lib/results';
import { startBenchServer } from './lib/server';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const CONNECTIONS = 10;

const databaseName = (dialect: string) => (dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL 15');

async function run(): Promise<void> {
  const dialects = await benchDialects();
  const rows: ResultRow[] = [];
  const sqlRows: { database: string; scenario: string; sql: ListSql; httpP95Ms?: number }[] = [];
  const loads: number[] = [loadavg()[0] ?? 0];
  for (const dialect of dialects) {
    const env = await datasetEnv(dialect, `patients${PATIENTS}`);
    await ensurePatients(env, PATIENTS);
    // The SQL alone first, while no server runs beside it.
    for (const scenario of SCENARIOS) {
      const sql = await listSql(env, scenario.paths);
      sqlRows.push({ database: databaseName(dialect), scenario: scenario.name, sql });
      console.log(`${dialect} · ${scenario.name}: SQL median ${sql.medianMs.toFixed(2)} ms`);
      console.log(`  count: ${sql.count.join(' · ')}\n  page: ${sql.page.join(' · ')}`);
    }
    const server = await startBenchServer(env, DEMO_USERS.medic);
    try {
      for (const scenario of SCENARIOS) {
        // Warm the caches first; only the second run counts.
        await measure({
          url: server.url,
          paths: scenario.paths,
          cookie: server.cookie,
          connections: CONNECTIONS,
          requests: 200,
        });
        const summary = await measure({
          url: server.url,
          paths: scenario.paths,
          cookie: server.cookie,
          connections: CONNECTIONS,
          requests: REQUESTS,
        });
        loads.push(loadavg()[0] ?? 0);
        rows.push({ database: databaseName(dialect), scenario: scenario.name, summary });
        const sqlRow = sqlRows.find(
          (row) => row.database === databaseName(dialect) && row.scenario === scenario.name,
        );
        if (sqlRow) sqlRow.httpP95Ms = summary.p95Ms;
        console.log(`${dialect} · ${scenario.name}: median ${summary.medianMs} ms, p95 ${summary.p95Ms} ms`);
      }
    } finally {
      await server.stop();
    }
  }
  writeSection(
    'patients-search',
    [
      `## Patient search and filters (\`bench/patients-search.ts\`)`,
      '',
      `${PATIENTS.toLocaleString('en')} patients; \`GET /api/pacienti\` (a page of 10 + the total) through HTTP,`,
      `${CONNECTIONS} concurrent connections, ${REQUESTS} requests per row after 200 warm-up requests.`,
      `Machine: ${machineLine()}; 1-minute load average from ${Math.min(...loads).toFixed(1)} to`,
      `${Math.max(...loads).toFixed(1)} during the run (the machine is shared). Target: p95 under 15 ms on SQLite.`,
      '',
      markdownTable(rows),
      '',
      "The same calls' SQL alone (`listPatients`: count, page and open plan amounts; no HTTP), 200 calls in",
      "turn over the row's addresses after 20 to warm up, one at a time, ms; and the HTTP p95 over it:",
      '',
      '| database | call | SQL median | SQL p95 | HTTP p95 ÷ SQL p95 |',
      '|---|---|---:|---:|---:|',
      ...sqlRows.map(
        ({ database, scenario, sql, httpP95Ms }) =>
          `| ${database} | ${scenario} | ${sql.medianMs.toFixed(2)} | ${sql.p95Ms.toFixed(2)} | ${httpP95Ms === undefined ? '' : (httpP95Ms / sql.p95Ms).toFixed(1)} |`,
      ),
      '',
      "The plans used, for the row's first address (PostgreSQL: the nodes of `EXPLAIN` that read, outermost",
      'first; SQLite: `EXPLAIN QUERY PLAN`):',
      '',
      '| database | call | count | page |',
      '|---|---|---|---|',
      ...sqlRows.map(
        ({ database, scenario, sql }) =>
          `| ${database} | ${scenario} | ${sql.count.join(' · ')} | ${sql.page.join(' · ')} |`,
      ),
    ].join('\n'),
  );
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
