import { isBackupDue } from '@odonto/domain/backups';
import type { BackupRun } from '@odonto/domain/contracts/backups';
import type { App } from '../../app-types';
import type { AuditActor } from '../../plugins/audit';
import {
  claimRun,
  completeRun,
  markInterrupted,
  readLastRun,
  readSchedule,
  type BackupsDeps,
} from './backups.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the scheduled backup (Setări → Copii de siguranță) and "Rulează acum"; one run at a time. */
    backupScheduler: BackupScheduler;
  }
}

export interface BackupScheduler {
  start(): void;
  stop(): Promise<void>;
  /** Starts a run now unless one is under way; answers it as claimed ('running'), or null when busy. */
  runNow(actor: AuditActor): Promise<BackupRun | null>;
  /** One look at the schedule: starts the run when it is due; answers the finished run, or null. */
  tick(): Promise<BackupRun | null>;
  /** The run under way in this process, if any. */
  readonly current: Promise<BackupRun> | null;
}

const SYSTEM: AuditActor = { userId: null, userEmail: null, ip: null };
const TICK_MS = 30_000;
const STOP_WAIT_MS = 5_000;

/**
 * The schedule lives in the database, so a restarted server picks it up at its first tick (and catches up
 * once on a time it missed while down). One run at a time: in this process the run under way is kept, and
 * across servers on one PostgreSQL database the run's row is claimed with a compare-and-swap.
 */
export function createBackupScheduler(deps: BackupsDeps, tickMs = TICK_MS): BackupScheduler {
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<BackupRun> | null = null;
  let ticking: Promise<unknown> | null = null;
  let claim: { run: BackupRun; text: string } | null = null;

  async function begin(trigger: BackupRun['trigger'], actor: AuditActor): Promise<BackupRun | null> {
    if (current) return null;
    const claimed = await claimRun(deps, trigger);
    if (!claimed || current) return null;
    claim = claimed;
    current = completeRun(deps, claimed, actor).finally(() => {
      current = null;
      claim = null;
    });
    // Nobody may wait for a run started by the clock; a failure of its own bookkeeping is logged, not lost.
    void current.catch((error: unknown) => deps.log.error({ err: error }, 'backup run failed'));
    return claimed.run;
  }

  /** One look at the schedule: starts the run when it is due (not waiting for it); true when it did. */
  async function check(): Promise<boolean> {
    const { schedule } = await readSchedule(deps.db);
    const { run } = await readLastRun(deps.db);
    if (!isBackupDue(schedule, run?.startedAt ?? null, deps.now())) return false;
    return (await begin('schedule', SYSTEM)) !== null;
  }

  async function tick(): Promise<BackupRun | null> {
    return (await check()) && current ? current : null;
  }

  function schedule(): void {
    timer = setTimeout(() => {
      // Only the look and the claim: stop() waits for this, and a run under way is waited for at most
      // STOP_WAIT_MS there (the run itself, waited for here, kept a stopping server past its 10 s drain).
      ticking = check()
        .catch((error: unknown) => deps.log.error({ err: error }, 'backup schedule check failed'))
        .finally(() => {
          ticking = null;
          if (timer) schedule();
        });
    }, tickMs);
    timer.unref();
  }

  return {
    start() {
      if (!timer) schedule();
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await ticking;
      const running = current;
      if (!running || !claim) return;
      // The drain has 10 s: a long backup is not waited for; its row says it was interrupted, so the
      // next start neither shows it as running nor waits for it (the half-written .part file is removed
      // with the staging folder the next time, or by hand).
      const stopped = claim;
      const done = await Promise.race([
        running.then(() => true).catch(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), STOP_WAIT_MS).unref()),
      ]);
      if (!done) await markInterrupted(deps, stopped);
    },
    runNow: (actor) => begin('manual', actor),
    tick,
    get current() {
      return current;
    },
  };
}

/** Decorates the app with the scheduler; a listening server starts it (OUTBOX_WORKER), closing stops it. */
export function registerBackupScheduler(app: App): void {
  app.decorate(
    'backupScheduler',
    createBackupScheduler({
      db: app.db,
      now: () => app.now(),
      config: app.config,
      blobs: app.blobs,
      log: app.log,
    }),
  );
  app.addHook('onListen', async () => {
    if (app.config.outboxWorker.enabled) app.backupScheduler.start();
  });
  app.addHook('onClose', async () => {
    await app.backupScheduler.stop();
  });
}
