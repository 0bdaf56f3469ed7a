// A clinic's day under load: 50 staff sessions at once for 3 minutes, each a loop of what reception and
// the doctors do (list and search patients, open a patient with 100 entries, save a treatment with a
// picture, book and move appointments, the calendar week, the sterilisation register), against the real
// server on SQLite and (when a server answers at BENCH_POSTGRES_URL) PostgreSQL. Reports requests per
// second, p50/p95/p99 per call, errors, and the server's resident memory at the start and the end.
// Exits non-zero on any error answer or when the memory grew by more than half.
// Run: npm run bench -- load   (BENCH_SESSIONS, BENCH_SECONDS, BENCH_THINK_MS change the defaults)
import { loadavg } from 'node:os';
import { DEMO_USERS } from '../apps/server/src/scripts/demo-users';
import { benchDialects, datasetEnv, ensurePatients } from './lib/dataset';
import { clinicPhoto, ensureDemoClinic, residentMb } from './lib/clinic';
import { machineLine, writeSection } from './lib/results';
import { startBenchServer, signIn } from './lib/server';
import { percentile } from './lib/stats';
import { StaffSession, type CallName } from './lib/staff-session';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 180);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 30);
const PATIENTS = 10_000;
const ENTRIES = 100;
const MAX_MEMORY_GROWTH = 0.5;

interface DialectResult {
  dialect: string;
  seconds: number;
  latencies: Map<CallName, number[]>;
  errors: Map<CallName, string[]>;
  rssStartMb: number;
  rssEndMb: number;
  load: string;
}

/** The staff who sign in: the doctors, the assistant and the admin take turns (reception work included). */
const ACCOUNTS = [DEMO_USERS.medic, DEMO_USERS.medic2, DEMO_USERS.asistent, DEMO_USERS.admin];

async function runDialect(dialect: 'sqlite' | 'postgres', photo: Buffer): Promise<DialectResult> {
  const env = await datasetEnv(dialect, 'load');
  await ensureDemoClinic(env);
  await ensurePatients(env, PATIENTS);
  const server = await startBenchServer({ ...env, OUTBOX_WORKER: 'false' }, DEMO_USERS.medic);
  try {
    const fixture = await StaffSession.prepareFixture(server.url, server.cookie, ENTRIES, photo);
    const cookies: string[] = [];
    for (let i = 0; i < SESSIONS; i += 1)
      cookies.push(await signIn(server.url, ACCOUNTS[i % ACCOUNTS.length] ?? DEMO_USERS.medic));
    const sessions = cookies.map(
      (cookie, index) =>
        new StaffSession({ url: server.url, cookie, index, fixture, photo, thinkMs: THINK_MS }),
    );
    // The whole load for a while first, unrecorded: the memory at the start is the server's working set
    // under this load (caches, pools, upload buffers), so what grows after it is what would keep growing.
    const warmUpEnd = performance.now() + WARM_UP_SECONDS * 1000;
    await Promise.all(sessions.map((session) => session.warmUp(warmUpEnd)));
    const rssStartMb = residentMb(server.pid);
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    await Promise.all(sessions.map((session) => session.runUntil(deadline)));
    const seconds = (performance.now() - started) / 1000;
    const latencies = new Map<CallName, number[]>();
    const errors = new Map<CallName, string[]>();
    for (const session of sessions) {
      for (const [call, values] of session.latencies)
        latencies.set(call, [...(latencies.get(call) ?? []), ...values]);
      for (const [call, values] of session.errors) errors.set(call, [...(errors.get(call) ?? []), ...values]);
    }
    return {
      dialect: dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL 15',
      seconds,
      latencies,
      errors,
      rssStartMb,
      rssEndMb: residentMb(server.pid),
      load: loadavg()
        .map((value) => value.toFixed(1))
        .join(' / '),
    };
  } finally {
    await server.stop();
  }
}

function table(result: DialectResult): string[] {
  const rows = [...result.latencies.entries()].sort(([a], [b]) => a.localeCompare(b));
  const total = rows.reduce((sum, [, values]) => sum + values.length, 0);
  const errorCount = [...result.errors.values()].reduce((sum, values) => sum + values.length, 0);
  return [
    `### ${result.dialect}`,
    '',
    `${total} requests in ${result.seconds.toFixed(0)} s: **${(total / result.seconds).toFixed(0)} req/s**, ` +
      `**${errorCount} errors**. Server RSS ${result.rssStartMb} MB at the start, ${result.rssEndMb} MB at the end ` +
      `(${growthPercent(result)}). Load average at the end (1/5/15 min): ${result.load}.`,
    '',
    '| call | requests | p50 ms | p95 ms | p99 ms | errors |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      ([call, values]) =>
        `| ${call} | ${values.length} | ${percentile(values, 0.5).toFixed(1)} | ${percentile(values, 0.95).toFixed(1)} | ` +
        `${percentile(values, 0.99).toFixed(1)} | ${result.errors.get(call)?.length ?? 0} |`,
    ),
  ];
}

function growthPercent(result: DialectResult): string {
  const growth = (result.rssEndMb - result.rssStartMb) / result.rssStartMb;
  return `${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(0)} %`;
}

async function run(): Promise<void> {
  const photo = await clinicPhoto();
  const results: DialectResult[] = [];
  for (const dialect of await benchDialects()) results.push(await runDialect(dialect, photo));
  const body = [
    '## A clinic under load (`bench/load.ts`)',
    '',
    machineLine(),
    '',
    `${SESSIONS} staff sessions signed in at once (doctors, assistant, admin) for ${SECONDS} s against the real ` +
      `server (NODE_ENV=production), ${PATIENTS.toLocaleString('en')} patients plus the demo clinic. Each session ` +
      `loops: pick a call by weight, send it, wait 0–${THINK_MS} ms (a person reading the screen), again. ` +
      'The mix: patient list and searches, opening a patient with 100 entries and other patients, saving a ' +
      'treatment with a 1600×1200 JPEG picture, booking and moving appointments, the calendar week, the ' +
      'sterilisation register. An error is any answer that is not 2xx. RSS is read from /proc after ' +
      `${WARM_UP_SECONDS} s of the same load unrecorded (the working set under load) and after the last request.`,
    '',
    ...results.flatMap((result) => [...table(result), '']),
  ].join('\n');
  writeSection('load', body);
  console.log(body);
  let failed = false;
  for (const result of results) {
    for (const [call, messages] of result.errors) {
      if (messages.length === 0) continue;
      failed = true;
      console.error(`${result.dialect} ${call}: ${messages.length} errors, first: ${messages[0]}`);
    }
    if ((result.rssEndMb - result.rssStartMb) / result.rssStartMb > MAX_MEMORY_GROWTH) {
      failed = true;
      console.error(
        `${result.dialect}: memory grew ${growthPercent(result)} (limit +${MAX_MEMORY_GROWTH * 100} %)`,
      );
    }
  }
  if (failed) process.exit(1);
}

await run();
