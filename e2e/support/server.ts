import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Mailbox } from './mailbox';

const repoRoot = resolve(import.meta.dirname, '../..');
/** The server's build, run as `npm start` runs it (decision 0042); global-setup.ts builds it when stale. */
const SERVER_BUILD = resolve(repoRoot, 'apps/server/dist');
const nodeArgs = (entry: string) => ['--enable-source-maps', join(SERVER_BUILD, entry)];

/** Builds the server when its build is missing or older than its sources (scripts/server-build.mjs). */
export function ensureServerBuild(): void {
  const built = spawnSync(process.execPath, ['scripts/server-build.mjs'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`the server build failed: ${built.stderr || built.stdout}`);
}

export interface RunningApp {
  url: string;
  dataDir: string;
  mailbox: Mailbox;
  stop(): Promise<void>;
}

/** A port nothing listens on now (the system's pick, released at once). */
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

/**
 * Waits until `url` + `path` answers 200 (`/api/ready` once the database is migrated too), or fails when
 * `server` (the process behind `url`) exits first.
 */
export async function waitForHealth(
  url: string,
  server: ChildProcess,
  path: '/api/health' | '/api/ready' = '/api/health',
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const answer = await fetch(`${url}${path}`);
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`the server at ${url} did not answer within ${timeoutMs} ms`);
}

/** The environment of a real server on `dataDir`, at `port`, sending mail to `smtpPort`. */
function serverEnv(dataDir: string, port: number, smtpPort: number): NodeJS.ProcessEnv {
  const url = `http://127.0.0.1:${port}`;
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    ODONTO_DATA_DIR: dataDir,
    PUBLIC_URL: url,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Odonto <no-reply@odonto.test>',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SENTRY_DSN: '',
    // The outbox worker sends due SMS reminders to <data dir>/outbox/sms/ within a second; 48 hours ahead
    // makes a booking for tomorrow due at once, whatever the time of day the suite runs.
    OUTBOX_INTERVAL_SECONDS: '1',
    SMS_REMIND_HOURS: '48',
  };
}

/** The built server (`main.js`, what `npm start` runs) with `env` as its whole environment, its output piped. */
export function spawnServer(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, nodeArgs('main.js'), {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const PORT_ATTEMPTS = 3;

/**
 * Starts the built server on a port the system has just called free, its output passed on to the test's,
 * and waits until it answers. Between that pick and the server's listen another process can take the port:
 * seen in CI, where the other worker's first server took it and the run's first test failed with
 * EADDRINUSE. The server then starts again on another port.
 */
async function startOnFreePort(
  envAt: (port: number) => NodeJS.ProcessEnv,
): Promise<{ server: ChildProcess; url: string }> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = spawnServer(envAt(port));
    const outputClosed = new Promise((done) => server.once('close', done));
    let portTaken = false;
    server.stdout?.pipe(process.stdout);
    server.stderr?.on('data', (chunk: Buffer) => {
      if (!portTaken && chunk.includes('EADDRINUSE')) portTaken = true;
      process.stderr.write(chunk);
    });
    try {
      await waitForHealth(url, server);
      return { server, url };
    } catch (error) {
      const exited = server.exitCode !== null;
      // Its last words are read before they are judged.
      if (exited) await outputClosed;
      if (!exited || !portTaken || attempt === PORT_ATTEMPTS) throw error;
    }
  }
}

/** Fills `dataDir` with the demo clinic (`npm run demo`'s seed). */
export function seedDemo(dataDir: string): void {
  const seeded = spawnSync(process.execPath, nodeArgs('seed-demo.js'), {
    cwd: repoRoot,
    env: serverEnv(dataDir, 3000, 2525),
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`the demo seed failed: ${seeded.stderr || seeded.stdout}`);
}

/**
 * The demo data dir global-setup.ts seeded once for the whole run: a server of the demo clinic starts
 * on a copy of it instead of seeding again (the seed takes half a minute on a busy machine).
 */
export const DEMO_TEMPLATE_ENV = 'ODONTO_E2E_DEMO_TEMPLATE';

/**
 * Starts the real server (the same entry point as `npm start`) on a fresh data dir and a free port,
 * sending mail to a real SMTP server of the test's own. `seed: 'demo'` starts it on the demo clinic.
 */
export async function startApp({ seed }: { seed: 'none' | 'demo' }): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'odonto-e2e-'));
  const { mailbox, port: smtpPort } = await Mailbox.start();
  if (seed === 'demo') {
    const template = process.env[DEMO_TEMPLATE_ENV];
    if (template) cpSync(template, dataDir, { recursive: true });
    else seedDemo(dataDir);
  }
  const { server, url } = await startOnFreePort((port) => serverEnv(dataDir, port, smtpPort));
  return {
    url,
    dataDir,
    mailbox,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        server.kill('SIGTERM');
        await exited;
      }
      await mailbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
