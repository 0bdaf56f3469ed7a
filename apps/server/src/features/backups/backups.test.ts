import { createHash } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { BackupRun, BackupSettings } from '@odonto/domain/contracts/backups';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf, loginAs } from '../../../test/http';
import { unpackArchive } from './archive-reader';

describeEachDialect('scheduled backups: /api/settings/backups', ({ useApp, dialect }) => {
  const t = useApp();

  async function adminCookie(): Promise<string> {
    const admin = await createUser(t().db, { roles: ['admin'] });
    return loginAs(t().app, admin.email, admin.password);
  }
  const schedule = (extra: Record<string, unknown> = {}) => ({
    enabled: true,
    time: '02:30',
    keep: 2,
    directory: join(t().dataDir, 'copii'),
    version: 0,
    ...extra,
  });
  const save = async (cookie: string, body: unknown) =>
    call(t().app, { method: 'PUT', url: '/api/settings/backups', cookie, body });
  const read = async (cookie: string) =>
    (await call(t().app, { url: '/api/settings/backups', cookie })).json<BackupSettings>();

  it('starts off; an admin turns it on, sees it saved with its next time, and the audit log has it', async () => {
    const cookie = await adminCookie();
    const initial = await read(cookie);
    expect(initial).toMatchObject({
      schedule: { enabled: false, version: 0 },
      lastRun: null,
      nextRunAt: null,
    });

    const saved = await save(cookie, schedule());
    expect(saved.statusCode, saved.body).toBe(200);
    // The test clock stands at 2026-03-02 09:00 UTC (11:00 in Bucharest): 02:30 comes the next day.
    expect(saved.json<BackupSettings>()).toMatchObject({
      schedule: { enabled: true, time: '02:30', keep: 2, directory: join(t().dataDir, 'copii'), version: 1 },
      nextRunAt: '2026-03-03T00:30:00.000Z',
    });
    expect((await read(cookie)).schedule.version).toBe(1);
    const audit = await t()
      .db.selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'backup_settings_update')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('answers 401 without a session, 403 to a medic, and changes nothing', async () => {
    expect((await call(t().app, { url: '/api/settings/backups' })).statusCode).toBe(401);
    expect(
      (await call(t().app, { method: 'PUT', url: '/api/settings/backups', body: schedule() })).statusCode,
    ).toBe(401);
    expect((await call(t().app, { method: 'POST', url: '/api/settings/backups/run' })).statusCode).toBe(401);
    const medic = await createUser(t().db, { roles: ['medic'] });
    const cookie = await loginAs(t().app, medic.email, medic.password);
    expect((await call(t().app, { url: '/api/settings/backups', cookie })).statusCode).toBe(403);
    expect((await save(cookie, schedule())).statusCode).toBe(403);
    expect(
      (await call(t().app, { method: 'POST', url: '/api/settings/backups/run', cookie })).statusCode,
    ).toBe(403);
    expect((await read(await adminCookie())).schedule.version).toBe(0);
  });

  it('answers 400 with the field for a wrong time, a relative directory, keep 0 or an unknown field', async () => {
    const cookie = await adminCookie();
    const cases: [Record<string, unknown>, string][] = [
      [{ time: '25:00' }, 'time'],
      [{ directory: 'copii' }, 'directory'],
      [{ directory: '' }, 'directory'],
      [{ keep: 0 }, 'keep'],
    ];
    for (const [extra, field] of cases) {
      const response = await save(cookie, schedule(extra));
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
    }
    expect((await save(cookie, { ...schedule(), bucket: 's3://x' })).statusCode).toBe(400);
  });

  it('answers 422 when the server cannot write to the directory, and 409 on a stale version', async () => {
    const cookie = await adminCookie();
    const locked = join(t().dataDir, 'locked');
    await mkdir(locked);
    await chmod(locked, 0o500);
    const refused = await save(cookie, schedule({ directory: join(locked, 'copii') }));
    const current = (await read(cookie)).schedule.version;
    // root may write anywhere: the check is then only that the directory can be created.
    if (process.getuid?.() !== 0) {
      expect(refused.statusCode).toBe(422);
      expect(errorOf(refused).fields?.['directory']).toContain('nu poate scrie');
    }
    const inFiles = await save(
      cookie,
      schedule({ directory: join(t().dataDir, 'files', 'copii'), version: current }),
    );
    expect(inFiles.statusCode).toBe(422);
    expect(errorOf(inFiles).fields?.['directory']).toContain('fișierele încărcate');

    const version = (await read(cookie)).schedule.version;
    expect((await save(cookie, schedule({ version }))).statusCode).toBe(200);
    const stale = await save(cookie, schedule({ version, keep: 5 }));
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toContain('modificate între timp');
  });

  it('"Rulează acum" writes an archive with the files, shows the last run, keeps the newest N, and refuses 409 without a directory', async () => {
    const cookie = await adminCookie();
    const without = await call(t().app, { method: 'POST', url: '/api/settings/backups/run', cookie });
    expect(without.statusCode).toBe(409);
    expect(errorOf(without).message).toContain('directorul');

    const directory = join(t().dataDir, 'copii');
    expect((await save(cookie, schedule({ enabled: false, keep: 2 }))).statusCode).toBe(200);
    const stored = Buffer.from('un fișier încărcat');
    await mkdir(join(t().dataDir, 'files', 'ab'), { recursive: true });
    await writeFile(join(t().dataDir, 'files', 'ab', 'ab01'), stored);
    // Someone else's file in the directory is never counted or deleted.
    await mkdir(directory, { recursive: true });
    await writeFile(join(directory, 'notes.txt'), 'x');

    const runs: BackupRun[] = [];
    for (let i = 0; i < 3; i += 1) {
      t().clock.advanceMinutes(1);
      // Two at once: one starts, the other is told one is under way.
      const answers = await Promise.all(
        [0, 1].map(() => call(t().app, { method: 'POST', url: '/api/settings/backups/run', cookie })),
      );
      const started = answers.find((answer) => answer.statusCode === 202);
      const busy = answers.find((answer) => answer.statusCode === 409);
      expect(started?.json<BackupRun>()).toMatchObject({ trigger: 'manual', result: 'running' });
      expect(busy && errorOf(busy).message).toContain('deja în curs');
      const finished = await t().app.backupScheduler.current;
      if (!finished) throw new Error('no run under way');
      runs.push(finished);
    }
    const last = (await read(cookie)).lastRun;
    expect(last).toMatchObject({ trigger: 'manual', result: 'ok', error: null });
    expect(last?.file).toBe(runs[2]?.file);
    const names = (await readdir(directory)).sort();
    expect(names.filter((name) => name.endsWith('.tar.gz'))).toHaveLength(2);
    expect(names).toContain('notes.txt');

    const staging = join(t().dataDir, 'unpacked');
    await mkdir(staging);
    const manifest = await unpackArchive(last?.file ?? '', staging);
    expect(manifest).toMatchObject({
      dialect,
      database: { format: dialect === 'sqlite' ? 'sqlite' : 'pg_dump-custom' },
    });
    expect(manifest.entries).toContainEqual({
      name: 'files/ab/ab01',
      size: stored.length,
      sha256: createHash('sha256').update(stored).digest('hex'),
    });
    expect(await readFile(join(staging, 'files', 'ab', 'ab01'))).toEqual(stored);
    const audit = await t()
      .db.selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'backup_run')
      .execute();
    expect(audit).toHaveLength(3);
  });

  it('the scheduler runs when the time has come, once, and a failure is shown with its message', async () => {
    const cookie = await adminCookie();
    const directory = join(t().dataDir, 'copii');
    // Saved at 11:00 Bucharest time for 11:30: due at 11:30, not before.
    expect((await save(cookie, schedule({ time: '11:30' }))).statusCode).toBe(200);
    expect(await t().app.backupScheduler.tick()).toBeNull();
    t().clock.advanceMinutes(31);
    const run = await t().app.backupScheduler.tick();
    expect(run).toMatchObject({ trigger: 'schedule', result: 'ok' });
    expect(await readdir(directory)).toHaveLength(1);
    t().clock.advanceMinutes(60);
    expect(await t().app.backupScheduler.tick()).toBeNull();

    // The next day the directory has become a file: the run fails, and says why.
    await writeFile(join(t().dataDir, 'copii-fisier'), 'x');
    await t()
      .db.updateTable('settings')
      .set({
        value: JSON.stringify({
          ...(await read(cookie)).schedule,
          directory: join(t().dataDir, 'copii-fisier'),
        }),
      })
      .where('key', '=', 'backups')
      .execute();
    t().clock.advanceMinutes(24 * 60);
    // A day later the session has expired: sign in again to read the settings.
    const later = await adminCookie();
    const failed = await t().app.backupScheduler.tick();
    expect(failed).toMatchObject({ trigger: 'schedule', result: 'error' });
    const shown = (await read(later)).lastRun;
    expect(shown?.result).toBe('error');
    expect(shown?.error).toContain('Copia nu a putut fi scrisă');
    const audit = await t()
      .db.selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'backup_run_failed')
      .execute();
    expect(audit).toHaveLength(1);
  });
});
