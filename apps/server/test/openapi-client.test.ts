// The published OpenAPI document against the routes: Redocly's recommended rules find no error in it, and a
// typed client generated from it by openapi-typescript compiles and makes a real call to the server.
import { spawnSync } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintOpenApi } from '../src/scripts/openapi-document';
import { buildTestApp, type TestApp } from './build-test-app';
import { createUser } from './factories';
import { loginAs } from './http';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './paths';

/** Page 1 of the patient list found by 'Pop', through the generated types. */
export async function patientsNamed(baseUrl: string, cookie: string) {
  const client = createClient<paths>({ baseUrl, headers: { cookie } });
  const { data, response } = await client.GET('/api/pacienti', { params: { query: { q: 'Pop', page: 1 } } });
  const names: string[] = data ? data.pacienti.map((patient) => patient.nume + ' ' + patient.prenume) : [];
  const total: number | undefined = data?.total;
  return { status: response.status, names, total };
}
`;

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: Document;
  beforeAll(async () => {
    t = await buildTestApp();
    document = (await t.app.inject({ url: '/api/docs/json' })).json<Document>();
  });
  afterAll(async () => {
    await t.close();
  });

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${path}`,
        operation,
      })),
    );

  it('has no error under Redocly’s recommended rules', async () => {
    const errors = (await lintOpenApi(document)).filter((problem) => problem.severity === 'error');
    expect(errors.map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer ?? ''}`)).toEqual([]);
  });

  it('names every operation once, and says what security it needs', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const byName = new Map(operations().map(({ name, operation }) => [name, operation]));
    expect(byName.get('GET /api/pacienti')?.security).toEqual([{ session: [] }]);
    expect(byName.get('POST /api/save-pacient')?.security).toEqual([{ session: [], csrf: [] }]);
    expect(byName.get('GET /api/delete-pacient/{id}')?.security).toEqual([{ session: [], csrf: [] }]);
    expect(byName.get('POST /api/login')?.security).toEqual([{ csrf: [] }]);
    expect(byName.get('GET /api/health')?.security).toEqual([]);
    expect(byName.get('GET /api/ready')?.security).toEqual([]);
    // A public operation that documents 401 is a guard not marked with signedInHook, or a sign-in step.
    const publicWith401 = operations().filter(
      ({ operation }) =>
        !operation.security?.some((requirement) => 'session' in requirement) && operation.responses['401'],
    );
    expect(publicWith401.map(({ name }) => name)).toEqual([
      'POST /api/login',
      'POST /api/login/two-factor',
      'POST /api/login/two-factor/setup',
    ]);
  });

  it(
    'generates a typed client that compiles and reads the patient list from the server',
    { timeout: 180_000 },
    async () => {
      const dir = resolve(import.meta.dirname, '../../../.test-output', `openapi-client-${process.pid}`);
      await mkdir(dir, { recursive: true });
      try {
        const types = astToString(await openapiTS(document as unknown as Parameters<typeof openapiTS>[0]));
        await writeFile(join(dir, 'paths.ts'), types);
        await writeFile(join(dir, 'client.ts'), CLIENT);
        const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
        const compiled = spawnSync(
          process.execPath,
          [
            tsc,
            '--noEmit',
            '--strict',
            '--skipLibCheck',
            '--target',
            'es2022',
            '--module',
            'esnext',
            '--moduleResolution',
            'bundler',
            '--types',
            'node',
            join(dir, 'client.ts'),
          ],
          { encoding: 'utf8' },
        );
        expect(compiled.stdout + compiled.stderr).toBe('');
        expect(compiled.status).toBe(0);

        const user = await createUser(t.db, { roles: ['medic'] });
        const cookie = await loginAs(t.app, user.email, user.password);
        for (const [nume, prenume] of [
          ['Popescu', 'Ana'],
          ['Ionescu', 'Dan'],
        ]) {
          const saved = await t.app.inject({
            method: 'POST',
            url: '/api/save-pacient',
            headers: { cookie, 'x-requested-with': 'odonto' },
            payload: { nume, prenume, telefon: '0722123456' },
          });
          expect(saved.statusCode, saved.body).toBe(201);
        }
        const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
        const client = (await import(pathToFileURL(join(dir, 'client.ts')).href)) as {
          patientsNamed(
            baseUrl: string,
            cookie: string,
          ): Promise<{ status: number; names: string[]; total: number }>;
        };
        expect(await client.patientsNamed(address, cookie)).toEqual({
          status: 200,
          names: ['Popescu Ana'],
          total: 1,
        });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
