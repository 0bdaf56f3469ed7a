// `npm run restore -- <archive> [--force]`: restores a backup archive (`npm run backup`): the database, the
// uploaded files and the secrets key, into an empty data dir and an empty database; `--force` replaces
// what is there (moved aside, never deleted). See features/backups/restore-archive.ts.
//
// `npm run restore -- <copie.sqlite>` still restores a plain copy of the embedded database (what
// `npm run backup` wrote before it wrote archives). Nothing is deleted and the current database is touched
// only once the copy has passed every check:
//   1. the data dir's lock is taken (a running server refuses; no server can start during the restore);
//   2. the copy is copied next to the target under a temporary name, and checked: a SQLite database,
//      `PRAGMA integrity_check` ok, an Odonto database (its migrations table) and none of its migrations
//      unknown to this version;
//   3. the current database and its -wal/-shm/-journal are renamed aside together, and the checked copy is
//      renamed into place, and the file and the directory are synced.
import { constants, copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { loadConfig, type Config } from '../config';
import { DataDirInUseError, lockDataDir, type DataDirLock } from '../db/data-dir-lock';
import { isGzip } from '../features/backups/archive-reader';
import { restoreArchive } from '../features/backups/restore-archive';
import { Refusal, UNTOUCHED, fileStamp } from '../features/backups/refusal';
import {
  checkCopy,
  dropCopyCompanions,
  hasSqliteHeader,
  removeWithCompanions,
  swapInCopy,
  syncFile,
} from '../features/backups/sqlite-copy';
import { runTool } from './run-tool';

const USAGE = 'Folosire: npm run restore -- <arhivă.tar.gz> [--force]   (sau <copie.sqlite>)';

async function run(): Promise<string> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--force');
  const files = args.filter((arg) => !arg.startsWith('--'));
  if (unknown.length > 0 || files.length !== 1 || !files[0]) throw new Refusal(USAGE, 2);
  const config = loadConfig(process.env);
  const backup = resolve(files[0]);
  if (!existsSync(backup)) throw new Refusal(`Nu există fișierul ${backup}. ${UNTOUCHED}`);
  if (!statSync(backup).isFile()) throw new Refusal(`${backup} nu este un fișier. ${UNTOUCHED}`);

  mkdirSync(config.dataDir, { recursive: true });
  const lock = await takeLock(config.dataDir);
  try {
    if (isGzip(backup)) return await restoreArchive(config, backup, { force, now: () => new Date() });
    if (config.database.kind !== 'sqlite') {
      throw new Refusal(
        `${backup} nu este o arhivă făcută cu npm run backup. Pe PostgreSQL se restaurează arhiva ` +
          '(vezi README, „Backup and restore”).',
        2,
      );
    }
    return restoreSqliteCopy(config, config.database.file, backup);
  } finally {
    lock.release();
  }
}

/** A running server holds the lock; the restore holds it too, so no server starts meanwhile. */
async function takeLock(dataDir: string): Promise<DataDirLock> {
  try {
    return await lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    const owner = error.ownerPid === null ? 'un server Odonto' : `serverul Odonto cu PID ${error.ownerPid}`;
    throw new Refusal(
      `Restaurarea nu poate începe: directorul de date ${dataDir} este folosit de ${owner}. ` +
        `Opriți serverul (systemctl stop odonto, docker stop sau Ctrl-C) și porniți din nou restaurarea. ${UNTOUCHED}`,
    );
  }
}

function restoreSqliteCopy(config: Config, target: string, backup: string): string {
  const dataDir = config.dataDir;
  if (!hasSqliteHeader(backup)) {
    throw new Refusal(
      `${backup} nu este nici o arhivă făcută cu npm run backup, nici o bază de date SQLite. ${UNTOUCHED}`,
    );
  }
  // An empty -wal is what a reader leaves behind; one with content holds part of the database.
  if (existsSync(`${backup}-wal`) && statSync(`${backup}-wal`).size > 0) {
    throw new Refusal(
      `Lângă ${backup} există ${backup}-wal: fișierul este o bază de date în uz sau oprită brusc, ` +
        `nu o copie, și fără acel fișier ar fi incompletă. Faceți copia cu npm run backup. ${UNTOUCHED}`,
    );
  }
  const copy = join(dataDir, `${basename(target)}.restore-${fileStamp(new Date())}-${process.pid}.tmp`);
  let lastMigration: string;
  try {
    copyFileSync(backup, copy, constants.COPYFILE_EXCL);
    lastMigration = checkCopy(copy, backup);
    dropCopyCompanions(copy);
    syncFile(copy);
  } catch (error) {
    removeWithCompanions(copy);
    throw error;
  }
  const moved = swapInCopy(copy, target, `${target}.before-restore-${fileStamp(new Date())}`);
  syncFile(target);
  syncFile(dataDir);
  return [
    `Baza de date ${target} a fost restaurată din ${backup} ` +
      `(integrity_check: ok; ultima migrare: ${lastMigration}).`,
    moved.length > 0
      ? `Baza de date anterioară a fost mutată (nu ștearsă): ${moved.join(', ')}. ` +
        'Ștergeți aceste fișiere când nu mai aveți nevoie de ele.'
      : `Nu exista o bază de date anterioară în ${dataDir}.`,
    `Fișierele încărcate (${join(dataDir, 'files')}) nu au fost atinse: o copie simplă a bazei de date nu ` +
      'le conține (o arhivă făcută cu npm run backup le conține). Acum puteți porni serverul.',
  ].join('\n');
}

runTool(run);
