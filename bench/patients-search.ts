// Patient search and filters at 100,000 patients, through HTTP at 10 concurrent connections (throughput) and
// at one (latency), on SQLite and (when a server answers at BENCH_POSTGRES_URL) PostgreSQL, in one run; the
// same calls' SQL alone, with the plans each database chose; and PostgreSQL's p95 over SQLite's per call
// (issue 14: at most 1.5×). Run: npm run bench -- patients-search
import { loadavg } from 'node:os';
import { DEMO_USERS } from '../apps/server/src/scripts/demo-users';
import { benchDialects, datasetEnv, ensurePatients, type BenchDialect } from './lib/dataset';
import { LIST_SCENARIOS as SCENARIOS } from './lib/list-scenarios';
import { listSql, type ListSql } from './lib/list-sql';
import { latenciesOf, measure, warmUp } from './lib/load';
import { machineLine, markdownTable, writeSection, type ResultRow } from './lib/results';
import { startBenchServer, type BenchServer } from './lib/server';
import { summarise } from './lib/stats';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const CONNECTIONS = 10;
const REQUESTS_ONE_CONNECTION = Number(process.env.BENCH_REQUESTS_ONE ?? 1_000);
/**
 * Each row is measured in turns, the engines one after the other, ROUNDS times, and each engine's latencies
 * pooled: the machine's state moves by more than the engines differ from one minute to the next (a row's
 * ratio moved 1.3× to 2.4× between two runs measured an engine at a time), and so both see it alike.
 */
const ROUNDS = 3;
/** Both servers first take this long of every call: a few hundred requests leave V8's code half optimised. */
const SERVER_WARM_UP_MS = 3_000;
/** Issue 14: PostgreSQL's p95 at most this many times SQLite's, per call. */
const MAX_ENGINE_RATIO = 1.5;

const databaseName = (dialect: string) => (dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL 15');

async function run(): Promise<void> {
  const dialects = await benchDialects();
  const rows: ResultRow[] = [];
  const oneConnectionRows: ResultRow[] = [];
  const sqlRows: { database: string; scenario: string; sql: ListSql }[] = [];
  const loads: number[] = [loadavg()[0] ?? 0];
  const envs = new Map<BenchDialect, Record<string, string>>();
  for (const dialect of dialects) {
    const env = await datasetEnv(dialect, `patients${PATIENTS}`);
    await ensurePatients(env, PATIENTS);
    envs.set(dialect, env);
    // The SQL alone first, while no server runs beside it.
    for (const scenario of SCENARIOS) {
      const sql = await listSql(env, scenario.paths);
      sqlRows.push({ database: databaseName(dialect), scenario: scenario.name, sql });
      console.log(`${dialect} · ${scenario.name}: SQL median ${sql.medianMs.toFixed(2)} ms`);
      console.log(`  count: ${sql.count.join(' · ')}\n  page: ${sql.page.join(' · ')}`);
    }
  }
  const servers: { dialect: BenchDialect; server: BenchServer }[] = [];
  try {
    for (const [dialect, env] of envs)
      servers.push({ dialect, server: await startBenchServer(env, DEMO_USERS.medic) });
    const allPaths = SCENARIOS.flatMap((scenario) => scenario.paths);
    for (const { server } of servers)
      await warmUp(
        { url: server.url, paths: allPaths, cookie: server.cookie, connections: 1 },
        SERVER_WARM_UP_MS,
      );
    for (const [connections, requests, into] of [
      [CONNECTIONS, REQUESTS, rows],
      [1, REQUESTS_ONE_CONNECTION, oneConnectionRows],
    ] as const) {
      for (const scenario of SCENARIOS) {
        const pooled = new Map(
          servers.map(({ dialect }) => [dialect, { latencies: [] as number[], errors: 0, seconds: 0 }]),
        );
        for (let round = 0; round < ROUNDS; round += 1) {
          // Each engine goes first in every other round.
          for (const { dialect, server } of round % 2 === 0 ? servers : [...servers].reverse()) {
            const load = { url: server.url, paths: scenario.paths, cookie: server.cookie, connections };
            await measure({ ...load, requests: 200, sampleIntervalMs: 20 });
            const measured = await latenciesOf({
              ...load,
              requests: Math.ceil(requests / ROUNDS),
              sampleIntervalMs: 20,
            });
            const total = pooled.get(dialect);
            if (!total) continue;
            total.latencies.push(...measured.latencies);
            total.errors += measured.errors;
            total.seconds += measured.seconds;
          }
          loads.push(loadavg()[0] ?? 0);
        }
        for (const [dialect, { latencies, errors, seconds }] of pooled) {
          const summary = summarise(latencies, errors, seconds);
          into.push({ database: databaseName(dialect), scenario: scenario.name, summary });
          console.log(
            `${dialect} · ${connections} connection(s) · ${scenario.name}: median ${summary.medianMs} ms, p95 ${summary.p95Ms} ms`,
          );
        }
      }
    }
  } finally {
    for (const { server } of servers) await server.stop();
  }
  writeSection(
    'patients-search',
    [
      `## Patient search and filters (\`bench/patients-search.ts\`)`,
      '',
      `${PATIENTS.toLocaleString('en')} patients; \`GET /api/pacienti\` (a page of 10 + the total) through HTTP,`,
      `${CONNECTIONS} concurrent connections, ${REQUESTS} requests per row. Both servers run side by side, first`,
      `warmed up by ${SERVER_WARM_UP_MS / 1000} s of every call; then each row is measured in turns, SQLite then PostgreSQL, then the other way`,
      `round, ${ROUNDS} rounds of ${Math.ceil(REQUESTS / ROUNDS)} requests per engine, each after 200 warm-up requests, and each engine's`,
      'latencies pooled, so that both engines see the machine in the same state.',
      `Machine: ${machineLine()}; 1-minute load average from ${Math.min(...loads).toFixed(1)} to`,
      `${Math.max(...loads).toFixed(1)} during the run (the machine is shared). Target: p95 under 15 ms on SQLite.`,
      '',
      markdownTable(rows),
      '',
      `The same calls at one connection (latency): ${ROUNDS} rounds of ${Math.ceil(REQUESTS_ONE_CONNECTION / ROUNDS)} requests per engine, in turns as above.`,
      '',
      markdownTable(oneConnectionRows),
      '',
      ...engineComparison(rows, oneConnectionRows),
      "The same calls' SQL alone (`listPatients`: count, page and open plan amounts; no HTTP), 200 calls in",
      "turn over the row's addresses after 20 to warm up, one at a time, ms; and the HTTP p95 over it, at 10",
      'connections and at one:',
      '',
      '| database | call | SQL median | SQL p95 | HTTP p95 ÷ SQL p95, 10 connections | HTTP p95 ÷ SQL p95, 1 connection |',
      '|---|---|---:|---:|---:|---:|',
      ...sqlRows.map(
        ({ database, scenario, sql }) =>
          `| ${database} | ${scenario} | ${sql.medianMs.toFixed(2)} | ${sql.p95Ms.toFixed(2)} | ${over(p95Of(rows, database, scenario), sql.p95Ms)} | ${over(p95Of(oneConnectionRows, database, scenario), sql.p95Ms)} |`,
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

/** The HTTP p95 of a call on a database in a table of results, if it was measured. */
function p95Of(table: readonly ResultRow[], database: string, scenario: string): number | undefined {
  return table.find((row) => row.database === database && row.scenario === scenario)?.summary.p95Ms;
}

function over(value: number | undefined, floor: number): string {
  return value === undefined ? '' : (value / floor).toFixed(1);
}

/**
 * PostgreSQL's p95 over SQLite's per call, at 10 connections and at one, and the calls past
 * MAX_ENGINE_RATIO at 10 connections: issue 14 states its baseline and target at the bench's 10
 * connections, and asks for one connection beside them as the latency, which is shown and not judged (at
 * one connection each of PostgreSQL's statements waits for a round trip to another process). Nothing when
 * the run measured one engine.
 */
function engineComparison(
  tenConnections: readonly ResultRow[],
  oneConnection: readonly ResultRow[],
): string[] {
  const ratio = (table: readonly ResultRow[], scenario: string) => {
    const sqlite = p95Of(table, databaseName('sqlite'), scenario);
    const postgres = p95Of(table, databaseName('postgres'), scenario);
    return sqlite === undefined || postgres === undefined ? undefined : postgres / sqlite;
  };
  const lines: string[] = [];
  const missed: string[] = [];
  for (const { name } of SCENARIOS) {
    const ten = ratio(tenConnections, name);
    const one = ratio(oneConnection, name);
    if (ten === undefined || one === undefined) return [];
    if (ten > MAX_ENGINE_RATIO) missed.push(`${name} (${ten.toFixed(2)}×)`);
    lines.push(`| ${name} | ${ten.toFixed(2)}× | ${one.toFixed(2)}× |`);
  }
  return [
    `PostgreSQL p95 ÷ SQLite p95 per call. Issue 14's target, at 10 connections: at most ${MAX_ENGINE_RATIO}×; ${
      missed.length ? `missed: ${missed.join('; ')}` : 'met on every call'
    }. At one connection: shown, not judged.`,
    '',
    '| call | 10 connections | 1 connection |',
    '|---|---:|---:|',
    ...lines,
    '',
  ];
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
