import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { freePort } from './server';
import { percentile } from './stats';

const repoRoot = resolve(import.meta.dirname, '../..');

/** A way of starting the server: the command, run in the project's root (or `cwd`). */
export interface StartCommand {
  name: string;
  command: string;
  args: string[];
  cwd?: string;
}

export interface RestartTimes {
  name: string;
  samples: number[];
  medianMs: number;
  p95Ms: number;
  /** CPU time (user + system, every process of the start) until the first answer: the median, in ms. */
  cpuMedianMs: number;
}

interface ProcessTimes {
  parent: number;
  cpuMs: number;
}

/** From /proc/<pid>/stat: the parent, and the CPU time of the process and of its children it waited for. */
function processTimes(pid: string): ProcessTimes | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const ticks = (fields[11] ?? 0) + (fields[12] ?? 0) + (fields[13] ?? 0) + (fields[14] ?? 0);
    return { parent: fields[1] ?? 0, cpuMs: ticks * 10 }; // USER_HZ is 100 on Linux
  } catch {
    return null; // gone meanwhile
  }
}

/** CPU time used so far by `root` and every process below it, in ms. */
function treeCpuMs(root: number): number {
  const all = new Map<number, ProcessTimes>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const times = processTimes(pid);
    if (times) all.set(Number(pid), times);
  }
  let total = 0;
  const below = [root];
  while (below.length > 0) {
    const pid = below.pop() ?? 0;
    total += all.get(pid)?.cpuMs ?? 0;
    for (const [child, times] of all) if (times.parent === pid) below.push(child);
  }
  return total;
}

/** Builds the web app and the server when stale, as `npm start` would, so that every start timed is a restart. */
export function ensureBuilds(): void {
  for (const script of ['scripts/web-build.mjs', 'scripts/server-build.mjs']) {
    const built = spawnSync(process.execPath, [script], { cwd: repoRoot, stdio: 'inherit' });
    if (built.status !== 0) throw new Error(`${script} failed`);
  }
}

/** Polls /api/health every few ms: answers the time of the first 200, or fails when the process exits. */
async function firstHealthy(url: string, exited: () => boolean): Promise<number> {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    if (exited()) throw new Error('the server exited before answering');
    try {
      if ((await fetch(`${url}/api/health`)).ok) return performance.now();
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('the server did not answer within 60 s');
}

/**
 * One start on an existing data set: ms from the spawn to the first 200 of /api/health, and the CPU its
 * processes used until then; then a clean stop.
 */
async function timeOneStart(
  start: StartCommand,
  env: Record<string, string>,
): Promise<{ ms: number; cpuMs: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(start.command, start.args, {
    cwd: start.cwd ?? repoRoot,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    // A process group of its own, stopped as a whole (SIGTERM to the group). Every process started,
    // the server included, holds the output pipes: they close when the last one has exited.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stdout.resume();
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const closed = new Promise((r) => child.once('close', r));
  try {
    const ms = (await firstHealthy(`http://127.0.0.1:${port}`, () => child.exitCode !== null)) - started;
    return { ms, cpuMs: treeCpuMs(child.pid ?? 0) };
  } catch (error) {
    throw new Error(`${start.name}: ${String(error)}\n${stderr}`);
  } finally {
    if (child.exitCode === null) process.kill(-(child.pid ?? 0), 'SIGTERM');
    await closed;
  }
}

/**
 * `runs` starts with each command (after one that is not counted), taken in turn so that the machine's load
 * falls on them alike; `onStart` is called after each.
 */
export async function measureRestarts(
  starts: readonly StartCommand[],
  env: Record<string, string>,
  runs: number,
  onStart: () => void = () => {},
): Promise<RestartTimes[]> {
  const samples = new Map(starts.map((start) => [start.name, [] as { ms: number; cpuMs: number }[]]));
  for (const start of starts) await timeOneStart(start, env);
  for (let run = 0; run < runs; run += 1) {
    for (const start of starts) {
      samples.get(start.name)?.push(await timeOneStart(start, env));
      onStart();
    }
  }
  return starts.map(({ name }) => {
    const times = (samples.get(name) ?? []).map((sample) => sample.ms);
    const cpu = (samples.get(name) ?? []).map((sample) => sample.cpuMs);
    return {
      name,
      samples: times,
      medianMs: percentile(times, 0.5),
      p95Ms: percentile(times, 0.95),
      cpuMedianMs: percentile(cpu, 0.5),
    };
  });
}
