import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { loadConfig, type Env } from '../src/config';
import type { FileRow } from '../src/db/database';
import type { BlobStore } from '../src/files/blob-store';
import { createDiskBlobStore } from '../src/files/disk-blob-store';
import { moveFiles, sha256Of } from '../src/files/move-files';
import { createS3BlobStore } from '../src/files/s3-blob-store';
import { deleteFiles, storeFile } from '../src/files/store';
import { describeEachDialect, type TestApp } from './build-test-app';
import { runScript } from './processes';
import { useS3Server } from './s3-server';
import { filesOnDisk, insertPatientRow } from './stored-files';

const PREFIX = 'odonto/';

describeEachDialect('npm run files -- to-s3 | to-disk', ({ useApp }) => {
  const s3 = useS3Server();
  let bucket = '';
  let s3Env: Env = {};
  beforeEach(async () => {
    ({ bucket, env: s3Env } = await s3().newBucket(PREFIX));
  });
  // The app stores on the data dir, as a clinic does before it moves its files.
  const t = useApp();

  async function storeThree(app: TestApp): Promise<FileRow[]> {
    const patientId = await insertPatientRow(app.db);
    const store = { db: app.db, blobs: app.blobs, now: app.clock.now };
    const rows: FileRow[] = [];
    for (const name of ['a.txt', 'b.txt', 'c.txt']) {
      rows.push(
        await storeFile(store, {
          patientId,
          kind: 'document',
          name,
          contentType: 'text/plain',
          data: new TextEncoder().encode(`conținutul lui ${name} `.repeat(1000)),
          createdBy: null,
        }),
      );
    }
    return rows;
  }

  function s3Store(): BlobStore {
    const { s3: config } = loadConfig(s3Env);
    if (!config) throw new Error('no S3 configuration');
    return createS3BlobStore(config);
  }

  function files(direction: 'to-s3' | 'to-disk') {
    const { database } = t().config;
    return runScript('src/scripts/files.ts', [direction], {
      ODONTO_DATA_DIR: t().dataDir,
      ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
      ...(s3Env as Record<string, string>),
    });
  }

  it('copies every live file into the bucket, checked against its sha256, again without copying twice, and back', async () => {
    const [first, second, gone] = await storeThree(t());
    if (!first || !second || !gone) throw new Error('not stored');
    await deleteFiles({ db: t().db, blobs: t().blobs, now: t().clock.now }, [gone]);

    const toS3 = await files('to-s3');
    expect(toS3.code, toS3.stderr).toBe(0);
    expect(toS3.stdout).toContain('Copiate și verificate (SHA-256): 2; erau deja în s3://');
    const live = [first, second];
    expect(await s3().keys(bucket)).toEqual(live.map((row) => `${PREFIX}${row.disk_name}`).sort());
    for (const row of live) {
      const bytes = await s3().bytes(bucket, `${PREFIX}${row.disk_name}`);
      expect(bytes.length).toBe(row.size);
    }
    // The data dir is left as it was.
    expect(await filesOnDisk(t().dataDir)).toEqual(live.map((row) => row.disk_name).sort());

    const bucketStore = s3Store();
    try {
      // A second run (the app stopped after a first one made while it ran) copies nothing twice.
      expect(await moveFiles(t().db, t().blobs, bucketStore)).toEqual({
        copied: 0,
        present: 2,
        missing: [],
        corrupt: [],
      });
      // Back to an empty data dir.
      for (const row of live) await t().blobs.remove(row.disk_name);
      expect(await filesOnDisk(t().dataDir)).toEqual([]);
      expect(await moveFiles(t().db, bucketStore, t().blobs)).toMatchObject({ copied: 2, present: 0 });
    } finally {
      bucketStore.close();
    }
    expect(await filesOnDisk(t().dataDir)).toEqual(live.map((row) => row.disk_name).sort());
    for (const row of live) expect(await sha256Of(t().blobs, row.disk_name)).toBe(row.sha256);
  }, 90_000);

  it('reports a file missing from the source or damaged there, copies neither, and exits with 1', async () => {
    const [missing, damaged, sound] = await storeThree(t());
    if (!missing || !damaged || !sound) throw new Error('not stored');
    await t().blobs.remove(missing.disk_name);
    await writeFile(join(t().dataDir, 'files', damaged.disk_name), 'alte octeți');

    const disk = createDiskBlobStore(t().dataDir);
    const target = s3Store();
    try {
      const report = await moveFiles(t().db, disk, target);
      expect(report).toMatchObject({ copied: 1, present: 0 });
      expect(report.missing.map((row) => row.id)).toEqual([missing.id]);
      expect(report.corrupt.map((row) => row.id)).toEqual([damaged.id]);
      expect(await s3().keys(bucket)).toEqual([`${PREFIX}${sound.disk_name}`]);
    } finally {
      target.close();
    }

    const run = await files('to-s3');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`Lipsește din ${join(t().dataDir, 'files')}: ${missing.disk_name} (a.txt)`);
    expect(run.stdout).toContain(`Suma SHA-256 nu corespunde, necopiat: ${damaged.disk_name} (b.txt)`);
    expect(run.stdout).toContain('2 fișiere nu au putut fi copiate');
  }, 90_000);

  it('refuses without a bucket configured, with how to use it', async () => {
    s3Env = {};
    const run = await files('to-s3');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'ODONTO_S3_BUCKET nu este setat. Folosire: npm run files -- to-s3 | to-disk',
    );
  }, 90_000);
});
