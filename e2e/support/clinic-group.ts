import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { freePort, spawnServer, waitForHealth } from './server';

const repoRoot = resolve(import.meta.dirname, '../..');

/** Debian's nginx (`apt-get install nginx`; .ci/run installs it). */
export const NGINX = process.env['NGINX_PATH'] ?? '/usr/sbin/nginx';
/** The proxy settings the README's clinic group uses: this test runs nginx with the same file. */
export const NGINX_PROXY_CONF = resolve(repoRoot, 'deploy/nginx/odonto-proxy.conf');
/** Names the instance that answered ($upstream_addr), so a test sees round robin at work. */
export const UPSTREAM_HEADER = 'x-odonto-upstream';

/** The group's first admin, created by whichever instance finishes migrating first. */
export const GROUP_ADMIN = {
  email: 'admin@grup-clinici.test',
  password: 'Parola-Grup-2026',
  landing: '/pacienti',
} as const;

/** Why the clinic-group test cannot run here, or null when it can. */
export function missingForClinicGroup(): string | null {
  if (!process.env['TEST_DATABASE_URL']) {
    return 'TEST_DATABASE_URL is not set: several instances share one PostgreSQL database';
  }
  if (!existsSync(NGINX)) return `nginx is not installed (${NGINX}; apt-get install nginx)`;
  return null;
}

/** A process of the group, with what it printed. */
export interface GroupProcess {
  /** host:port, as nginx's $upstream_addr names it (the instances) or where it listens (nginx). */
  address: string;
  url: string;
  output(): string;
  /** Sends SIGTERM and answers the exit code; fails when the process has not exited within 15 s. */
  stop(): Promise<number | null>;
}

export interface ClinicGroup {
  /** nginx, the group's PUBLIC_URL. */
  nginx: GroupProcess;
  instances: readonly [GroupProcess, GroupProcess];
  /** The data dir both instances share, as a shared volume would be. */
  dataDir: string;
  /** Kills whatever still runs, drops the database and removes the temporary dirs. */
  dispose(): Promise<void>;
}

function watch(child: ChildProcess, address: string, ownGroup = false): GroupProcess & { kill(): void } {
  let printed = '';
  const collect = (chunk: Buffer) => (printed += chunk.toString());
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  return {
    address,
    url: `http://${address}`,
    output: () => printed,
    async stop() {
      if (isRunning()) child.kill('SIGTERM');
      const timeout = new Promise<never>((_, fail) =>
        setTimeout(() => fail(new Error(`${address} did not exit within 15 s of SIGTERM`)), 15_000).unref(),
      );
      return Promise.race([exited, timeout]);
    },
    kill() {
      if (!isRunning() || child.pid === undefined) return;
      // nginx runs in a process group of its own: its workers go with it.
      if (ownGroup) process.kill(-child.pid, 'SIGKILL');
      else child.kill('SIGKILL');
    },
  };
}

/** Runs one statement on TEST_DATABASE_URL's database (creating and dropping the group's database). */
async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env['TEST_DATABASE_URL'] });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * nginx's own configuration for the test: in the foreground, unprivileged, everything it writes under
 * `dir`, the group's `upstream odonto` (round robin, nginx's default) and a `server` that includes the
 * README's proxy settings and names the instance that answered.
 */
function nginxConf(dir: string, port: number, upstreams: readonly string[]): string {
  const at = (name: string) => `"${join(dir, name)}"`;
  return `daemon off;
worker_processes 1;
pid ${at('nginx.pid')};
error_log ${at('error.log')} warn;
events { worker_connections 256; }
http {
  access_log ${at('access.log')};
  client_body_temp_path ${at('client_body')};
  proxy_temp_path ${at('proxy')};
  fastcgi_temp_path ${at('fastcgi')};
  uwsgi_temp_path ${at('uwsgi')};
  scgi_temp_path ${at('scgi')};
  upstream odonto {
${upstreams.map((address) => `    server ${address} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    add_header X-Odonto-Upstream $upstream_addr always;
    include "${NGINX_PROXY_CONF}";
  }
}
`;
}

/**
 * A clinic group as README "Deploying a clinic group" sets it up: a new PostgreSQL database, two
 * instances of the built server on it (the same secret key, one shared data dir, a first admin from
 * ODONTO_ADMIN_EMAIL) and nginx in front of both, its address the group's PUBLIC_URL. Resolves once
 * each instance and nginx answer /api/ready.
 */
export async function startClinicGroup(): Promise<ClinicGroup> {
  const database = `odonto_e2e_group_${randomBytes(6).toString('hex')}`;
  const databaseUrl = new URL(process.env['TEST_DATABASE_URL'] ?? '');
  databaseUrl.pathname = `/${database}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'odonto-e2e-group-'));
  const nginxDir = mkdtempSync(join(tmpdir(), 'odonto-e2e-nginx-'));
  // nginx started as root runs its worker as `nobody`, which must reach the temp paths under this dir.
  chmodSync(nginxDir, 0o755);
  const started: (GroupProcess & { kill(): void })[] = [];
  const dispose = async () => {
    // Whatever a failed test left running gets SIGTERM first, and SIGKILL only if it does not exit.
    await Promise.all(
      started.map((child) =>
        child.stop().catch(async () => {
          child.kill();
          await child.stop().catch(() => null);
        }),
      ),
    );
    await adminQuery(`drop database if exists ${database} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(nginxDir, { recursive: true, force: true });
  };

  try {
    await adminQuery(`create database ${database}`);
    const [nginxPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
    const publicUrl = `http://127.0.0.1:${nginxPort}`;
    const secretKey = randomBytes(32).toString('hex');
    const addresses = [portA, portB].map((port) => `127.0.0.1:${port}`);
    const instances = addresses.map((address, index) => {
      const child = spawnServer({
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String([portA, portB][index]),
        DATABASE_URL: databaseUrl.toString(),
        ODONTO_DATA_DIR: dataDir,
        ODONTO_SECRET_KEY: secretKey,
        ODONTO_ADMIN_EMAIL: GROUP_ADMIN.email,
        ODONTO_ADMIN_PASSWORD: GROUP_ADMIN.password,
        PUBLIC_URL: publicUrl,
        // The signature stations of the test open each instance at its own address.
        ALLOWED_ORIGINS: addresses.map((other) => `http://${other}`).join(','),
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'info',
        SMTP_URL: '',
        SENTRY_DSN: '',
      });
      const instance = watch(child, address);
      started.push(instance);
      return { child, instance };
    });
    // Started together: one migrates while the other waits for it (decision 0045).
    await Promise.all(
      instances.map(({ child, instance }) =>
        waitForHealth(instance.url, child, '/api/ready').catch((error: unknown) => {
          throw new Error(
            `the instance at ${instance.address} is not ready: ${String(error)}\n${instance.output()}`,
          );
        }),
      ),
    );

    const conf = join(nginxDir, 'nginx.conf');
    writeFileSync(conf, nginxConf(nginxDir, nginxPort, addresses));
    const nginxChild = spawn(NGINX, ['-p', `${nginxDir}/`, '-c', conf, '-e', join(nginxDir, 'error.log')], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const nginx = watch(nginxChild, `127.0.0.1:${nginxPort}`, true);
    started.push(nginx);
    await waitForHealth(publicUrl, nginxChild, '/api/ready', 15_000).catch((error: unknown) => {
      const log = join(nginxDir, 'error.log');
      const logged = existsSync(log) ? readFileSync(log, 'utf8') : '';
      throw new Error(`nginx did not answer: ${String(error)}\n${nginx.output()}${logged}`);
    });
    const [a, b] = instances;
    if (!a || !b) throw new Error('two instances expected');
    return { nginx, instances: [a.instance, b.instance], dataDir, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
