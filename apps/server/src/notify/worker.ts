import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { nextAttemptAt } from '@odonto/domain/appointments';
import type { Clock } from '../app-types';
import type { Database, OutboxRow } from '../db/database';
import type { DialectName } from '../db/dialect';
import type { SmsProvider } from './sms';
import { claimDueSms, finishClaimedRow, releaseClaimedRows } from './worker.queries';

/**
 * Sends due SMS from the outbox inside the server process; every app instance on one PostgreSQL database
 * runs one, and each message goes out once (worker.queries.ts). Mails are not queued: the mailer delivers
 * each one while the request that asked for it waits (notify/mail.ts), so the worker leaves mail rows alone.
 */
export interface OutboxWorker {
  /** Looks for due messages every interval until stopped; calling it again does nothing. */
  start(): void;
  /** Stops the timer and waits for a pass in progress: it ends its current message, gives back the rest. */
  stop(): Promise<void>;
  /** One pass: claims and sends what is due now; answers how many this worker handled. */
  runOnce(): Promise<number>;
  readonly isRunning: boolean;
}

/**
 * A last look at a claimed message of one kind, just before it goes out: whatever it is about may have
 * changed since it was queued (the patient deleted, the phone number changed). `send` may name the number to
 * use now; `cancel` drops it unsent; `fail` records it failed with the reason, never sent.
 */
export type SendCheck = (
  row: OutboxRow,
  now: Date,
) => Promise<{ action: 'send'; to?: string } | { action: 'cancel' | 'fail'; reason: string }>;

interface WorkerDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  now: Clock;
  log: FastifyBaseLogger;
  sms: SmsProvider;
  intervalMs: number;
  /** Rows claimed at once, per pass. */
  batchSize?: number;
  /** A claim older than this is taken again: its worker died between claiming and recording the outcome. */
  leaseMs?: number;
  /** Checks by outbox kind (e.g. the appointment reminder's). */
  checks?: Readonly<Record<string, SendCheck>>;
}

export function createOutboxWorker(deps: WorkerDeps): OutboxWorker {
  const { db, now, log, sms } = deps;
  const batchSize = deps.batchSize ?? 20;
  const leaseMs = deps.leaseMs ?? 10 * 60_000;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<number> | null = null;
  let isStopping = false;

  async function handle(row: OutboxRow): Promise<void> {
    const startedAt = now();
    try {
      const check = row.kind === null ? undefined : deps.checks?.[row.kind];
      const verdict: Awaited<ReturnType<SendCheck>> = check
        ? await check(row, startedAt)
        : { action: 'send' };
      if (verdict.action !== 'send') {
        const status = verdict.action === 'cancel' ? 'cancelled' : 'failed';
        await finishClaimedRow(db, row, { status, at: now().toISOString(), error: verdict.reason });
        log.info({ outboxId: row.id, kind: row.kind, reason: verdict.reason }, `SMS ${status}, not sent`);
        return;
      }
      const to = verdict.to ?? row.recipient;
      await sms.send({ to, text: row.body }, { id: row.id, now: startedAt });
      await finishClaimedRow(db, row, {
        status: 'sent',
        at: now().toISOString(),
        ...(to === row.recipient ? {} : { recipient: to }),
      });
      log.info({ outboxId: row.id, kind: row.kind, provider: sms.name }, 'SMS sent');
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const failedAt = now();
      const retryAt = nextAttemptAt(failedAt.getTime(), row.attempts + 1);
      log.warn({ outboxId: row.id, attempts: row.attempts + 1, retryAt, err: error }, 'SMS not sent');
      await finishClaimedRow(
        db,
        row,
        retryAt === null
          ? { status: 'failed', at: failedAt.toISOString(), error: reason }
          : {
              status: 'queued',
              at: failedAt.toISOString(),
              retryAt: new Date(retryAt).toISOString(),
              error: reason,
            },
      );
    }
  }

  async function pass(): Promise<number> {
    const claimedAt = now();
    const claimed = await claimDueSms(db, deps.dialect, {
      at: claimedAt.toISOString(),
      staleClaimBefore: new Date(claimedAt.getTime() - leaseMs).toISOString(),
      limit: batchSize,
    });
    const giveBack = (from: number) =>
      releaseClaimedRows(
        db,
        claimed.slice(from).map((row) => row.id),
        claimedAt.toISOString(),
        now().toISOString(),
      );
    let handled = 0;
    try {
      for (const row of claimed) {
        // The server is draining, or the batch has held its claim for half the lease (a slow gateway): the
        // rest goes back to the queue now, before another worker could think this one dead and send it too.
        if (isStopping || now().getTime() - claimedAt.getTime() > leaseMs / 2) {
          await giveBack(handled);
          break;
        }
        await handle(row);
        handled += 1;
      }
    } catch (error) {
      // Recording an outcome failed (the database went away): the untried rest need not wait for the lease.
      await giveBack(handled + 1).catch(() => undefined);
      throw error;
    }
    return handled;
  }

  function runOnce(): Promise<number> {
    // One pass at a time per worker; a timer tick during a slow pass joins it.
    current ??= pass().finally(() => {
      current = null;
    });
    return current;
  }

  function schedule(): void {
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => log.error({ err: error }, 'outbox worker pass failed'))
        .finally(() => {
          if (timer !== null) schedule();
        });
    }, deps.intervalMs);
    timer.unref();
  }

  return {
    start() {
      if (timer !== null) return;
      schedule();
    },
    async stop() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      isStopping = true;
      await current?.catch(() => undefined);
      isStopping = false;
    },
    runOnce,
    get isRunning() {
      return timer !== null;
    },
  };
}
