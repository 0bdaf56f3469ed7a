import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { chmod, mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config';
import { createBlobStore, type BlobStore } from '../../files/blob-store';
import { createDiskBlobStore } from '../../files/disk-blob-store';
import { FILES_PREFIX, SECRET_KEY_ENTRY, type BackupManifest } from './backup-manifest';
import { unpackArchive } from './archive-reader';
import { pgMigrations, pgQuery, pgTableCount, runPgTool } from './pg-tools';
import { Refusal, UNTOUCHED, fileStamp } from './refusal';
import { checkCopy, dropCopyCompanions, refuseUnknownMigrations, swapInCopy, syncFile } from './sqlite-copy';

export interface RestoreOptions {
  /** Replace a data dir or database that is not empty (what is there is moved aside, not deleted). */
  force: boolean;
  now: () => Date;
}

/**
 * Restores an archive of `npm run backup` into the configured data dir and database, the caller holding the
 * data dir's lock. Order: refuse a target that is not empty (unless forced); unpack and check every entry
 * against the manifest and the schema against this version, in a staging folder inside the data dir;
 * only then replace the database, `files/` and the secrets key. Answers the report to print.
 */
export async function restoreArchive(
  config: Config,
  archive: string,
  options: RestoreOptions,
): Promise<string> {
  const { dataDir } = config;
  const present = await whatIsThere(config);
  if (present.length > 0 && !options.force) {
    throw new Refusal(
      `Restaurarea nu poate începe: ținta nu este goală (${present.join('; ')}). O arhivă se restaurează ` +
        'într-un director de date și o bază de date goale; cu --force, ce există este mutat deoparte ' +
        `(nu șters) și înlocuit. ${UNTOUCHED}`,
    );
  }
  const stamp = fileStamp(options.now());
  const staging = join(dataDir, `.restore-${stamp}-${randomBytes(4).toString('hex')}`);
  await mkdir(staging);
  try {
    const manifest = await unpackArchive(archive, staging);
    if (manifest.dialect !== config.database.kind) {
      throw new Refusal(
        `Arhiva ${archive} este a unei baze de date ${dialectName(manifest.dialect)}, iar serverul este ` +
          `configurat cu ${dialectName(config.database.kind)}; restaurați-o cu aceeași configurație. ${UNTOUCHED}`,
      );
    }
    refuseUnknownMigrations(manifest.schema.migrations, archive);
    const lines = [
      `Arhiva ${archive} (Odonto ${manifest.appVersion}, făcută la ${manifest.createdAt}) a fost verificată: ` +
        `${manifest.entries.length} intrări, sumele de control SHA-256 corecte.`,
    ];
    lines.push(...(await restoreDatabase(config, archive, manifest, staging, stamp)));
    lines.push(
      ...(config.s3 ? await restoreFilesToBucket(config, staging) : restoreFiles(dataDir, staging, stamp)),
    );
    lines.push(...(await restoreSecretKey(dataDir, staging, stamp)));
    syncFile(dataDir);
    lines.push('Acum puteți porni serverul.');
    return lines.join('\n');
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** What makes the target not empty, in words; [] when it is empty. */
async function whatIsThere(config: Config): Promise<string[]> {
  const found: string[] = [];
  if (config.database.kind === 'sqlite') {
    if (existsSync(config.database.file)) found.push(`există baza de date ${config.database.file}`);
  } else {
    const tables = await pgTableCount(config.database.url);
    if (tables > 0) found.push(`baza de date PostgreSQL are ${tables} tabele`);
  }
  if (config.s3) {
    const blobs = createBlobStore(config);
    try {
      const objects = await countObjects(blobs);
      if (objects > 0) found.push(`${blobs.location} conține ${objects} fișiere`);
    } finally {
      blobs.close();
    }
    return found;
  }
  const files = countFiles(join(config.dataDir, 'files'));
  if (files > 0) found.push(`${join(config.dataDir, 'files')} conține ${files} fișiere`);
  return found;
}

async function restoreDatabase(
  config: Config,
  archive: string,
  manifest: BackupManifest,
  staging: string,
  stamp: string,
): Promise<string[]> {
  const copy = join(staging, manifest.database.entry);
  if (config.database.kind === 'sqlite') {
    const last = checkCopy(copy, archive);
    dropCopyCompanions(copy);
    syncFile(copy);
    const target = config.database.file;
    const moved = swapInCopy(copy, target, `${target}.before-restore-${stamp}`);
    syncFile(target);
    return [
      `Baza de date ${target} a fost restaurată (integrity_check: ok; ultima migrare: ${last}).`,
      ...(moved.length > 0
        ? [`Baza de date anterioară a fost mutată (nu ștearsă): ${moved.join(', ')}.`]
        : []),
    ];
  }
  const { url } = config.database;
  const lines: string[] = [];
  if ((await pgTableCount(url)) > 0) {
    // --force: the current database is saved as a dump before its schema is emptied.
    const saved = join(config.dataDir, `database.before-restore-${stamp}.dump`);
    await runPgTool('pg_dump', url, ['--format=custom', `--file=${saved}`]);
    const [row] = await pgQuery<{ schema: string }>(url, 'select current_schema() as schema');
    const schema = `"${(row?.schema ?? 'public').replace(/"/g, '""')}"`;
    await pgQuery(url, `drop schema ${schema} cascade; create schema ${schema}`);
    lines.push(`Baza de date anterioară a fost salvată (pg_dump) în ${saved}, apoi golită.`);
  }
  // One transaction: a failure leaves the database as empty as it was.
  await runPgTool('pg_restore', url, [
    '--single-transaction',
    '--exit-on-error',
    '--no-owner',
    '--no-acl',
    copy,
  ]);
  // A dump holds no planner statistics: taken again, or the first lists would plan on an empty table.
  await pgQuery(url, 'analyze');
  const restored = await pgMigrations(url);
  if (restored?.join(',') !== manifest.schema.migrations.join(',')) {
    throw new Refusal('După pg_restore, migrările bazei de date nu sunt cele din manifest.');
  }
  lines.unshift(
    `Baza de date PostgreSQL a fost restaurată cu pg_restore (ultima migrare: ${manifest.schema.last ?? '—'}).`,
  );
  return lines;
}

/** The archive's files/ replaces the data dir's (which, when not empty, is moved aside). */
function restoreFiles(dataDir: string, staging: string, stamp: string): string[] {
  const target = join(dataDir, 'files');
  const staged = join(staging, FILES_PREFIX);
  const count = countFiles(staged);
  const lines: string[] = [];
  if (existsSync(target)) {
    if (countFiles(target) > 0) {
      const aside = `${target}.before-restore-${stamp}`;
      renameSync(target, aside);
      lines.push(`Fișierele anterioare au fost mutate (nu șterse) în ${aside}.`);
    } else {
      rmSync(target, { recursive: true, force: true });
    }
  }
  if (count > 0) renameSync(staged, target);
  lines.unshift(`Fișierele încărcate au fost restaurate în ${target}: ${count}.`);
  return lines;
}

/**
 * The archive's files/ put into the bucket, each streamed from the staging folder. An object cannot be
 * moved aside like a folder: with --force, what the bucket held stays (keys are random, so only the same
 * file has the same key), and the report says so.
 */
async function restoreFilesToBucket(config: Config, staging: string): Promise<string[]> {
  const blobs = createBlobStore(config);
  // The archive unpacks its files/ into the staging folder as a data dir keeps them.
  const staged = createDiskBlobStore(staging);
  try {
    const before = await countObjects(blobs);
    let count = 0;
    for await (const file of staged.list()) {
      const stream = await staged.open(file.key);
      if (!stream) continue;
      await blobs.put(file.key, stream, file.size);
      count += 1;
    }
    return [
      `Fișierele încărcate au fost restaurate în ${blobs.location}: ${count}.`,
      ...(before > 0 ? [`Cele ${before} fișiere care erau deja în ${blobs.location} au rămas acolo.`] : []),
    ];
  } finally {
    blobs.close();
  }
}

async function countObjects(blobs: BlobStore): Promise<number> {
  let count = 0;
  for await (const _ of blobs.list()) count += 1;
  return count;
}

async function restoreSecretKey(dataDir: string, staging: string, stamp: string): Promise<string[]> {
  const staged = join(staging, SECRET_KEY_ENTRY);
  if (!existsSync(staged)) return [];
  const target = join(dataDir, SECRET_KEY_ENTRY);
  const lines: string[] = [];
  if (existsSync(target)) {
    if (readFileSync(target).equals(readFileSync(staged))) return [];
    const aside = `${target}.before-restore-${stamp}`;
    renameSync(target, aside);
    lines.push(`Cheia anterioară a fost mutată în ${aside}.`);
  }
  renameSync(staged, target);
  await chmod(target, 0o600);
  return [`Cheia secretelor a fost restaurată în ${target}.`, ...lines];
}

function countFiles(root: string): number {
  if (!existsSync(root) || !statSync(root).isDirectory()) return 0;
  return readdirSync(root, { recursive: true, withFileTypes: true }).filter(
    (item) => item.isFile() && !join(item.parentPath, item.name).startsWith(join(root, 'tmp')),
  ).length;
}

function dialectName(kind: 'sqlite' | 'postgres'): string {
  return kind === 'sqlite' ? 'SQLite (încorporată)' : 'PostgreSQL';
}
