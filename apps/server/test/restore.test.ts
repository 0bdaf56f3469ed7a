import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  openSync,
  closeSync,
  readdirSync,
  readFileSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { finished, listening, runScript, startServer } from './processes';
import { testDataRoot } from './test-databases';
import { openSqlite } from '../src/db/sqlite-driver';

const ADMIN = { email: 'admin@clinica.test', password: 'Parola-Admin-2026' };
const UNTOUCHED = 'Baza de date actuală nu a fost atinsă.';

/**
 * `npm run restore`, with real processes: never while a server holds the data dir, never a file that is not
 * a sound Odonto database, and after a kill -9 the stale -wal goes aside with the old database instead of
 * corrupting the restored one.
 */
describe('npm run restore', () => {
  let workDir: string;
  let dataDir: string;
  let database: string;
  beforeEach(async () => {
    workDir = await mkdtemp(join(testDataRoot(), 'odonto-restore-'));
    dataDir = join(workDir, 'data');
    database = join(dataDir, 'odonto.sqlite');
    await mkdir(dataDir);
  });
  afterEach(async () => {
    await rm(workDir, { recursive: true, force: true });
  });
  const env = (extra: Record<string, string> = {}) => ({
    PORT: '0',
    HOST: '127.0.0.1',
    ODONTO_DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    OUTBOX_WORKER: 'false',
    ...extra,
  });
  const restore = (file: string, extra: Record<string, string> = {}) =>
    runScript('src/scripts/restore.ts', [file], env(extra));
  /** A plain copy of the database (SQLite's backup API), as `npm run backup` made before it wrote archives. */
  const plainCopy = async (file: string) => {
    const source = openSqlite(database, { readonly: true });
    await source.backup(file);
    source.close();
  };
  /** The data dir's files (the lock file aside) and the database's bytes. */
  const snapshot = () => ({
    files: readdirSync(dataDir)
      .filter((name) => name !== 'odonto.lock')
      .sort(),
    database: createHash('sha256').update(readFileSync(database)).digest('hex'),
  });
  const signIn = async (url: string) =>
    fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'odonto' },
      body: JSON.stringify(ADMIN),
    });

  it('refuses while a server runs on the data dir, naming it and the PID, and changes nothing', async () => {
    const server = startServer(env());
    const serverDone = finished(server);
    const url = await listening(server);
    const backupFile = join(workDir, 'backup.sqlite');
    await plainCopy(backupFile);

    const before = snapshot();
    const refused = await restore(backupFile);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`directorul de date ${dataDir} este folosit de serverul Odonto`);
    expect(refused.stderr).toContain(`PID ${server.pid ?? 0}`);
    expect(refused.stderr).toContain(UNTOUCHED);
    expect(snapshot()).toEqual(before);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    server.kill('SIGTERM');
    expect((await serverDone).code).toBe(0);
  });

  it('after a kill -9 that left a -wal, restores a backup and the next start serves the restored data', async () => {
    const first = startServer(
      env({ ODONTO_ADMIN_EMAIL: ADMIN.email, ODONTO_ADMIN_PASSWORD: ADMIN.password }),
    );
    const firstDone = finished(first);
    const firstUrl = await listening(first);
    const backupFile = join(workDir, 'backup.sqlite');
    await plainCopy(backupFile);
    // Written after the backup: a session (and its audit row), only in the write-ahead log when killed.
    const login = await signIn(firstUrl);
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    first.kill('SIGKILL');
    await firstDone;
    expect(existsSync(`${database}-wal`)).toBe(true);

    const restored = await restore(backupFile);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`Baza de date ${database} a fost restaurată din ${backupFile}`);
    const aside = /(\S+\.before-restore-[\dTZ-]+?Z)\b/.exec(restored.stdout)?.[1] ?? '';
    expect(aside.startsWith(`${database}.before-restore-`), restored.stdout).toBe(true);
    expect(existsSync(aside)).toBe(true);
    expect(existsSync(`${aside}-wal`)).toBe(true);
    expect(existsSync(`${database}-wal`)).toBe(false);
    expect(existsSync(`${database}-shm`)).toBe(false);
    expect(readdirSync(dataDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    // What was moved aside is still the whole old database, the session written after the backup included.
    const old = openSqlite(aside);
    expect(old.prepare('select count(*) as count from sessions').get()).toEqual({ count: 1 });
    old.close();

    const second = startServer(env());
    const secondDone = finished(second);
    const url = await listening(second);
    expect((await fetch(`${url}/api/check-login`, { headers: { cookie } })).status).toBe(204);
    expect((await signIn(url)).status).toBe(200);
    expect(await (await fetch(`${url}/api/setup`)).json()).toEqual({ needsSetup: false });
    second.kill('SIGTERM');
    const { code, stdout, stderr } = await secondDone;
    expect(code).toBe(0);
    expect(stdout + stderr).not.toMatch(/malformed/i);
    expect(stdout).not.toContain('database migrated');
  });

  describe('refuses a file that is not a sound Odonto database, leaving the current one untouched', () => {
    beforeEach(() => {
      copyFileSync(inject('sqliteTemplate'), database);
    });
    const refuses = async (file: string, message: string) => {
      const before = snapshot();
      const refused = await restore(file);
      expect(refused.code, refused.stdout).toBe(1);
      expect(refused.stderr).toContain(message);
      expect(refused.stderr).toContain(UNTOUCHED);
      expect(snapshot()).toEqual(before);
    };

    it('a file that is not a database', async () => {
      const file = join(workDir, 'notes.sqlite');
      writeFileSync(file, 'not a database at all, just some text\n'.repeat(200));
      await refuses(
        file,
        `${file} nu este nici o arhivă făcută cu npm run backup, nici o bază de date SQLite`,
      );
    });

    it('a damaged database (integrity_check fails)', async () => {
      const file = join(workDir, 'damaged.sqlite');
      copyFileSync(inject('sqliteTemplate'), file);
      // Page 10 (of a 4096-byte page size) overwritten: its b-tree no longer reads.
      const fd = openSync(file, 'r+');
      writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, 9 * 4096);
      closeSync(fd);
      await refuses(file, `Copia ${file} este deteriorată (PRAGMA integrity_check)`);
    });

    it('a truncated database', async () => {
      const file = join(workDir, 'truncated.sqlite');
      writeFileSync(file, readFileSync(inject('sqliteTemplate')).subarray(0, 60 * 4096));
      await refuses(file, `Copia ${file} nu poate fi citită ca bază de date`);
    });

    it('a SQLite database that is not an Odonto one', async () => {
      const file = join(workDir, 'other.sqlite');
      const other = openSqlite(file);
      other.exec('create table notes (text text)');
      other.close();
      await refuses(file, `${file} este o bază de date SQLite, dar nu una Odonto`);
    });

    it('a missing file', async () => {
      await refuses(join(workDir, 'none.sqlite'), `Nu există fișierul ${join(workDir, 'none.sqlite')}`);
    });
  });

  it('on PostgreSQL refuses a plain SQLite copy (only an archive restores there) and exits 2', async () => {
    const file = join(workDir, 'backup.sqlite');
    copyFileSync(inject('sqliteTemplate'), file);
    const refused = await restore(file, { DATABASE_URL: 'postgres://odonto@127.0.0.1:5432/odonto' });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('nu este o arhivă făcută cu npm run backup');
    expect(refused.stderr).toContain('README');
  });
});
