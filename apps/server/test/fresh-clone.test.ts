import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CountyLocalitiesResponse, PlacesResponse } from '@odonto/domain/contracts/places';
import { searchLocalities } from '@odonto/domain/places';
import { BUILT_IN_REGISTER } from '../src/features/places/places-builtin.service';
import { finished, listening, SERVER_DIR, startServer } from './processes';
import { adminQuery, databaseUrl, testDataRoot } from './test-databases';

const REPO_ROOT = resolve(SERVER_DIR, '../..');
const ADMIN = { email: 'admin@clinica-noua.test', password: 'Parola-Admin-2026' };
const DIALECTS = process.env['TEST_DATABASE_URL'] ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

/** Every file under `dir` (recursively) whose name ends with `suffix`. */
function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, suffix);
    return path.endsWith(suffix) ? [path] : [];
  });
}

// Issue 19: a clinic installs from a clone of the repository alone; ../shared exists only next to CI's.
describe('a fresh clone: the register ships inside the repository', () => {
  it('keeps the built-in register in the repository, tracked by git, and no server code reads ../shared', () => {
    const file = relative(REPO_ROOT, BUILT_IN_REGISTER.file);
    expect(file).toBe('apps/server/reference-data/siruta-2025-s1.csv.gz');
    expect(() =>
      execFileSync('git', ['ls-files', '--error-unmatch', file], { cwd: REPO_ROOT, stdio: 'pipe' }),
    ).not.toThrow();
    const readers = filesUnder(join(SERVER_DIR, 'src'), '.ts')
      .filter((path) => !path.endsWith('.test.ts'))
      .filter((path) => readFileSync(path, 'utf8').includes('shared/data'));
    expect(readers.map((path) => relative(REPO_ROOT, path))).toEqual([]);
  });
});

describe.each(DIALECTS)('a fresh clone starts with every county and locality [%s]', (dialect) => {
  let dataDir: string;
  let database: string | null;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(testDataRoot(), 'odonto-fresh-'));
    database = dialect === 'postgres' ? `odonto_fresh_${randomBytes(6).toString('hex')}` : null;
    if (database) await adminQuery(`create database ${database}`);
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
    if (database) await adminQuery(`drop database if exists ${database} with (force)`);
  });

  function startFreshServer() {
    const server = startServer({
      PORT: '0',
      HOST: '127.0.0.1',
      ODONTO_DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ODONTO_ADMIN_EMAIL: ADMIN.email,
      ODONTO_ADMIN_PASSWORD: ADMIN.password,
      ...(database ? { DATABASE_URL: databaseUrl(database) } : {}),
    });
    return { server, output: finished(server) };
  }

  it('finds 42 counties, Pitești by "Pitesti", and saves a patient with a locality; a restart loads nothing', async () => {
    const first = startFreshServer();
    const url = await listening(first.server);
    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'odonto' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const headers = {
      cookie: (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
      'x-requested-with': 'odonto',
    };
    const get = async <T>(path: string): Promise<T> => {
      const answer = await fetch(`${url}${path}`, { headers });
      expect(answer.status, path).toBe(200);
      return (await answer.json()) as T;
    };

    const places = await get<PlacesResponse>('/api/places');
    expect(places.judete).toHaveLength(42);
    expect(places.judete.filter((county) => county.localitati === 0)).toEqual([]);
    expect(places.judete.reduce((sum, county) => sum + county.localitati, 0)).toBe(13_851);

    const arges = await get<CountyLocalitiesResponse>('/api/places/AG');
    expect(searchLocalities(arges.localitati, 'Pitesti')[0]).toEqual({ nume: 'Pitești', simplu: 'Pitesti' });
    const valcea = await get<CountyLocalitiesResponse>('/api/places/VL');
    expect(searchLocalities(valcea.localitati, 'ramnicu valcea')[0]?.nume).toBe('Râmnicu Vâlcea');

    const saved = await fetch(`${url}/api/save-pacient`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        nume: 'Ionescu',
        prenume: 'Maria',
        telefon: '0722123456',
        tara: 'România',
        judet: 'Argeș',
        oras: 'Pitești',
      }),
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    expect(await saved.json()).toMatchObject({ judet: 'Argeș', oras: 'Pitești' });
    const listed = await get<{ pacienti: { nume: string }[] }>('/api/pacienti?judet=Arges&oras=pitesti');
    expect(listed.pacienti.map((patient) => patient.nume)).toEqual(['Ionescu']);

    first.server.kill('SIGTERM');
    const firstRun = await first.output;
    expect(firstRun.code).toBe(0);
    const loaded = /"ms":(\d+).*built-in SIRUTA register loaded/.exec(firstRun.stdout);
    expect(loaded, firstRun.stdout).not.toBeNull();
    // Measured, not asserted (DESIGN.md §8): visible with --reporter=verbose.
    console.info(`first-start SIRUTA load [${dialect}]: ${loaded?.[1] ?? '?'} ms`);

    const second = startFreshServer();
    const secondUrl = await listening(second.server);
    // Answering also means the signal handlers, installed after listen(), are in place.
    expect((await fetch(`${secondUrl}/api/health`)).status).toBe(200);
    second.server.kill('SIGTERM');
    const secondRun = await second.output;
    expect(secondRun.code).toBe(0);
    expect(secondRun.stdout).not.toContain('built-in SIRUTA register loaded');
  });
});
