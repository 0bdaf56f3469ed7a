import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SignatureRequestState } from '@odonto/domain/contracts/signatures';
import { connectDatabase } from '../src/db/connect';
import { eventReader, openStream } from '../src/features/signatures/signatures.test-support';
import { TEST_DIALECTS } from './build-test-app';
import { finished, listening, startServer, type Finished } from './processes';
import { insertPatientRow } from './stored-files';
import { adminQuery, databaseUrl } from './test-databases';

const ADMIN = { email: 'admin@clinica.test', password: 'Parola-Admin-2026' };

/**
 * The real entry point twice on one new PostgreSQL database, as two instances behind a load balancer:
 * they start together (one migrates), both become ready, a station on one sees a request made on the
 * other, and SIGTERM ends the station's stream and the process.
 */
describe.runIf(TEST_DIALECTS.includes('postgres'))(
  'several instances of the server (dist/main.js) on one PostgreSQL',
  () => {
    const cleanups: (() => Promise<unknown>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    async function startInstance(url: string) {
      const dataDir = await mkdtemp(join(tmpdir(), 'odonto-instance-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const server = startServer({
        PORT: '0',
        HOST: '127.0.0.1',
        ODONTO_DATA_DIR: dataDir,
        DATABASE_URL: url,
        LOG_LEVEL: 'info',
        ODONTO_ADMIN_EMAIL: ADMIN.email,
        ODONTO_ADMIN_PASSWORD: ADMIN.password,
      });
      const output = finished(server);
      cleanups.push(async () => {
        server.kill('SIGKILL');
        await output;
      });
      return { server, output, address: listening(server) };
    }

    it(
      'start together, migrate once, relay the station, drain on SIGTERM',
      { timeout: 180_000 },
      async () => {
        const database = `odonto_instances_${randomBytes(6).toString('hex')}`;
        await adminQuery(`create database ${database}`);
        cleanups.push(() => adminQuery(`drop database if exists ${database} with (force)`));
        const url = databaseUrl(database);

        const [a, b] = await Promise.all([startInstance(url), startInstance(url)]);
        const [urlA, urlB] = await Promise.all([a.address, b.address]);
        for (const base of [urlA, urlB]) {
          const ready = await fetch(`${base}/api/ready`);
          expect(ready.status).toBe(200);
          expect(await ready.json()).toEqual({ ok: true });
        }

        const login = await fetch(`${urlB}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'odonto' },
          body: JSON.stringify(ADMIN),
        });
        expect(login.status).toBe(200);
        const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
        const handle = await connectDatabase({ kind: 'postgres', url });
        const patientId = await insertPatientRow(handle.db).finally(() => handle.close());

        // The station is connected to A; the request is made on B with the session opened on B.
        const stream = await openStream(Number(new URL(urlA).port), cookie);
        expect(stream.statusCode).toBe(200);
        const events = eventReader(stream);
        expect(await events.nth(1)).toEqual({ request: null });
        const sentAt = performance.now();
        const created = await fetch(`${urlB}/api/signature-requests`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'odonto', cookie },
          body: JSON.stringify({ kind: 'consent', patientId }),
        });
        expect(created.status).toBe(201);
        const request = (await created.json()) as SignatureRequestState;
        await events.first((event) => event.request?.id === request.id);
        expect(performance.now() - sentAt).toBeLessThan(1000);

        // SIGTERM to A with the station's stream open: the stream ends, A drains and exits 0; B serves on.
        const streamEnded = new Promise<void>((resolve) => stream.on('end', resolve));
        const stopAsked = performance.now();
        a.server.kill('SIGTERM');
        const stoppedA: Finished = await a.output;
        await streamEnded;
        expect(stoppedA.code, stoppedA.stderr).toBe(0);
        expect(stoppedA.stdout).toContain('"msg":"stopped"');
        expect(performance.now() - stopAsked).toBeLessThan(10_000);
        expect((await fetch(`${urlB}/api/ready`)).status).toBe(200);
        b.server.kill('SIGTERM');
        const stoppedB = await b.output;
        expect(stoppedB.code, stoppedB.stderr).toBe(0);

        // Each instance logged its start; the database was migrated once, and one admin created.
        const logs = [stoppedA.stdout, stoppedB.stdout];
        expect(logs.filter((log) => log.includes('"msg":"database migrated"'))).toHaveLength(1);
        expect(
          logs.filter((log) => log.includes('first admin created from ODONTO_ADMIN_EMAIL')),
        ).toHaveLength(1);
      },
    );
  },
);
