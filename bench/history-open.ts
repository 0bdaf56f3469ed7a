// A quick, focused measure of opening a patient with 300 history entries (GET /api/get-pacient/{id}, the
// call the web app makes to show a patient's history): the real server's build, one connection, requests
// one after another over HTTP, on SQLite. Prints each round's median; writes nothing to RESULTS.md.
// Run: node --import tsx bench/history-open.ts [--requests 400] [--rounds 5] [--entry path/to/main.js ...]
// [--without] (the patient without history: what opening any patient costs)
// With several --entry builds (a copy of an earlier build, say), their rounds alternate, so a before and
// an after are measured in the same minute on a shared machine.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEMO_USERS } from '../apps/server/src/scripts/demo-users';
import { datasetEnv } from './lib/dataset';
import { ensureHistory } from './lib/history';
import { ensureServerBuild, startBenchServer, type BenchServer } from './lib/server';
import { percentile } from './lib/stats';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '400' },
    rounds: { type: 'string', default: '5' },
    entry: { type: 'string', multiple: true },
    // The data set's patient without history instead: what opening any patient costs.
    without: { type: 'boolean', default: false },
  },
});
const REQUESTS = Number(values.requests);
const median = (samples: readonly number[]) => percentile(samples, 0.5);
const ROUNDS = Number(values.rounds);

interface Running extends BenchServer {
  entry: string;
}

async function start(entry: string, env: Record<string, string>): Promise<Running> {
  return { entry, ...(await startBenchServer(env, DEMO_USERS.medic, entry)) };
}

/** CPU milliseconds (user + system) the process has used so far, from /proc (Linux). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

/** Milliseconds of each of `count` calls, one after another. */
async function timeCalls(server: Running & { path: string }, count: number): Promise<number[]> {
  const { path } = server;
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
  const servers: (Running & { path: string })[] = [];
  try {
    // Each server on its own copy of the data set: a data directory serves one instance at a time.
    for (const [index, entry] of entries.entries()) {
      const env = await datasetEnv('sqlite', `history-open-${index}`);
      const ids = await ensureHistory(env, { patients: 1_000, entries: 300 });
      const id = values.without ? ids.without : ids.withHistory;
      servers.push({ ...(await start(entry, env)), path: `/api/get-pacient/${id}` });
    }
    for (const server of servers) await timeCalls(server, 100);
    const medians = new Map<string, number[]>(entries.map((entry) => [entry, []]));
    const cpus = new Map<string, number[]>(entries.map((entry) => [entry, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const server of servers) {
        const cpuBefore = cpuMs(server.pid);
        const value = median(await timeCalls(server, REQUESTS));
        const cpu = (cpuMs(server.pid) - cpuBefore) / REQUESTS;
        medians.get(server.entry)?.push(value);
        cpus.get(server.entry)?.push(cpu);
        console.log(
          `round ${round + 1} · ${server.entry}: median ${value.toFixed(2)} ms, server CPU ${cpu.toFixed(2)} ms a call`,
        );
      }
    }
    const shown = (values: readonly number[]) => values.map((v) => v.toFixed(2)).join(', ');
    for (const entry of entries) {
      const times = medians.get(entry) ?? [];
      const cpu = cpus.get(entry) ?? [];
      console.log(
        `${entry}: median of round medians ${median(times).toFixed(2)} ms (${shown(times)}); ` +
          `server CPU a call ${median(cpu).toFixed(2)} ms (${shown(cpu)})`,
      );
    }
  } finally {
    for (const server of servers) await server.stop();
  }
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
