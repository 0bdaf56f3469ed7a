import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@odonto/domain/messages';
import { finished, listening, printed, startServer } from './processes';
import { closedPort } from './s3-server';

/** The real entry point, as `npm start` runs it: migrate, bootstrap the admin, listen, stop on SIGTERM. */
describe('the server as npm start runs it (dist/main.js)', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'odonto-main-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts on a fresh data dir with the bootstrap admin, serves the API, and stops cleanly on SIGTERM', async () => {
    const server = startServer({
      PORT: '0',
      HOST: '127.0.0.1',
      ODONTO_DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ODONTO_ADMIN_EMAIL: 'Admin@Clinica.test',
      ODONTO_ADMIN_PASSWORD: 'Parola-Admin-2026',
    });
    const output = finished(server);
    const url = await listening(server);

    expect(await (await fetch(`${url}/api/health`)).json()).toEqual({ ok: true });
    expect(await (await fetch(`${url}/api/setup`)).json()).toEqual({ needsSetup: false });
    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'odonto' },
      body: JSON.stringify({ email: 'admin@clinica.test', password: 'Parola-Admin-2026' }),
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toEqual({ name: 'Administrator', roles: ['admin'] });
    expect(login.headers.get('set-cookie')).toMatch(/^odonto_session=[^;]+; .*HttpOnly; SameSite=Strict/);
    expect((await fetch(`${url}/api/docs`)).status).toBe(200);

    server.kill('SIGTERM');
    const { code, stdout } = await output;
    expect(code).toBe(0);
    expect(stdout).toContain('database migrated');
    expect(stdout).toContain('first admin created from ODONTO_ADMIN_EMAIL');
    expect(stdout).toContain('shutting down');
  });

  it('starts when its bucket does not answer, warns naming the endpoint and the bucket, and is not ready', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    const server = startServer({
      PORT: '0',
      HOST: '127.0.0.1',
      ODONTO_DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ODONTO_S3_BUCKET: 'odonto-fisiere',
      ODONTO_S3_ENDPOINT: endpoint,
      ODONTO_S3_REGION: 'us-east-1',
      ODONTO_S3_FORCE_PATH_STYLE: 'true',
      ODONTO_S3_ACCESS_KEY_ID: 'cheie',
      ODONTO_S3_SECRET_ACCESS_KEY: 'secret',
    });
    const output = finished(server);
    // The bucket check's warning may come after the listening line (up to its 3 s on a loaded machine).
    const warned = printed(server, /answers 503 until it does/);
    const url = await listening(server);

    const ready = await fetch(`${url}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      error: { code: 'not_ready', message: MESSAGES.fileStorageUnreachable },
    });
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    await warned;

    server.kill('SIGTERM');
    const { code, stdout } = await output;
    expect(code).toBe(0);
    const warnings = stdout.split('\n').filter((line) => line.includes('answers 503 until it does'));
    expect(warnings).toHaveLength(1);
    // Refused at once; on a loaded machine the SDK's retries of the refusal can outlast the check's 3 s.
    expect(warnings[0]).toMatch(
      new RegExp(`the bucket odonto-fisiere at ${endpoint}: (ECONNREFUSED|did not answer within 3 s)`),
    );
    expect(warnings[0]).toContain('"level":40');
  });

  it('refuses to start with an invalid configuration, naming the variable', async () => {
    const { code, stderr } = await finished(startServer({ ODONTO_DATA_DIR: dataDir, PORT: 'port' }));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT');
  });
});

describe('one server per data dir', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'odonto-owner-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  const env = () => ({ PORT: '0', HOST: '127.0.0.1', ODONTO_DATA_DIR: dataDir, LOG_LEVEL: 'info' });

  it('refuses a second server on the same data dir, naming it and the owner, and never leaves a stale lock after kill -9', async () => {
    const first = startServer(env());
    const firstDone = finished(first);
    await listening(first);

    const second = await finished(startServer(env()));
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`Directorul de date ${dataDir} este folosit de o altă instanță Odonto`);
    expect(second.stderr).toContain(`(PID ${first.pid ?? 0})`);

    first.kill('SIGKILL');
    await firstDone;
    // The operating system dropped the lock with the process: the next start owns the data dir.
    const third = startServer(env());
    const thirdDone = finished(third);
    const url = await listening(third);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    third.kill('SIGTERM');
    expect((await thirdDone).code).toBe(0);
  });
});
