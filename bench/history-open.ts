// A quick, focused measure of opening a patient with 300 history entries (GET /api/get-pacient/{id}, the
// call the web app makes to show a patient's history): the real server's build, one connection, requests
// one after another over HTTP, on SQLite. Prints each round's median; writes nothing to RESULTS.md.
// Run: node --import tsx bench/history-open.ts [--requests 400] [--rounds 5] [--entry path/to/main.js ...]
// With several --entry builds (a copy of an earlier build, say), their rounds alternate, so a before and
// an after are measured in the same minute on a shared machine.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_USERS } from '../apps/server/src/scripts/demo-users';
import { datasetEnv } from './lib/dataset';
import { ensureHistory } from './lib/history';
import { ensureServerBuild, freePort, signIn } from './lib/server';
import { percentile } from './lib/stats';

const repoRoot = resolve(import.meta.dirname, '..');

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '400' },
    rounds: { type: 'string', default: '5' },
    entry: { type: 'string', multiple: true },
  },
});
const REQUESTS = Number(values.requests);
const median = (samples: readonly number[]) => percentile(samples, 0.5);
const ROUNDS = Number(values.rounds);

interface Running {
  entry: string;
  url: string;
  cookie: string;
  stop(): Promise<void>;
}

async function start(entry: string, env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: repoRoot,
    env: {
      MALLOC_ARENA_MAX: '2',
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${entry} did not start`);
    const healthy = await fetch(`${url}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    entry,
    url,
    cookie: await signIn(url, DEMO_USERS.medic),
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Milliseconds of each of `count` calls, one after another. */
async function timeCalls(server: Running, path: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const answer = await fetch(`${server.url}${path}`, {
      headers: { cookie: server.cookie, 'accept-encoding': 'identity' },
    });
    await answer.arrayBuffer();
    times.push(performance.now() - started);
    if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
  }
  return times;
}

async function run(): Promise<void> {
  const entries = values.entry?.length ? values.entry : ['apps/server/dist/main.js'];
  if (!values.entry?.length) ensureServerBuild();
  const env = await datasetEnv('sqlite', 'history300');
  const ids = await ensureHistory(env, { patients: 1_000, entries: 300 });
  const path = `/api/get-pacient/${ids.withHistory}`;
  const servers: Running[] = [];
  try {
    for (const entry of entries) servers.push(await start(entry, env));
    for (const server of servers) await timeCalls(server, path, 100);
    const medians = new Map<string, number[]>(entries.map((entry) => [entry, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const server of servers) {
        const value = median(await timeCalls(server, path, REQUESTS));
        medians.get(server.entry)?.push(value);
        console.log(`round ${round + 1} · ${server.entry}: median ${value.toFixed(2)} ms`);
      }
    }
    for (const [entry, values] of medians) {
      const shown = values.map((v) => v.toFixed(2)).join(', ');
      console.log(`${entry}: median of round medians ${median(values).toFixed(2)} ms (${shown})`);
    }
  } finally {
    for (const server of servers) await server.stop();
  }
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
