import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../..');
const DEFAULT_ENTRY = 'apps/server/dist/main.js';

export interface BenchServer {
  url: string;
  cookie: string;
  /** The server process, e.g. to read its memory from /proc. */
  pid: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start');
}

/** Builds the server when its build is older than its sources, as `npm start` does (scripts/server-build.mjs). */
export function ensureServerBuild(): void {
  const built = spawnSync(process.execPath, ['scripts/server-build.mjs'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the server build failed');
}

/**
 * Starts the real server (its build, as `npm start` runs it, with its MALLOC_ARENA_MAX) on a data set and
 * signs in as `email`. A variable given as undefined is left out of the server's environment.
 */
export async function startBenchServer(
  env: Record<string, string | undefined>,
  credentials: { email: string; password: string },
  /** Another build of the server to run (a copy of an earlier one, say); it is then not rebuilt. */
  entry = DEFAULT_ENTRY,
): Promise<BenchServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const serverEnv: NodeJS.ProcessEnv = {
    MALLOC_ARENA_MAX: '2',
    ...process.env,
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
  for (const [name, value] of Object.entries(serverEnv)) if (value === undefined) delete serverEnv[name];
  if (entry === DEFAULT_ENTRY) ensureServerBuild();
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_CPU_PROF] : []),
      '--enable-source-maps',
      entry,
    ],
    {
      cwd: repoRoot,
      env: serverEnv,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  await waitForHealth(url, child);
  return {
    url,
    cookie: await signIn(url, credentials),
    pid: child.pid ?? 0,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Signs in as `credentials` and answers the session cookie (`name=value`). */
export async function signIn(url: string, credentials: { email: string; password: string }): Promise<string> {
  const answer = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'odonto' },
    body: JSON.stringify({ email: credentials.email, password: credentials.password }),
  });
  if (!answer.ok) throw new Error(`sign-in failed: ${answer.status}`);
  return (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}
