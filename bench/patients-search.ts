// Patient search and filters at 100,000 patients, through HTTP with 10 concurrent connections, on SQLite
// and (when a server answers at BENCH_POSTGRES_URL) PostgreSQL. Run: npm run bench -- patients-search
import { DEMO_USERS } from '../apps/server/src/scripts/demo-users';
import { benchDialects, datasetEnv, ensurePatients } from './lib/dataset';
import { measure } from './lib/load';
import { machineLine, markdownTable, writeSection, type ResultRow } from './lib/results';
import { startBenchServer } from './lib/server';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const CONNECTIONS = 10;

const list = (query: string) => `/api/pacienti?${query}`;
const SCENARIOS: readonly { name: string; paths: string[] }[] = [
  {
    name: 'search, 3 letters (`q=pop`, `ste`, …)',
    paths: ['pop', 'ste', 'ion', 'mar', 'ana', 'dum', 'ale', 'tan'].map((q) => list(`q=${q}`)),
  },
  {
    name: 'search, 6 letters (`q=popesc`, `stefan`, …)',
    paths: ['popesc', 'stefan', 'ionesc', 'mihail', 'alexan', 'dumitr', 'gheorg', 'marine'].map((q) =>
      list(`q=${q}`),
    ),
  },
  {
    name: 'search, phone fragment (`q=0722 1`)',
    paths: ['0722 1', '0744 5', '0755 93', '0788 0'].map((q) => list(`q=${encodeURIComponent(q)}`)),
  },
  { name: 'search, 3 letters, page 3', paths: ['pop', 'ion', 'mar'].map((q) => list(`q=${q}&page=3`)) },
  {
    name: 'filter judet (`judet=cluj`)',
    paths: ['Cluj', 'Iași', 'Argeș', 'București'].map((j) => list(`judet=${encodeURIComponent(j)}`)),
  },
  {
    name: 'filter medic + igienizare',
    paths: [list(`medic=${encodeURIComponent(DEMO_USERS.medic.nume)}&igienizare=true`)],
  },
  {
    name: 'filter creation date range (one month)',
    paths: ['2025-03', '2024-07', '2023-11'].map((m) => list(`from=${m}-01&to=${m}-28`)),
  },
  { name: 'first page, no filter', paths: [list('page=1')] },
];

async function run(): Promise<void> {
  const dialects = await benchDialects();
  const rows: ResultRow[] = [];
  for (const dialect of dialects) {
    const env = await datasetEnv(dialect, `patients${PATIENTS}`);
    await ensurePatients(env, PATIENTS);
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
        rows.push({
          database: dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL 15',
          scenario: scenario.name,
          summary,
        });
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
      `Machine: ${machineLine()}. Target: p95 under 15 ms on SQLite.`,
      '',
      markdownTable(rows),
    ].join('\n'),
  );
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
