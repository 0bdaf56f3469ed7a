// `npm run restore -- <file>`: puts a backup of the embedded database (`npm run backup`) in place of the
// current one, with no server running on the data dir. For PostgreSQL use pg_restore or psql (README,
// "Backup and restore").
//
// Nothing is deleted and the current database is touched only once the backup has passed every check:
//   1. the data dir's lock is taken (a running server refuses; no server can start during the restore);
//   2. the backup is copied next to the target under a temporary name, and the copy is checked: a SQLite
//      database, `PRAGMA integrity_check` ok, an Odonto database (its migrations table) and none of its
//      migrations unknown to this version;
//   3. the current database and its -wal/-shm/-journal are renamed aside together (as a set they are still
//      a whole database), so no stale -wal is ever left beside the restored file;
//   4. the checked copy is renamed into place, and the file and the directory are synced.
import Sqlite from 'better-sqlite3';
import {
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { DataDirInUseError, lockDataDir, type DataDirLock } from '../db/data-dir-lock';
import { migrations } from '../db/migrations/index';

/** A refusal: the message is printed and the process exits with `code`; nothing was changed. */
class Refusal extends Error {
  constructor(
    message: string,
    readonly code = 1,
  ) {
    super(message);
  }
}

const UNTOUCHED = 'Baza de date actuală nu a fost atinsă.';
/** Files SQLite keeps beside a database; beside another database file they corrupt it. */
const COMPANIONS = ['-wal', '-shm', '-journal'] as const;

async function run(): Promise<string> {
  const argument = process.argv[2];
  if (!argument) throw new Refusal('Folosire: npm run restore -- <copie.sqlite>', 2);
  const config = loadConfig(process.env);
  if (config.database.kind !== 'sqlite') {
    throw new Refusal(
      'Baza de date este PostgreSQL: restaurați o copie pg_dump cu pg_restore (sau una SQL cu psql), ' +
        'cu serverul oprit — vezi README, „Backup and restore”.',
      2,
    );
  }
  const target = config.database.file;
  const dataDir = config.dataDir;
  const backup = resolve(argument);

  mkdirSync(dataDir, { recursive: true });
  let lock: DataDirLock;
  try {
    lock = await lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    const owner = error.ownerPid === null ? 'un server Odonto' : `serverul Odonto cu PID ${error.ownerPid}`;
    throw new Refusal(
      `Restaurarea nu poate începe: directorul de date ${dataDir} este folosit de ${owner}. ` +
        `Opriți serverul (systemctl stop odonto, docker stop sau Ctrl-C) și porniți din nou restaurarea. ${UNTOUCHED}`,
    );
  }
  try {
    checkBackupFile(backup);
    const copy = join(dataDir, `${basename(target)}.restore-${stamp()}-${process.pid}.tmp`);
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

    const aside = `${target}.before-restore-${stamp()}`;
    const present = ['', ...COMPANIONS].filter((suffix) => existsSync(target + suffix));
    const renamed: string[] = [];
    try {
      // The companions first: a crash between two renames must never leave a stale -wal beside a database.
      for (const suffix of [...COMPANIONS, '']) {
        if (!present.includes(suffix)) continue;
        renameSync(target + suffix, aside + suffix);
        renamed.push(suffix);
      }
      renameSync(copy, target);
    } catch (error) {
      // Put back what was moved, the database before its companions, so the data dir is as it was.
      for (const suffix of ['', ...COMPANIONS].filter((moved) => renamed.includes(moved))) {
        renameSync(aside + suffix, target + suffix);
      }
      removeWithCompanions(copy);
      throw error;
    }
    const moved = present.map((suffix) => aside + suffix);
    syncFile(target);
    syncFile(dataDir);

    const lines = [
      `Baza de date ${target} a fost restaurată din ${backup} ` +
        `(integrity_check: ok; ultima migrare: ${lastMigration}).`,
      moved.length > 0
        ? `Baza de date anterioară a fost mutată (nu ștearsă): ${moved.join(', ')}. ` +
          'Ștergeți aceste fișiere când nu mai aveți nevoie de ele.'
        : `Nu exista o bază de date anterioară în ${dataDir}.`,
      `Fișierele încărcate (${join(dataDir, 'files')}) nu au fost atinse. Acum puteți porni serverul.`,
    ];
    return lines.join('\n');
  } finally {
    lock.release();
  }
}

/** The backup exists, is a file, starts like a SQLite database and has no -wal holding part of it. */
function checkBackupFile(backup: string): void {
  if (!existsSync(backup)) throw new Refusal(`Nu există fișierul ${backup}. ${UNTOUCHED}`);
  if (!statSync(backup).isFile()) throw new Refusal(`${backup} nu este un fișier. ${UNTOUCHED}`);
  if (!hasSqliteHeader(backup)) {
    throw new Refusal(
      `${backup} nu este o bază de date SQLite (o copie făcută cu npm run backup). ${UNTOUCHED}`,
    );
  }
  // An empty -wal is what a reader leaves behind; one with content holds part of the database.
  if (existsSync(`${backup}-wal`) && statSync(`${backup}-wal`).size > 0) {
    throw new Refusal(
      `Lângă ${backup} există ${backup}-wal: fișierul este o bază de date în uz sau oprită brusc, ` +
        `nu o copie, și fără acel fișier ar fi incompletă. Faceți copia cu npm run backup. ${UNTOUCHED}`,
    );
  }
}

function hasSqliteHeader(file: string): boolean {
  const header = Buffer.alloc(16);
  const fd = openSync(file, 'r');
  try {
    return readSync(fd, header, 0, 16, 0) === 16 && header.toString('latin1') === 'SQLite format 3\0';
  } finally {
    closeSync(fd);
  }
}

/** Checks the copy that will be put in place; answers the name of its last migration. */
function checkCopy(copy: string, backup: string): string {
  const database = new Sqlite(copy, { fileMustExist: true });
  try {
    let problems: string[];
    try {
      const rows = database.pragma('integrity_check') as { integrity_check: string }[];
      problems = rows.map((row) => row.integrity_check);
    } catch (error) {
      throw new Refusal(
        `Copia ${backup} nu poate fi citită ca bază de date: ${(error as Error).message}. ${UNTOUCHED}`,
      );
    }
    if (problems.length !== 1 || problems[0] !== 'ok') {
      throw new Refusal(
        `Copia ${backup} este deteriorată (PRAGMA integrity_check):\n  ` +
          `${problems.slice(0, 5).join('\n  ')}\n${UNTOUCHED}`,
      );
    }
    const table = database
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (!table) {
      throw new Refusal(
        `${backup} este o bază de date SQLite, dar nu una Odonto (nu are tabelul migrărilor). ${UNTOUCHED}`,
      );
    }
    const applied = (
      database.prepare('select name from kysely_migration order by name').all() as { name: string }[]
    ).map((row) => row.name);
    const known = new Set(Object.keys(migrations('sqlite')));
    const unknown = applied.filter((name) => !known.has(name));
    if (unknown.length > 0) {
      throw new Refusal(
        `Copia ${backup} a fost făcută de o versiune mai nouă de Odonto (migrări necunoscute: ` +
          `${unknown.join(', ')}); restaurați-o cu versiunea care a făcut-o. ${UNTOUCHED}`,
      );
    }
    const last = applied.at(-1);
    if (last === undefined) {
      throw new Refusal(`${backup} este o bază de date Odonto goală (nicio migrare). ${UNTOUCHED}`);
    }
    return last;
  } finally {
    database.close();
  }
}

/** Closing the copy checkpointed its own -wal into it and removed it: the copy is one file again. */
function dropCopyCompanions(copy: string): void {
  if (existsSync(`${copy}-wal`) && statSync(`${copy}-wal`).size > 0) {
    throw new Error(`SQLite left ${copy}-wal behind after closing the copy`);
  }
  rmSync(`${copy}-wal`, { force: true });
  rmSync(`${copy}-shm`, { force: true });
}

function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function removeWithCompanions(file: string): void {
  for (const suffix of ['', ...COMPANIONS]) rmSync(file + suffix, { force: true });
}

/** A moment as part of a file name: 2026-11-25T13-15-20-123Z. */
function stamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

run().then(
  (report) => {
    console.log(report);
    process.exit(0);
  },
  (error: unknown) => {
    if (error instanceof Refusal) {
      console.error(error.message);
      process.exit(error.code);
    }
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
