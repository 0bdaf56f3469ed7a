import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { pack as tarPack, type Pack } from 'tar-stream';
import type { DatabaseConfig } from '../../config';
import type { BlobStore } from '../../files/blob-store';
import { isNotFound, syncDirectory } from '../../files/disk-blob-store';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  FILES_PREFIX,
  MANIFEST_ENTRY,
  PG_DUMP_ENTRY,
  SECRET_KEY_ENTRY,
  SQLITE_ENTRY,
  appVersion,
  type BackupManifest,
  type ManifestEntry,
} from './backup-manifest';
import { pgMigrations, runPgTool } from './pg-tools';
import { Refusal } from './refusal';
import { type SqliteDatabase, openSqlite } from '../../db/sqlite-driver';

export interface BackupSource {
  dataDir: string;
  /** The stored files: `<data dir>/files/` or the S3 bucket (decision 0047). */
  blobs: BlobStore;
  database: DatabaseConfig;
  /** ODONTO_SECRET_KEY is set: the key is not in the data dir, and the archive does not carry it. */
  hasConfiguredSecretKey: boolean;
}

export interface WrittenArchive {
  file: string;
  size: number;
  manifest: BackupManifest;
}

/**
 * Writes one .tar.gz holding the database, the uploaded files (read through the blob store: `<data dir>/files/`
 * or the S3 bucket), the secrets key and
 * manifest.json (format, versions, dialect, time, and every entry's size and SHA-256), while the app runs.
 *
 * The database is copied first, consistently: SQLite's backup API, or pg_dump (one snapshot transaction).
 * The files follow: stored files are written once under random names and never changed, so every file a
 * copied row names is there (one deleted in the meantime is the only gap: its row was deleted too, later).
 * The archive is written under a temporary name, synced, then renamed: a reader never finds half of one.
 */
export async function writeBackupArchive(
  source: BackupSource,
  destination: string,
  now: () => Date,
): Promise<WrittenArchive> {
  const directory = dirname(destination);
  await mkdir(directory, { recursive: true });
  const staging = join(directory, `.${basename(destination)}.${randomBytes(6).toString('hex')}.staging`);
  const part = `${staging}.part`;
  await mkdir(staging);
  try {
    const createdAt = now().toISOString();
    const database = await copyDatabase(source.database, staging);
    const packer = tarPack();
    const written = pipeline(packer, createGzip({ level: 6 }), createWriteStream(part, { flags: 'wx' }));
    // Awaited below; a failure meanwhile (a full disk) must not be an unhandled rejection.
    written.catch(() => {});
    const entries: ManifestEntry[] = [];
    try {
      const copied = await addFile(packer, database.entry, database.path);
      if (!copied) throw new Error(`${database.path} vanished`);
      entries.push(copied);
      for (const file of await storedFiles(source.blobs)) {
        const added = await addStoredFile(packer, source.blobs, file);
        if (added) entries.push(added);
      }
      if (!source.hasConfiguredSecretKey) {
        const key = await addFile(packer, SECRET_KEY_ENTRY, join(source.dataDir, SECRET_KEY_ENTRY));
        if (key) entries.push(key);
      }
      const manifest: BackupManifest = {
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        appVersion: appVersion(),
        dialect: source.database.kind,
        createdAt,
        schema: { migrations: database.migrations, last: database.migrations.at(-1) ?? null },
        database: { entry: database.entry, format: database.format },
        entries,
      };
      await addBuffer(packer, MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
      packer.finalize();
      await written;
      const archive = await open(part, 'r+');
      await archive.sync().finally(() => archive.close());
      await rename(part, destination);
      await syncDirectory(directory);
      return { file: destination, size: (await stat(destination)).size, manifest };
    } catch (error) {
      packer.destroy(error as Error);
      await written.catch(() => {});
      throw error;
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(part, { force: true });
  }
}

interface DatabaseCopy {
  entry: string;
  path: string;
  format: BackupManifest['database']['format'];
  migrations: string[];
}

async function copyDatabase(database: DatabaseConfig, staging: string): Promise<DatabaseCopy> {
  if (database.kind === 'postgres') {
    const migrations = await pgMigrations(database.url);
    if (migrations === null) throw new Refusal('Baza de date PostgreSQL nu este una Odonto (nu are tabele).');
    const path = join(staging, 'odonto.dump');
    // Custom format: compressed, and pg_restore can restore it in one transaction.
    await runPgTool('pg_dump', database.url, ['--format=custom', '--no-owner', '--no-acl', `--file=${path}`]);
    return { entry: PG_DUMP_ENTRY, path, format: 'pg_dump-custom', migrations };
  }
  const path = join(staging, 'odonto.sqlite');
  let source: SqliteDatabase;
  try {
    source = openSqlite(database.file, { readonly: true, fileMustExist: true });
  } catch {
    throw new Refusal(`Nu există baza de date ${database.file}.`);
  }
  try {
    // The backup API copies a consistent state while the server keeps writing.
    await source.backup(path);
  } finally {
    source.close();
  }
  const copy = openSqlite(path, { readonly: true });
  try {
    const migrations = (
      copy.prepare('select name from kysely_migration order by name').all() as { name: string }[]
    ).map((row) => row.name);
    return { entry: SQLITE_ENTRY, path, format: 'sqlite', migrations };
  } finally {
    copy.close();
  }
}

/** Every stored file (its key, '/'-separated, and size), in key order. */
async function storedFiles(blobs: BlobStore): Promise<{ key: string; size: number }[]> {
  const found: { key: string; size: number }[] = [];
  for await (const file of blobs.list()) found.push(file);
  return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Adds one stored file, streamed from the store; null when it is gone (deleted meanwhile). */
async function addStoredFile(
  packer: Pack,
  blobs: BlobStore,
  file: { key: string; size: number },
): Promise<ManifestEntry | null> {
  const stream = await blobs.open(file.key);
  if (!stream) return null;
  return addStream(packer, `${FILES_PREFIX}${file.key}`, stream, file.size, file.key);
}

/** Adds one file to the archive, hashing what it writes; null when the file is gone (deleted meanwhile). */
async function addFile(packer: Pack, name: string, path: string): Promise<ManifestEntry | null> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    // Only the size taken above is read, so a file growing meanwhile still matches its header.
    const chunks = size === 0 ? [] : handle.createReadStream({ autoClose: false, start: 0, end: size - 1 });
    return await addStream(packer, name, chunks, size, path);
  } finally {
    await handle.close();
  }
}

/** Writes `size` bytes from `chunks` as one entry, hashing them; `what` names the source in an error. */
async function addStream(
  packer: Pack,
  name: string,
  chunks: AsyncIterable<unknown> | readonly unknown[],
  size: number,
  what: string,
): Promise<ManifestEntry> {
  const hash = createHash('sha256');
  let finish: (error?: Error | null) => void = () => {};
  const done = new Promise<void>((resolve, reject) => {
    finish = (error) => (error ? reject(error) : resolve());
  });
  const entry = packer.entry({ name, size, mode: 0o600, mtime: new Date(0) }, (error) => finish(error));
  let written = 0;
  for await (const chunk of chunks) {
    const bytes = chunk as Buffer;
    hash.update(bytes);
    written += bytes.length;
    if (!entry.write(bytes)) await new Promise<void>((resolve) => entry.once('drain', () => resolve()));
  }
  // @types/tar-stream declares end(data) only; the stream ends without more data.
  (entry as unknown as NodeJS.WritableStream).end();
  await done;
  if (written !== size) throw new Error(`${what} changed while it was archived`);
  return { name, size, sha256: hash.digest('hex') };
}

async function addBuffer(packer: Pack, name: string, data: Buffer): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    packer.entry({ name, size: data.length, mode: 0o600, mtime: new Date(0) }, data, (error) =>
      error ? reject(error) : resolve(),
    );
  });
}
