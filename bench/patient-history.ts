// GET /api/get-pacient/{id} for a patient with 300 history entries (a third of them with a before and an
// after picture), through HTTP with 10 concurrent connections, on SQLite and (when a server answers at
// BENCH_POSTGRES_URL) PostgreSQL. Run: npm run bench -- patient-history
import { cpus, loadavg } from 'node:os';
import { DEMO_USERS } from '../apps/server/src/scripts/demo-users';
import { benchDialects, datasetEnv } from './lib/dataset';
import { ensureHistory } from './lib/history';
import { measure } from './lib/load';
import { machineLine, markdownTable, writeSection, type ResultRow } from './lib/results';
import { startBenchServer } from './lib/server';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 300);
const PATIENTS = 1_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const CONNECTIONS = 10;

async function run(): Promise<void> {
  const dialects = await benchDialects();
  const rows: ResultRow[] = [];
  const loads: number[] = [];
  for (const dialect of dialects) {
    const env = await datasetEnv(dialect, `history${ENTRIES}`);
    const patients = await ensureHistory(env, { patients: PATIENTS, entries: ENTRIES });
    const server = await startBenchServer(env, DEMO_USERS.medic);
    const full = `/api/get-pacient/${patients.withHistory}`;
    const scenarios = [
      { name: `get-pacient, ${ENTRIES} entries`, path: full, connections: CONNECTIONS },
      {
        name: 'get-pacient, no entries (baseline)',
        path: `/api/get-pacient/${patients.without}`,
        connections: CONNECTIONS,
      },
      { name: `get-pacient, ${ENTRIES} entries, 1 connection`, path: full, connections: 1 },
    ];
    try {
      for (const scenario of scenarios) {
        const { path, connections } = scenario;
        const options = { url: server.url, paths: [path], cookie: server.cookie, connections };
        // Warm the caches first; only the second run counts.
        await measure({ ...options, requests: 200 });
        loads.push(loadavg()[0] ?? 0);
        const summary = await measure({ ...options, requests: REQUESTS });
        loads.push(loadavg()[0] ?? 0);
        const database = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL 15';
        rows.push({ database, scenario: scenario.name, summary });
        console.log(`${dialect} · ${scenario.name}: median ${summary.medianMs} ms, p95 ${summary.p95Ms} ms`);
      }
    } finally {
      await server.stop();
    }
  }
  const load = Math.max(...loads);
  writeSection(
    'patient-history',
    [
      `## A patient with ${ENTRIES} history entries (\`bench/patient-history.ts\`)`,
      '',
      `\`GET /api/get-pacient/{id}\` (the patient, its ${ENTRIES} entries newest first with their pictures — a`,
      `third of the entries have a before and an after picture — and the audit row of the view) through HTTP,`,
      `${CONNECTIONS} concurrent connections (one for the last row of each database), ${REQUESTS} requests per row`,
      'after 200 warm-up requests. The baseline is a patient without history on the same server. One Node',
      'process does the work of one request at a time, so with 10 in flight a request mostly waits for the',
      'others: on SQLite, whose queries run in that process, the median at 10 connections is about 10 times',
      "the single-connection one; PostgreSQL's round trips overlap with other requests' work.",
      `Machine: ${machineLine()}; 1-minute load average up to ${load.toFixed(1)} during the runs.`,
      load > 2
        ? `The machine is shared with other engineers and was busy (load above 2 on ${cpus().length} cores): ` +
          'the numbers are noisy and pessimistic.'
        : '',
      '',
      markdownTable(rows),
    ].join('\n'),
  );
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
