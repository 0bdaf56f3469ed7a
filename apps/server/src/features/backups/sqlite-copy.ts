import { closeSync, existsSync, fsyncSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { migrations } from '../../db/migrations/index';
import { Refusal, UNTOUCHED } from './refusal';
import { openSqlite } from '../../db/sqlite-driver';

/**
 * The checks and the swap `npm run restore` makes for an embedded database, whether it comes as a plain copy
 * (`odonto.sqlite`, the backups made before the archive) or out of an archive.
 */

/** Files SQLite keeps beside a database; beside another database file they corrupt it. */
export const COMPANIONS = ['-wal', '-shm', '-journal'] as const;

export function hasSqliteHeader(file: string): boolean {
  const header = Buffer.alloc(16);
  const fd = openSync(file, 'r');
  try {
    return readSync(fd, header, 0, 16, 0) === 16 && header.toString('latin1') === 'SQLite format 3\0';
  } finally {
    closeSync(fd);
  }
}

/** Checks the copy that will be put in place; answers the name of its last migration. */
export function checkCopy(copy: string, backup: string): string {
  const database = openSqlite(copy, { fileMustExist: true });
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
    refuseUnknownMigrations(applied, backup);
    const last = applied.at(-1);
    if (last === undefined) {
      throw new Refusal(`${backup} este o bază de date Odonto goală (nicio migrare). ${UNTOUCHED}`);
    }
    return last;
  } finally {
    database.close();
  }
}

/** A backup made by a newer version holds migrations this one does not know: it cannot run on it. */
export function refuseUnknownMigrations(applied: readonly string[], backup: string): void {
  const known = new Set(Object.keys(migrations('sqlite')));
  const unknown = applied.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new Refusal(
      `Copia ${backup} a fost făcută de o versiune mai nouă de Odonto (migrări necunoscute: ` +
        `${unknown.join(', ')}); restaurați-o cu versiunea care a făcut-o. ${UNTOUCHED}`,
    );
  }
}

/** Closing the copy checkpointed its own -wal into it and removed it: the copy is one file again. */
export function dropCopyCompanions(copy: string): void {
  if (existsSync(`${copy}-wal`) && statSync(`${copy}-wal`).size > 0) {
    throw new Error(`SQLite left ${copy}-wal behind after closing the copy`);
  }
  rmSync(`${copy}-wal`, { force: true });
  rmSync(`${copy}-shm`, { force: true });
}

/**
 * Puts the checked copy in place of `target`: the current database and its -wal/-shm/-journal are renamed
 * aside together first (as a set they are still a whole database, so no stale -wal is ever left beside the
 * restored file), then the copy is renamed in. Answers the paths moved aside. On failure, puts back what
 * it moved.
 */
export function swapInCopy(copy: string, target: string, aside: string): string[] {
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
  return present.map((suffix) => aside + suffix);
}

export function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export function removeWithCompanions(file: string): void {
  for (const suffix of ['', ...COMPANIONS]) rmSync(file + suffix, { force: true });
}
