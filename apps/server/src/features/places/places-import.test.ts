import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect, type TestApp } from '../../../test/build-test-app';
import { runScript } from '../../../test/processes';
import { BUILT_IN_REGISTER, loadBuiltInPlaces } from './places-builtin.service';
import { countPlacesByCounty, listCountyPlaces } from './places.queries';
import { importPlaces, lastImport } from './places.service';

const REPO_ROOT = resolve(import.meta.dirname, '../../../../..');
const FIXTURE = join(REPO_ROOT, 'packages/domain/src/__fixtures__/siruta-2025.csv');
const FIXTURE_2026 = join(REPO_ROOT, 'packages/domain/src/__fixtures__/siruta-2026.csv');
// Reference data outside the repository (DESIGN.md §7); absent on machines without it.
const REGISTER = resolve(REPO_ROOT, '../shared/data/siruta.csv');

function scriptEnv(t: TestApp): Record<string, string> {
  const { database } = t.config;
  return {
    ODONTO_DATA_DIR: t.dataDir,
    ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
  };
}

async function storedCount(t: TestApp): Promise<number> {
  return [...(await countPlacesByCounty(t.db)).values()].reduce((sum, n) => sum + n, 0);
}

describeEachDialect('SIRUTA import', ({ useApp }) => {
  const t = useApp();

  it('replaces the whole set on a second import and records it', async () => {
    const text = readFileSync(FIXTURE, 'utf8');
    const first = await importPlaces(t().db, t().dialect, text, { now: new Date('2026-03-01T10:00:00Z') });
    // The same register without București: its sectors must disappear, not linger from the first import.
    const withoutBucharest = text
      .split('\n')
      .filter((line) => !/;40;/.test(line))
      .join('\n');
    const second = await importPlaces(t().db, t().dialect, withoutBucharest, {
      now: new Date('2026-03-02T10:00:00Z'),
    });

    expect(second).toMatchObject({
      counties: 2,
      localities: 15,
      source: 'cli',
      importedAt: '2026-03-02T10:00:00.000Z',
    });
    expect(second.id).not.toBe(first.id);
    expect(await storedCount(t())).toBe(15);
    expect((await countPlacesByCounty(t().db)).get('B')).toBeUndefined();
    expect(await lastImport(t().db)).toEqual(second);
    if (t().dialect === 'postgres') {
      // The import ends with ANALYZE (decision 0044): the planner knows the new localities.
      const analysed = await sql<{ n: string }>`
        select count(*) as n from pg_stats where schemaname = current_schema() and tablename = 'places'`.execute(
        t().db,
      );
      expect(Number(analysed.rows[0]?.n)).toBeGreaterThan(0);
    }
  });

  it('runs from the command line: counts in Romanian; a bad file exits 1 and changes nothing', async () => {
    const done = await runScript('src/scripts/import-siruta.ts', [FIXTURE], scriptEnv(t()));
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toBe('Import SIRUTA reușit: 21 de localități în 3 județe.\n');

    const bad = join(t().dataDir, 'rau.csv');
    await writeFile(bad, 'SIRUTA;DENLOC;JUD;SIRSUP;TIP;NIV\n10;JUDEȚUL ALBA;1;1;40;unu\n');
    const refused = await runScript('src/scripts/import-siruta.ts', [bad], scriptEnv(t()));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Eroare: Linia 2: valoarea „unu” din coloana NIV nu este un număr.');
    expect(refused.stderr).toContain('Localitățile existente nu au fost modificate.');

    const missing = await runScript(
      'src/scripts/import-siruta.ts',
      [join(t().dataDir, 'nu-exista.csv')],
      scriptEnv(t()),
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('nu poate fi citit');
    expect(await storedCount(t())).toBe(21);
  });

  it('accepts a gzipped register and the 2026 layout (",", cedilla ş ţ, LAU): names stored with ș ț', async () => {
    // The 2026 fixture rewritten as INS's 2026 file is: comma-separated instead of ';'.
    const text2026 = readFileSync(FIXTURE_2026, 'utf8').replaceAll(';', ',');
    expect(text2026).toMatch(/^SIRUTA,DENLOC,CODP,JUD,SIRSUP,TIP,NIV,MED,REGIUNE,FSJ,NUTS,LAU\n/);
    expect(text2026).toContain('VALEA LUI ŞTEFAN'); // cedilla Ş, not comma-below Ș
    const file = join(t().dataDir, 'siruta_s1_2026.csv.gz');
    await writeFile(file, gzipSync(text2026));
    const done = await runScript('src/scripts/import-siruta.ts', [file], scriptEnv(t()));
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toBe('Import SIRUTA reușit: 21 de localități în 3 județe.\n');
    const alba = await listCountyPlaces(t().db, 'AB');
    expect(alba).toContainEqual({
      nume: 'Valea lui Ștefan',
      simplu: 'Valea lui Stefan',
      comuna: 'Piatra Alba',
    });
    expect(alba.filter((l) => /[şţŞŢ]/.test(l.nume))).toEqual([]);
  });

  it('loads the built-in register once into a database without localities (the first start)', async () => {
    const started = performance.now();
    const [first, racing] = await Promise.all([
      loadBuiltInPlaces(t().db, t().dialect, { now: new Date('2026-03-01T10:00:00Z') }),
      loadBuiltInPlaces(t().db, t().dialect),
    ]);
    const seconds = (performance.now() - started) / 1000;
    // Two servers starting on one new database: one loads, the other finds the localities there.
    const loaded = first ?? racing;
    expect([first, racing].filter((answer) => answer === null)).toHaveLength(1);
    expect(loaded).toMatchObject({ counties: 42, localities: 13_851, source: 'builtin', edition: '2025_S1' });
    expect(await storedCount(t())).toBe(13_851);
    expect(await lastImport(t().db)).toEqual(loaded);
    const audit = await t()
      .db.selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'places_import')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.details ?? '{}')).toMatchObject({ source: 'builtin', edition: '2025_S1' });
    expect(await loadBuiltInPlaces(t().db, t().dialect)).toBeNull();
    console.info(`built-in SIRUTA load [${t().dialect}]: ${seconds.toFixed(2)} s`);
    expect(BUILT_IN_REGISTER.file).toMatch(/reference-data\/siruta-2025-s1\.csv\.gz$/);
  });

  it('leaves an earlier import alone: a clinic that imported a newer edition keeps it', async () => {
    const imported = await importPlaces(t().db, t().dialect, readFileSync(FIXTURE, 'utf8'));
    expect(await loadBuiltInPlaces(t().db, t().dialect)).toBeNull();
    expect(await storedCount(t())).toBe(21);
    expect(await lastImport(t().db)).toEqual(imported);
  });

  it.skipIf(!existsSync(REGISTER))(
    'stores the real register: 42 counties, 13,851 localities, București 6',
    async () => {
      const started = performance.now();
      const imported = await importPlaces(t().db, t().dialect, readFileSync(REGISTER, 'utf8'));
      const seconds = (performance.now() - started) / 1000;
      expect(imported).toMatchObject({ counties: 42, localities: 13_851 });
      const counts = await countPlacesByCounty(t().db);
      expect(counts.size).toBe(42);
      expect(await storedCount(t())).toBe(13_851);
      expect(counts.get('B')).toBe(6);
      // Measured, not asserted (DESIGN.md §8): visible with --reporter=verbose when it matters.
      console.info(`SIRUTA import [${t().dialect}]: ${seconds.toFixed(2)} s`);
    },
  );
});
