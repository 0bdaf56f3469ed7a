// The patient list flat to a million patients (issue 20 on SQLite, issue 14 on PostgreSQL): every list call
// at 100,000 and at 1,000,000 patients, in one run, per engine — its SQL alone (the plans printed) and
// through HTTP at one connection — and the 1,000,000 p95 over the 100,000 one. Target: at most 2× for every
// call. Exits 1 when a call misses it. Run: npm run bench -- million (PostgreSQL when a server answers at
// BENCH_POSTGRES_URL; the data sets stay in bench/.data and in their PostgreSQL databases for the next run).
import { loadavg } from 'node:os';
import { DEMO_USERS } from '../apps/server/src/scripts/demo-users';
import { benchDialects, datasetEnv, ensurePatients, type BenchDialect } from './lib/dataset';
import { LIST_SCENARIOS } from './lib/list-scenarios';
import { listSql, type ListSql } from './lib/list-sql';
import { measure } from './lib/load';
import { machineLine, writeSection } from './lib/results';
import { startBenchServer } from './lib/server';
import type { LatencySummary } from './lib/stats';

const SIZES = [100_000, 1_000_000] as const;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
const MAX_GROWTH = 2;
const ENGINE: Record<BenchDialect, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL 15' };

interface Measured {
  sql: ListSql;
  http: LatencySummary;
}

async function measureSize(dialect: BenchDialect, patients: number): Promise<Map<string, Measured>> {
  const env = await datasetEnv(dialect, `patients${patients}`);
  await ensurePatients(env, patients);
  const sqlByCall = new Map<string, ListSql>();
  // The SQL alone first, while no server runs beside it.
  for (const scenario of LIST_SCENARIOS) sqlByCall.set(scenario.name, await listSql(env, scenario.paths));
  const measured = new Map<string, Measured>();
  const server = await startBenchServer(env, DEMO_USERS.medic);
  try {
    for (const scenario of LIST_SCENARIOS) {
      const load = { url: server.url, paths: scenario.paths, cookie: server.cookie, connections: 1 };
      await measure({ ...load, requests: 200 });
      const http = await measure({ ...load, requests: REQUESTS });
      const sql = sqlByCall.get(scenario.name);
      if (!sql) throw new Error(`no SQL measured for ${scenario.name}`);
      measured.set(scenario.name, { sql, http });
      console.log(
        `${ENGINE[dialect]} · ${patients} · ${scenario.name}: HTTP median ${http.medianMs.toFixed(2)} ms, p95 ${http.p95Ms.toFixed(2)} ms; SQL p95 ${sql.p95Ms.toFixed(2)} ms`,
      );
    }
  } finally {
    await server.stop();
  }
  return measured;
}

async function run(): Promise<void> {
  const loads = [loadavg()[0] ?? 0];
  const lines: string[] = [];
  const plans: string[] = [];
  const missed: string[] = [];
  for (const dialect of await benchDialects()) {
    const [small, large] = [await measureSize(dialect, SIZES[0]), await measureSize(dialect, SIZES[1])];
    loads.push(loadavg()[0] ?? 0);
    for (const scenario of LIST_SCENARIOS) {
      const before = small.get(scenario.name);
      const after = large.get(scenario.name);
      if (!before || !after) continue;
      const growth = after.http.p95Ms / before.http.p95Ms;
      if (growth > MAX_GROWTH) missed.push(`${ENGINE[dialect]} · ${scenario.name} (${growth.toFixed(1)}×)`);
      lines.push(
        `| ${ENGINE[dialect]} | ${scenario.name} | ${before.http.medianMs.toFixed(2)} / ${before.http.p95Ms.toFixed(2)} | ${after.http.medianMs.toFixed(2)} / ${after.http.p95Ms.toFixed(2)} | ${growth.toFixed(1)}× | ${before.sql.p95Ms.toFixed(2)} | ${after.sql.p95Ms.toFixed(2)} | ${(after.sql.p95Ms / before.sql.p95Ms).toFixed(1)}× |`,
      );
      plans.push(
        `| ${ENGINE[dialect]} | ${scenario.name} | ${after.sql.count.join(' · ')} | ${after.sql.page.join(' · ')} |`,
      );
    }
  }
  const body = [
    '## The patient list at a million patients (`bench/million.ts`)',
    '',
    `Every list call of \`bench/patients-search.ts\` at 100,000 and at 1,000,000 patients, in one run: through`,
    `HTTP at one connection (${REQUESTS} requests per row after 200 warm-up requests; median / p95 ms) and its`,
    'SQL alone (`listPatients`: count, page and open plan amounts; p95 of 200 calls, ms). Target: the',
    `1,000,000 p95 at most ${MAX_GROWTH}× the 100,000 one (issue 20 on SQLite, issue 14 on PostgreSQL).`,
    `Machine: ${machineLine()}; 1-minute load average ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}.`,
    missed.length ? `Missed: ${missed.join('; ')}.` : 'Every call within the target.',
    '',
    '| engine | call | 100,000: HTTP median / p95 | 1,000,000: HTTP median / p95 | p95 growth | 100,000: SQL p95 | 1,000,000: SQL p95 | SQL growth |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...lines,
    '',
    "The plans at 1,000,000, for the row's first address (PostgreSQL: the nodes of `EXPLAIN` that read,",
    'outermost first; SQLite: `EXPLAIN QUERY PLAN`):',
    '',
    '| engine | call | count | page |',
    '|---|---|---|---|',
    ...plans,
  ].join('\n');
  writeSection('million', body);
  console.log(body);
  if (missed.length) {
    console.error(`million: ${missed.length} call(s) past ${MAX_GROWTH}× their 100,000 p95`);
    process.exit(1);
  }
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
