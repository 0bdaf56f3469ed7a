import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unpackArchive } from '../src/features/backups/archive-reader';
import { PROJECT_ROOT } from '../src/server-dir';
import { finished, listening, startServer } from './processes';

const ADMIN = { email: 'admin@clinica.test', password: 'Parola-Admin-2026' };
const headers = { 'content-type': 'application/json', 'x-requested-with': 'odonto' };

/** `npm start`'s server: the build scripts/server-build.mjs makes, run with plain `node` (decision 0042). */
describe('the compiled server (apps/server/dist)', () => {
  let dataDir: string;
  let servers: ChildProcess[] = [];
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'odonto-compiled-'));
  });
  afterEach(async () => {
    // A failed test leaves no server behind.
    for (const server of servers)
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    servers = [];
    await rm(dataDir, { recursive: true, force: true });
  });

  // Built by the server project's global setup when a source is newer than the build, as `npm start` does.
  const start = (env: Record<string, string>) => {
    const server = startServer({ ODONTO_DATA_DIR: dataDir, ...env });
    servers.push(server);
    return server;
  };

  it('answers /api/health, reads the files it ships from their places, and stops on SIGTERM', async () => {
    const server = start({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      OUTBOX_WORKER: 'false',
      ODONTO_ADMIN_EMAIL: ADMIN.email,
      ODONTO_ADMIN_PASSWORD: ADMIN.password,
    });
    const output = finished(server);
    const url = await listening(server);
    expect(await (await fetch(`${url}/api/health`)).json()).toEqual({ ok: true });
    // The OpenAPI document, made from the routes' zod schemas by the bundled zod and type provider.
    const openApi = (await (await fetch(`${url}/api/docs/json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(openApi.paths)).toContain('/api/health');

    // A backup names the version in the project's package.json, found from the bundle's place.
    const login = await fetch(`${url}/api/login`, { method: 'POST', headers, body: JSON.stringify(ADMIN) });
    expect(login.status).toBe(200);
    const session = { ...headers, cookie: (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '' };
    const backups = join(dataDir, 'copii');
    await mkdir(backups);
    const current = (await (await fetch(`${url}/api/settings/backups`, { headers: session })).json()) as {
      schedule: { version: number };
    };
    const schedule = {
      version: current.schedule.version,
      enabled: false,
      time: '02:00',
      keep: 1,
      directory: backups,
    };
    const saved = await fetch(`${url}/api/settings/backups`, {
      method: 'PUT',
      headers: session,
      body: JSON.stringify(schedule),
    });
    expect(saved.status, await saved.text()).toBe(200);
    expect(
      (
        await fetch(`${url}/api/settings/backups/run`, {
          method: 'POST',
          headers: { 'x-requested-with': 'odonto', cookie: session.cookie },
        })
      ).status,
    ).toBe(202);
    // The archive is written under another name and renamed when whole.
    let archives: string[] = [];
    for (let tries = 0; tries < 300 && archives.length === 0; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      archives = readdirSync(backups).filter((name) => /^odonto-backup-.*\.tar\.gz$/.test(name));
    }
    const manifest = await unpackArchive(join(backups, archives[0] ?? 'none'), join(dataDir, 'unpacked'));
    const project = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(manifest.appVersion).toBe(project.version);

    server.kill('SIGTERM');
    const { code, stdout } = await output;
    expect(code).toBe(0);
    // The register ships in apps/server/reference-data, found from the bundle's place too.
    expect(stdout).toContain('built-in SIRUTA register loaded');
    expect(stdout).toContain('"msg":"stopped"');
  }, 180_000);

  it('names the TypeScript file and line in a stack trace', async () => {
    // A data dir that is a file: main.ts fails to create it and prints the error with its stack.
    const { code, stderr } = await finished(start({ ODONTO_DATA_DIR: join(PROJECT_ROOT, 'package.json') }));
    expect(code).toBe(1);
    expect(stderr).toMatch(/at main \(.*apps\/server\/src\/main\.ts:\d+:\d+\)/);
  }, 60_000);
});
