import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { extract as tarExtract, pack as tarPack } from 'tar-stream';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { runScript } from './processes';
import { testDataRoot } from './test-databases';

const UNTOUCHED = 'Baza de date actuală nu a fost atinsă.';

/** The entries of a .tar.gz, in order, as name → bytes. */
async function readEntries(archive: string): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  const extractor = tarExtract();
  const done = pipeline(Readable.from(gunzipSync(readFileSync(archive))), extractor);
  for await (const entry of extractor) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.set(entry.header.name, Buffer.concat(chunks));
  }
  await done;
  return entries;
}

async function writeEntries(archive: string, entries: Map<string, Buffer>): Promise<void> {
  const packer = tarPack();
  for (const [name, data] of entries) packer.entry({ name, size: data.length }, data);
  packer.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of packer) chunks.push(chunk as Buffer);
  writeFileSync(archive, gzipSync(Buffer.concat(chunks)));
}

/** `npm run restore -- <archive>` refuses, leaving the target as it was, whatever is wrong. */
describe('npm run restore of an archive: refusals', { timeout: 90_000 }, () => {
  let workDir: string;
  let sourceDir: string;
  let targetDir: string;
  let archive: string;
  const env = (dataDir: string) => ({ ODONTO_DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const restore = (file: string, dataDir: string, ...flags: string[]) =>
    runScript('src/scripts/restore.ts', [file, ...flags], env(dataDir));
  const stored = Buffer.from('radiografie');

  beforeEach(async () => {
    workDir = await mkdtemp(join(testDataRoot(), 'odonto-restore-archive-'));
    sourceDir = join(workDir, 'source');
    targetDir = join(workDir, 'target');
    await mkdir(join(sourceDir, 'files', 'ab'), { recursive: true });
    copyFileSync(inject('sqliteTemplate'), join(sourceDir, 'odonto.sqlite'));
    writeFileSync(join(sourceDir, 'files', 'ab', 'ab01'), stored);
    archive = join(workDir, 'copie.tar.gz');
    const made = await runScript('src/scripts/backup.ts', [archive], env(sourceDir));
    expect(made.code, made.stderr).toBe(0);
  });
  afterEach(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  const listing = (dir: string) =>
    existsSync(dir)
      ? readdirSync(dir, { recursive: true })
          .map(String)
          .filter((name) => name !== 'odonto.lock')
          .sort()
      : [];

  it('restores into an empty data dir: database, files by checksum', async () => {
    const done = await restore(archive, targetDir);
    expect(done.code, done.stderr).toBe(0);
    expect(readFileSync(join(targetDir, 'files', 'ab', 'ab01'))).toEqual(stored);
    expect(existsSync(join(targetDir, 'odonto.sqlite'))).toBe(true);
    expect(listing(targetDir).filter((name) => name.startsWith('.restore'))).toEqual([]);
  });

  it('refuses a data dir that is not empty unless --force, which moves what was there aside', async () => {
    const before = listing(sourceDir);
    const refused = await restore(archive, sourceDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('ținta nu este goală');
    expect(refused.stderr).toContain('--force');
    expect(refused.stderr).toContain(UNTOUCHED);
    expect(listing(sourceDir)).toEqual(before);

    const forced = await restore(archive, sourceDir, '--force');
    expect(forced.code, forced.stderr).toBe(0);
    const names = readdirSync(sourceDir);
    expect(names.some((name) => name.startsWith('odonto.sqlite.before-restore-'))).toBe(true);
    expect(names.some((name) => name.startsWith('files.before-restore-'))).toBe(true);
    expect(readFileSync(join(sourceDir, 'files', 'ab', 'ab01'))).toEqual(stored);
  });

  it('refuses an archive whose file does not match its checksum', async () => {
    const entries = await readEntries(archive);
    entries.set('files/ab/ab01', Buffer.from('radiografiE'));
    await writeEntries(archive, entries);
    const refused = await restore(archive, targetDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('nu corespunde manifestului');
    expect(refused.stderr).toContain('files/ab/ab01: suma de control SHA-256 diferă');
    expect(listing(targetDir)).toEqual([]);
  });

  it('refuses a damaged (truncated) archive', async () => {
    const bytes = readFileSync(archive);
    writeFileSync(archive, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const refused = await restore(archive, targetDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('este deteriorată');
    expect(listing(targetDir)).toEqual([]);
  });

  it('refuses an archive from a newer schema', async () => {
    const entries = await readEntries(archive);
    const manifest = JSON.parse(entries.get('manifest.json')?.toString() ?? '{}') as {
      schema: { migrations: string[] };
    };
    manifest.schema.migrations.push('9999-din-viitor');
    entries.set('manifest.json', Buffer.from(JSON.stringify(manifest)));
    await writeEntries(archive, entries);
    const refused = await restore(archive, targetDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('versiune mai nouă de Odonto (migrări necunoscute: 9999-din-viitor)');
    expect(listing(targetDir)).toEqual([]);
  });

  it('the manifest lists every entry with its size and SHA-256', async () => {
    const entries = await readEntries(archive);
    const manifest = JSON.parse(entries.get('manifest.json')?.toString() ?? '{}') as {
      format: string;
      formatVersion: number;
      dialect: string;
      entries: { name: string; size: number; sha256: string }[];
    };
    expect(manifest).toMatchObject({ format: 'odonto-backup', formatVersion: 1, dialect: 'sqlite' });
    expect(manifest.entries.map((entry) => entry.name).sort()).toEqual([
      'database/odonto.sqlite',
      'files/ab/ab01',
    ]);
    for (const entry of manifest.entries) {
      const data = entries.get(entry.name) ?? Buffer.alloc(0);
      expect(entry).toEqual({
        name: entry.name,
        size: data.length,
        sha256: createHash('sha256').update(data).digest('hex'),
      });
    }
  });
});
