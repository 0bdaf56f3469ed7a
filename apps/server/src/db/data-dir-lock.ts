import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isBusy } from './dialect';
import { openSqlite } from './sqlite-driver';

/** The embedded database's data dir is held by another running instance. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number | null,
  ) {
    super(
      `Directorul de date ${dataDir} este folosit de o altă instanță Odonto` +
        `${ownerPid === null ? '' : ` (PID ${ownerPid})`}. Opriți-o înainte de a porni alta pe aceleași date.\n` +
        `The data dir ${dataDir} is in use by another Odonto instance${ownerPid === null ? '' : ` (PID ${ownerPid})`}.`,
    );
  }
}

export interface DataDirLock {
  release(): void;
}

const LOCK_FILE = 'odonto.lock';
const PID_FILE = 'odonto.pid';

/**
 * Makes this process the only server on the data dir. The lock is SQLite's own exclusive lock on a small
 * file of its own, held for the life of the process: the operating system drops it when the process
 * ends, however it ends, so a kill -9 never leaves a stale lock. The owner's PID is written beside it
 * for the message a second instance prints. (Node has no flock; better-sqlite3 is already here.)
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const database = openSqlite(join(dataDir, LOCK_FILE), { timeout: 0 });
  try {
    database.pragma('locking_mode = EXCLUSIVE');
    // A write takes the exclusive lock; in EXCLUSIVE locking mode it is kept after the commit.
    database.exec('begin exclusive; create table if not exists owner (pid integer); commit');
  } catch (error) {
    database.close();
    if (isBusy(error)) throw new DataDirInUseError(dataDir, readOwnerPid(dataDir));
    throw error;
  }
  writeFileSync(join(dataDir, PID_FILE), `${process.pid}\n`);
  return {
    release() {
      rmSync(join(dataDir, PID_FILE), { force: true });
      database.close();
    },
  };
}

function readOwnerPid(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(join(dataDir, PID_FILE), 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
