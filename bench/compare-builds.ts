// Two builds of the server on the hot calls, measured in turns on copies of the same data set (issue 20):
// a change's gain, read on one machine in one run, so that other work on the machine weighs on both alike.
//   npm run build && cp -r apps/server/dist apps/server/dist-before    (on the commit to compare against;
//   its migrations must be those of the data set, or it refuses to start), then on the change:
//   node --import tsx bench/compare-builds.ts --before apps/server/dist-before [--rounds 3] [--requests 600]
//     [--engine sqlite|postgres] [--connections 10]
// 20,000 patients, one connection (or --connections); SQLite (each build on its own copy of the data set) or PostgreSQL (both
// builds on the same database, as instances of a clinic group are, each with its own data dir). Prints a
// table (median of the rounds' medians, and of their p95s, ms); writes nothing.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { DEMO_USERS } from '../apps/server/src/scripts/demo-users';
import { datasetEnv } from './lib/dataset';
import { ensureHistory } from './lib/history';
import { measure } from './lib/load';
import { machineLine } from './lib/results';
import { startBenchServer, type BenchServer } from './lib/server';

const args = process.argv.slice(2);
const option = (name: string, fallback?: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
};
const beforeDir = option('--before');
const ROUNDS = Number(option('--rounds', '3'));
const REQUESTS = Number(option('--requests', '600'));
const PATIENTS = 20_000;
const ENGINE = option('--engine', 'sqlite');
const CONNECTIONS = Number(option('--connections', '1'));

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function run(): Promise<void> {
  if (!beforeDir || !existsSync(join(beforeDir, 'main.js'))) {
    throw new Error('--before <a copy of apps/server/dist built on the commit to compare against>');
  }
  if (ENGINE !== 'sqlite' && ENGINE !== 'postgres') throw new Error('--engine sqlite or postgres');
  const env = await datasetEnv(ENGINE, `patients${PATIENTS}`);
  const ids = await ensureHistory(env, { patients: PATIENTS, entries: 300 });
  // The data dir has one owner at a time: the earlier build runs on a copy of it.
  const dataDir = env['ODONTO_DATA_DIR'] ?? '';
  const copyDir = `${dataDir}-before`;
  rmSync(copyDir, { recursive: true, force: true });
  cpSync(dataDir, copyDir, { recursive: true });
  rmSync(join(copyDir, 'odonto.lock'), { force: true });
  const calls = [
    ['first page', '/api/pacienti?page=1'],
    ['filter `judet`', '/api/pacienti?judet=Cluj'],
    [
      'filter medic + igienizare',
      `/api/pacienti?medic=${encodeURIComponent(DEMO_USERS.medic.nume)}&igienizare=true`,
    ],
    ['filter creation date range', '/api/pacienti?from=2025-03-01&to=2025-03-28'],
    ['search, 3 letters', '/api/pacienti?q=pop'],
    ['search, 6 letters', '/api/pacienti?q=popesc'],
    ['open a patient (no history)', `/api/get-pacient/${ids.without}`],
    ['open a patient (300 entries)', `/api/get-pacient/${ids.withHistory}`],
  ] as const;
  console.log(
    `compare-builds: ${ENGINE}, ${CONNECTIONS} connection(s); ${machineLine()}; load average ${loadavg()[0]?.toFixed(2)}`,
  );
  const before = await startBenchServer(
    { ...env, ODONTO_DATA_DIR: copyDir },
    DEMO_USERS.medic,
    resolve(beforeDir, 'main.js'),
  );
  const after = await startBenchServer(env, DEMO_USERS.medic);
  const servers: [string, BenchServer][] = [
    ['before', before],
    ['after', after],
  ];
  const medians = new Map<string, number[]>();
  const p95s = new Map<string, number[]>();
  try {
    const once = (server: BenchServer, path: string, requests: number) =>
      measure({ url: server.url, paths: [path], cookie: server.cookie, connections: CONNECTIONS, requests });
    for (const [, server] of servers) for (const [, path] of calls) await once(server, path, 300);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, path] of calls) {
        for (const [build, server] of servers) {
          const result = await once(server, path, REQUESTS);
          if (result.errors > 0) throw new Error(`${build} ${path}: ${result.errors} errors`);
          const key = `${build} ${name}`;
          medians.set(key, [...(medians.get(key) ?? []), result.medianMs]);
          p95s.set(key, [...(p95s.get(key) ?? []), result.p95Ms]);
        }
      }
    }
  } finally {
    await before.stop();
    await after.stop();
    rmSync(copyDir, { recursive: true, force: true });
  }
  console.log(
    '| call | median before | median after | after ÷ before | p95 before | p95 after | after ÷ before |\n' +
      '|---|---:|---:|---:|---:|---:|---:|',
  );
  for (const [name] of calls) {
    const cells = [medians, p95s].flatMap((byKey) => {
      const was = median(byKey.get(`before ${name}`) ?? []);
      const is = median(byKey.get(`after ${name}`) ?? []);
      return [was.toFixed(3), is.toFixed(3), (is / was).toFixed(2)];
    });
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }
  console.log(`compare-builds: load average ${loadavg()[0]?.toFixed(2)} at the end`);
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
