import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gunzipSync } from 'node:zlib';
import { extract as tarExtract } from 'tar-stream';
import { afterEach, beforeEach, expect, inject, it } from 'vitest';
import type { Env } from '../src/config';
import { storeFile } from '../src/files/store';
import { describeEachDialect } from './build-test-app';
import { runScript } from './processes';
import { useS3Server } from './s3-server';
import { insertPatientRow } from './stored-files';
import { adminQuery, databaseUrl, testDatabasePrefix, testDataRoot } from './test-databases';

const PREFIX = 'odonto/';

async function archiveEntries(archive: string): Promise<Map<string, Buffer>> {
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

describeEachDialect('npm run backup / restore with files on S3', ({ useApp, dialect }) => {
  const s3 = useS3Server();
  let source = { bucket: '', env: {} as Env };
  let workDir = '';
  const databases: string[] = [];
  beforeEach(async () => {
    source = await s3().newBucket(PREFIX);
    workDir = await mkdtemp(join(testDataRoot(), 'odonto-backup-s3-'));
  });
  afterEach(async () => {
    await rm(workDir, { recursive: true, force: true });
    for (const name of databases.splice(0)) await adminQuery(`drop database if exists ${name} with (force)`);
  });
  const t = useApp(() => ({ env: source.env }));

  async function emptyDatabase(): Promise<Record<string, string>> {
    if (dialect === 'sqlite') return {};
    const name = `${testDatabasePrefix(inject('postgresTemplate'))}${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    databases.push(name);
    return { DATABASE_URL: databaseUrl(name) };
  }

  it('archives the files read from the bucket, and a restore puts them into the (new) bucket', async () => {
    const patientId = await insertPatientRow(t().db);
    const store = { db: t().db, blobs: t().blobs, now: t().clock.now };
    const rows = [];
    for (const name of ['rx.png', 'acord.pdf']) {
      const data = new TextEncoder().encode(`${name} `.repeat(5000));
      rows.push(
        await storeFile(store, {
          patientId,
          kind: 'document',
          name,
          contentType: 'application/octet-stream',
          data,
          createdBy: null,
        }),
      );
    }
    const { database } = t().config;
    const archive = join(workDir, 'copie.tar.gz');
    const made = await runScript('src/scripts/backup.ts', [archive], {
      ODONTO_DATA_DIR: t().dataDir,
      ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
      ...(source.env as Record<string, string>),
    });
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain('2 fișiere');
    const entries = await archiveEntries(archive);
    for (const row of rows) {
      const bytes = await s3().bytes(source.bucket, `${PREFIX}${row.disk_name}`);
      expect(entries.get(`files/${row.disk_name}`)?.equals(bytes)).toBe(true);
    }

    const target = await s3().newBucket(PREFIX);
    const targetEnv = {
      ODONTO_DATA_DIR: join(workDir, 'restaurat'),
      LOG_LEVEL: 'silent',
      ...(await emptyDatabase()),
      ...(target.env as Record<string, string>),
    };
    const restored = await runScript('src/scripts/restore.ts', [archive], targetEnv);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(
      `Fișierele încărcate au fost restaurate în s3://${target.bucket}/${PREFIX}: 2.`,
    );
    expect(await s3().keys(target.bucket)).toEqual(await s3().keys(source.bucket));
    for (const row of rows) {
      const key = `${PREFIX}${row.disk_name}`;
      expect((await s3().bytes(target.bucket, key)).equals(await s3().bytes(source.bucket, key))).toBe(true);
    }

    const again = await runScript('src/scripts/restore.ts', [archive], targetEnv);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`s3://${target.bucket}/${PREFIX} conține 2 fișiere`);
  }, 90_000);
});
