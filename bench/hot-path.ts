// The hot path against its physical floor (issue 20). For the patient list's first page, a `judet` filter,
// a 3- and a 6-letter search, and opening a patient (no history, and 300 entries): the HTTP median and p95
// at 1 and 10 connections, and the floor — a bare node:http server (started here) that runs the SQL
// statements the call ran (recorded by the server with ODONTO_SQL_LOG) directly on the same database, then
// answers the same bytes; and its parts alone (the bare answer; the statements replayed back to back).
// Reports HTTP median ÷ floor, writes bench/RESULTS.md, and exits 1 when a row at one
// connection is past --max-ratio (default 2).
//   npm run bench -- hot-path       20,000 and 100,000 patients, 1 and 10 connections; SQLite, and
//                                   PostgreSQL when a server answers at BENCH_POSTGRES_URL (dataset.ts)
//   node --import tsx bench/hot-path.ts --short --max-ratio 5 --attempts 5
//                                   CI (.ci/run): 20,000 patients, one connection, SQLite; a row past the
//                                   ratio is measured again, up to 5 times in all, and its best kept
//   --engine sqlite|postgres|both   the databases to measure (--engine both fails without a PostgreSQL server)
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { DEMO_USERS } from '../apps/server/src/scripts/demo-users';
import {
  benchDialects,
  datasetEnv,
  postgresAnswers,
  POSTGRES_ADMIN_URL,
  type BenchDialect,
} from './lib/dataset';
import { ensureHistory } from './lib/history';
import type { FloorSql } from './lib/bare-server';
import { record, startBareServer, type Call } from './lib/hot-path-floor';
import { latenciesOf, warmUp } from './lib/load';
import { machineLine, writeSection } from './lib/results';
import { startBenchServer } from './lib/server';
import {
  explainPostgres,
  openSqliteReplay,
  replayPostgres,
  type SqliteReplay,
  type Statement,
} from './lib/sql-replay';
import { percentile } from './lib/stats';

const args = process.argv.slice(2);
const isShort = args.includes('--short');
const maxRatioArg = args.indexOf('--max-ratio');
const MAX_RATIO = maxRatioArg >= 0 ? Number(args[maxRatioArg + 1]) : 2;
const attemptsArg = args.indexOf('--attempts');
const ATTEMPTS = attemptsArg >= 0 ? Number(args[attemptsArg + 1]) : 1;
const SIZES = isShort ? [20_000] : [20_000, 100_000];
const CONNECTIONS = isShort ? [1] : [1, 10];
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? (isShort ? 400 : 1_000));
const SQL_RUNS = 400;
const ENTRIES = 300;
const ENGINE_NAMES: Record<BenchDialect, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

interface Row {
  engine: BenchDialect;
  patients: number;
  call: string;
  connections: number;
  httpMedian: number;
  httpP95: number;
  bareMedian: number;
  sqlMedian: number;
  /** The floor measured whole: the bare server running the call's statements before each answer. */
  floorMedian: number;
  statements: number;
  ratio: number;
}

function calls(ids: { withHistory: string; without: string }): Call[] {
  return [
    { name: 'first page', path: '/api/pacienti?page=1' },
    { name: 'filter `judet`', path: '/api/pacienti?judet=Cluj' },
    { name: 'search, 3 letters', path: '/api/pacienti?q=pop' },
    { name: 'search, 6 letters', path: '/api/pacienti?q=popesc' },
    { name: 'open a patient (no history)', path: `/api/get-pacient/${ids.without}` },
    { name: `open a patient (${ENTRIES} entries)`, path: `/api/get-pacient/${ids.withHistory}` },
  ];
}

// Both servers are warmed up for this long (and at least 200 requests) before a row is measured: a few
// hundred requests leave the server's code half optimised by V8, and its median then varied by 1.5× from
// one attempt to the next on a quiet machine; a clinic's server runs in the steady state.
const WARM_UP_MS = 1_500;
// And once, before the first row, on every call in turn: the code every call shares (the hooks, the session
// check, the router, the serialiser) was otherwise optimised during the first row, which measured 1.5–2×
// slower than the same call measured after the others (a first page at 0.43 ms, at 0.19 ms later).
const SERVER_WARM_UP_MS = 3_000;
// A row is measured in turns — the server, the bare server, the whole floor, the SQL replay, again — so
// that all see the machine in the same state: on a virtual machine the same replay's median moved by 1.7× from one minute
// to the next, and a floor measured minutes before its call made a ratio of that noise. The short form
// (CI's, 400 requests a row) takes two turns: each turn costs a second whatever its size (autocannon ends a
// run on its once-a-second sample), and CI's bar is 5× where the rows measure about 2×.
const ROUNDS = isShort ? 2 : 4;

/** `--engine`; by default SQLite, and PostgreSQL too (outside --short) when a server answers. */
async function chosenEngines(): Promise<BenchDialect[]> {
  const index = args.indexOf('--engine');
  const asked = index >= 0 ? args[index + 1] : undefined;
  const server = new URL(POSTGRES_ADMIN_URL);
  server.password = server.password ? '***' : '';
  if (asked === 'sqlite') return ['sqlite'];
  if (asked === 'postgres' || asked === 'both') {
    if (!(await postgresAnswers())) {
      throw new Error(`--engine ${asked}: no PostgreSQL server answers at ${server.toString()}`);
    }
    return asked === 'both' ? ['sqlite', 'postgres'] : ['postgres'];
  }
  if (asked !== undefined) throw new Error(`--engine ${asked}: sqlite, postgres or both`);
  if (isShort) {
    console.log('hot-path: --short measures SQLite only (CI time); --engine both adds PostgreSQL');
    return ['sqlite'];
  }
  const found = await benchDialects();
  if (!found.includes('postgres')) {
    console.log(`hot-path: no PostgreSQL server at ${server.toString()} (BENCH_POSTGRES_URL): SQLite only`);
  }
  return found;
}

// A list call's main statements: those reading the patients (the count and the page), not the session
// check, the audit row or the plan amounts.
const isListStatement = (statement: Statement) =>
  /^select/i.test(statement.sql) && /from "(patients|patients_search|patient_counts)"/.test(statement.sql);

interface Plan {
  patients: number;
  call: string;
  steps: string[][];
}

/** One engine at one data-set size: each call recorded, replayed, then measured at each connection count. */
async function measureDataset(
  engine: BenchDialect,
  size: number,
  loads: number[],
): Promise<{ rows: Row[]; plans: Plan[] }> {
  const env = await datasetEnv(engine, `patients${size}`);
  const ids = await ensureHistory(env, { patients: size, entries: ENTRIES });
  const list = calls(ids);
  const { answers, statements } = await record(env, list);
  const dataDir = env['ODONTO_DATA_DIR'] ?? '.';
  const databaseUrl = env['DATABASE_URL'] ?? '';
  const sqliteFile = join(dataDir, 'odonto.sqlite');
  // SQLite: each call's statements replayed in turns with its requests; PostgreSQL: replayed here, once.
  const replays = new Map<string, SqliteReplay>();
  const sql = new Map<string, number>();
  const floorSql: FloorSql = {
    engine,
    target: engine === 'sqlite' ? sqliteFile : databaseUrl,
    calls: {},
  };
  const plans: Plan[] = [];
  for (const call of list) {
    const recorded = statements.get(call.path) ?? [];
    if (engine === 'sqlite') {
      replays.set(call.path, openSqliteReplay(sqliteFile, recorded));
      floorSql.calls[call.path] = { statements: recorded, mode: 'auto' };
    } else {
      const { medianMs, mode } = await replayPostgres(databaseUrl, recorded, SQL_RUNS);
      sql.set(call.path, medianMs);
      floorSql.calls[call.path] = { statements: recorded, mode };
      console.log(`hot-path: PostgreSQL SQL, ${call.name}: ${medianMs.toFixed(3)} ms with ${mode}`);
    }
    if (engine === 'postgres' && call.path.startsWith('/api/pacienti')) {
      const steps = await explainPostgres(databaseUrl, recorded.filter(isListStatement));
      plans.push({ patients: size, call: call.name, steps });
      console.log(`hot-path: PostgreSQL plan, ${call.name}: ${steps.map((s) => s.join(' → ')).join(' | ')}`);
    }
  }
  console.log(`hot-path: ${ENGINE_NAMES[engine]}, ${size} patients recorded; measuring`);
  const server = await startBenchServer(env, DEMO_USERS.medic);
  const bare = await startBareServer(answers, dataDir);
  const whole = await startBareServer(answers, dataDir, floorSql);
  console.log(`hot-path: servers at ${server.url}, ${bare.url} and ${whole.url}`);
  const rows: Row[] = [];
  try {
    const allPaths = list.map((call) => call.path);
    for (const { url } of [server, bare, whole])
      await warmUp(
        { url, paths: allPaths, cookie: server.cookie, connections: 1 },
        SERVER_WARM_UP_MS,
        REQUESTS,
      );
    for (const connections of CONNECTIONS) {
      for (const call of list) {
        const measureRow = async (): Promise<Row> => {
          for (const { url } of [server, bare, whole])
            await warmUp(
              { url, paths: [call.path], cookie: server.cookie, connections },
              WARM_UP_MS,
              REQUESTS,
            );
          const http: number[] = [];
          const bareHttp: number[] = [];
          const floor: number[] = [];
          const replayed: number[] = [];
          const replay = replays.get(call.path);
          for (let round = 0; round < ROUNDS; round += 1) {
            const load = {
              paths: [call.path],
              cookie: server.cookie,
              connections,
              requests: REQUESTS / ROUNDS,
            };
            const ours = await latenciesOf({ ...load, url: server.url });
            if (ours.errors > 0) throw new Error(`${call.path}: ${ours.errors} errors`);
            http.push(...ours.latencies);
            bareHttp.push(...(await latenciesOf({ ...load, url: bare.url })).latencies);
            const floored = await latenciesOf({ ...load, url: whole.url });
            if (floored.errors > 0)
              throw new Error(`${call.path}: the floor's server answered ${floored.errors} errors`);
            floor.push(...floored.latencies);
            if (replay) replayed.push(...replay.times(SQL_RUNS / ROUNDS));
          }
          loads.push(loadavg()[0] ?? 0);
          const httpMedian = percentile(http, 0.5);
          const bareMedian = percentile(bareHttp, 0.5);
          const floorMedian = percentile(floor, 0.5);
          const sqlMedian = replay ? percentile(replayed, 0.5) : (sql.get(call.path) ?? 0);
          return {
            engine,
            patients: size,
            call: call.name,
            connections,
            httpMedian,
            httpP95: percentile(http, 0.95),
            bareMedian,
            sqlMedian,
            floorMedian,
            statements: statements.get(call.path)?.length ?? 0,
            ratio: httpMedian / floorMedian,
          };
        };
        let row = await measureRow();
        // A row past the target is measured again (--attempts) and its best attempt kept: a slower server
        // misses every time, a burst of other work on the machine does not.
        for (let attempt = 2; connections === 1 && row.ratio > MAX_RATIO && attempt <= ATTEMPTS; attempt++) {
          console.log(
            `hot-path: ${call.name} at ${row.ratio.toFixed(1)}×, past ${MAX_RATIO}×: attempt ${attempt} of ${ATTEMPTS}`,
          );
          const again = await measureRow();
          if (again.ratio < row.ratio) row = again;
        }
        rows.push(row);
        console.log(
          `${ENGINE_NAMES[engine]} · ${size} · ${connections} conn · ${call.name}: HTTP median ${row.httpMedian.toFixed(2)} ms, p95 ${row.httpP95.toFixed(2)} ms; floor ${row.floorMedian.toFixed(2)} ms (bare ${row.bareMedian.toFixed(2)} + SQL ${row.sqlMedian.toFixed(3)} ms, ${row.statements} statements); ratio ${row.ratio.toFixed(1)}×`,
        );
      }
    }
  } finally {
    for (const replay of replays.values()) replay.close();
    await bare.stop();
    await whole.stop();
    await server.stop();
  }
  return { rows, plans };
}

async function run(): Promise<void> {
  const engines = await chosenEngines();
  const rows: Row[] = [];
  const plans: Plan[] = [];
  const loads: number[] = [loadavg()[0] ?? 0];
  console.log(
    `hot-path: ${engines.map((engine) => ENGINE_NAMES[engine]).join(' and ')}; ${machineLine()}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const engine of engines) {
    for (const size of SIZES) {
      const measured = await measureDataset(engine, size, loads);
      rows.push(...measured.rows);
      plans.push(...measured.plans);
    }
  }
  const load = Math.max(...loads);
  const missed = rows.filter((row) => row.connections === 1 && row.ratio > MAX_RATIO);
  const table = [
    '| engine | patients | call | connections | HTTP median ms | HTTP p95 ms | floor ms | its parts alone: bare HTTP + SQL ms | SQL statements | ratio |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${ENGINE_NAMES[row.engine]} | ${row.patients.toLocaleString('en')} | ${row.call} | ${row.connections} | ${row.httpMedian.toFixed(2)} | ${row.httpP95.toFixed(2)} | ${row.floorMedian.toFixed(2)} | ${row.bareMedian.toFixed(2)} + ${row.sqlMedian.toFixed(3)} | ${row.statements} | ${row.ratio.toFixed(1)}× |`,
    ),
  ].join('\n');
  const planLines = plans.map(
    (plan) =>
      `- ${plan.patients.toLocaleString('en')}, ${plan.call}: ${plan.steps.map((steps) => steps.join(' → ')).join('; ')}`,
  );
  writeSection(
    isShort ? 'hot-path-short' : 'hot-path',
    [
      `## The hot path against its floor (\`bench/hot-path.ts${isShort ? ' --short' : ''}\`)`,
      '',
      `${engines.map((engine) => ENGINE_NAMES[engine]).join(' and ')}. Each call through HTTP (one path; every server warmed up by 3 s of requests to every call, then 1.5 s to the row's, back to back), beside its floor: a bare`,
      '`node:http` server, started by the bench in its own process, that runs the SQL statements the call ran',
      '(recorded by the server with `ODONTO_SQL_LOG`, the audit row included; the session check, kept in memory for',
      '5 s (decision 0066), reads nothing on the recorded request), each',
      'prepared once, on the same database, then answers the same bytes (status, headers, body): the least a',
      'server could do for that call, measured whole (decision 0065). Beside it, its parts measured alone: the',
      "bare server answering without the SQL, and the statements replayed back to back, SQLite's on the same",
      "file, PostgreSQL's as named prepared statements on one connection with `plan_cache_mode` `auto` and",
      '`force_custom_plan` and the lower median kept (the whole floor uses that mode). For a call that writes,',
      "the replay's commits come back to back, and the replay of its statements took 0.1 to 0.7 ms from one run",
      `to the next; the whole floor waits for each flush as a server does, a request between two. Measured in turns (the server, the bare server, the whole floor, the SQLite replay; ${ROUNDS} rounds)`,
      'so that all see the machine in the same state. Ratio = HTTP median ÷ floor.',
      `${REQUESTS} requests per row; SQL medians over ${SQL_RUNS} replays. Target: at most ${MAX_RATIO}× at one`,
      'connection (at 10 connections the requests queue behind each other in one process: shown, not judged).',
      ...(ATTEMPTS > 1
        ? [`A row past the target was measured again, up to ${ATTEMPTS} attempts in all, its best kept.`]
        : []),
      `Machine: ${machineLine()}; 1-minute load average up to ${load.toFixed(2)} during the run` +
        (load > 1.5 ? ` (shared with other work on ${cpus().length} cores: noisy, pessimistic).` : '.'),
      missed.length > 0
        ? `Missed: ${missed.map((row) => `${row.call} at ${row.patients.toLocaleString('en')} on ${ENGINE_NAMES[row.engine]} (${row.ratio.toFixed(1)}×)`).join('; ')}.`
        : `Every row at one connection within ${MAX_RATIO}×.`,
      '',
      table,
      ...(planLines.length > 0
        ? [
            '',
            "PostgreSQL's plans for the list calls' count and page statements (`EXPLAIN` with the recorded",
            'parameters; the nodes that read, outermost first):',
            '',
            ...planLines,
          ]
        : []),
    ].join('\n'),
  );
  console.log(table);
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (missed.length > 0) {
    console.error(`hot-path: ${missed.length} row(s) past ${MAX_RATIO}× the floor`);
    process.exit(1);
  }
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
