import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import type { BackupSettings } from '@odonto/domain/contracts/backups';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, loginAs } from '../../../test/http';
import { createBackupScheduler } from './backup-scheduler';

// A backup that goes on until the test lets it end: what a large clinic's archive is to a stopping server.
const archive = vi.hoisted(() => {
  let finish: (() => void) | null = null;
  return {
    started: false,
    finish: () => finish?.(),
    wait: () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
  };
});
vi.mock('./backup-archive', () => ({
  writeBackupArchive: async () => {
    archive.started = true;
    await archive.wait();
    return { file: 'odonto-copie.tar.gz', size: 1 };
  },
}));

describeEachDialect('the backup scheduler stopping', ({ useApp }) => {
  const t = useApp();

  it('stops within its wait while a scheduled run goes on, and the run is marked interrupted', async () => {
    const admin = await createUser(t().db, { roles: ['admin'] });
    const cookie = await loginAs(t().app, admin.email, admin.password);
    // Saved at 11:00 Bucharest time for 11:30; the clock then passes 11:30.
    const saved = await call(t().app, {
      method: 'PUT',
      url: '/api/settings/backups',
      cookie,
      body: { enabled: true, time: '11:30', keep: 2, directory: join(t().dataDir, 'copii'), version: 0 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    t().clock.advanceMinutes(31);

    const scheduler = createBackupScheduler(
      { db: t().db, now: t().clock.now, config: t().app.config, blobs: t().blobs, log: t().app.log },
      10,
    );
    scheduler.start();
    await vi.waitFor(() => expect(archive.started).toBe(true), { timeout: 5_000 });

    const stopping = performance.now();
    await scheduler.stop();
    // The scheduler waits 5 s for a run, well inside the server's 10 s drain.
    expect(performance.now() - stopping).toBeLessThan(7_000);
    const settings = (await call(t().app, { url: '/api/settings/backups', cookie })).json<BackupSettings>();
    expect(settings.lastRun).toMatchObject({
      trigger: 'schedule',
      result: 'error',
      error: 'Serverul a fost oprit în timpul copiei; copia nu a fost terminată.',
    });
    archive.finish();
    archive.started = false;
  }, 30_000);
});
