import { randomUUID } from 'node:crypto';
import { statusPollAt, uploadRetryAt } from '@odonto/domain/efactura-sending';
import { EFACTURA_MESSAGES } from '@odonto/domain/contracts/efactura';
import type { EfacturaSubmissionRow } from '../../db/database';
import { toJsonText } from '../../db/json';
import { uploadInvoice, type UploadOutcome } from './anaf-client';
import { resolveFromMessages } from './efactura-lookup';
import { readConnection, type Connection } from './efactura-connection.service';
import { pollSubmission } from './efactura-poll';
import { NotConnectedError, withAccessToken } from './efactura-tokens.service';
import type { EfacturaContext } from './efactura-context';
import {
  claimForUpload,
  findDueSubmissionIds,
  findSubmissionById,
  markInterrupted,
  postponeQueued,
  recordUpload,
  releaseUpload,
} from './efactura.queries';

/**
 * Sends queued documents to ANAF and follows them to ok / nok, beside the outbox worker (OUTBOX_WORKER).
 *
 * Exactly once: a row is claimed as 'uploading' (committed) before its POST, and ANAF's upload index is the
 * first thing written when the POST answers. An 'uploading' row whose claim expired — its worker died
 * between the two — may be at ANAF already, so it is never uploaded again: it becomes 'check', and the
 * worker looks for it in ANAF's message list (efactura-lookup.ts) or an admin resolves it from SPV.
 */
export interface EfacturaWorker {
  start(): void;
  stop(): Promise<void>;
  /** One pass over what is due now; answers how many submissions it moved. */
  runOnce(): Promise<number>;
  readonly isRunning: boolean;
}

/** Points where a process can die; tests throw there to leave a row as a crash would. */
export type WorkerStep = 'claimed' | 'answered';

export interface EfacturaWorkerDeps {
  ctx: EfacturaContext;
  intervalMs: number;
  batchSize?: number;
  /** A claim older than this is considered abandoned (its worker died). */
  leaseMs?: number;
  /** How often 'check' rows are looked up in ANAF's message list. */
  lookupIntervalMs?: number;
  onStep?: (step: WorkerStep, submissionId: string) => Promise<void>;
}

/** While the connection is missing, queued documents are looked at again this often. */
const NOT_CONNECTED_RETRY_MS = 15 * 60_000;

export function createEfacturaWorker(deps: EfacturaWorkerDeps): EfacturaWorker {
  const { ctx } = deps;
  const batchSize = deps.batchSize ?? 20;
  const leaseMs = deps.leaseMs ?? 10 * 60_000;
  const lookupIntervalMs = deps.lookupIntervalMs ?? 15 * 60_000;
  let lastLookupAt = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<number> | null = null;

  const iso = (ms: number) => new Date(ms).toISOString();

  async function upload(row: EfacturaSubmissionRow, connection: Connection): Promise<boolean> {
    const lease = randomUUID();
    const claimed = await claimForUpload(ctx.db, row.id, ctx.now().toISOString(), lease);
    if (!claimed) return false;
    await deps.onStep?.('claimed', claimed.id);
    let outcome: UploadOutcome;
    try {
      outcome = await withAccessToken(ctx, connection, (api) =>
        uploadInvoice(api, { cif: claimed.cif, b2c: claimed.b2c === 1, xml: claimed.xml }),
      );
    } catch (error) {
      // The token could not be had or renewed: the upload was not made, or ANAF answered 401 to it.
      if (error instanceof NotConnectedError) {
        const at = ctx.now().getTime();
        await releaseUpload(
          ctx.db,
          claimed,
          {
            state: 'queued',
            attempts: claimed.attempts - 1,
            next_attempt_at: iso(at + NOT_CONNECTED_RETRY_MS),
            last_error: error.message,
          },
          iso(at),
        );
        return true;
      }
      outcome = { kind: 'retry', reason: error instanceof Error ? error.message : String(error) };
    }
    const at = ctx.now().getTime();
    switch (outcome.kind) {
      case 'accepted': {
        await deps.onStep?.('answered', claimed.id);
        const recorded = await recordUpload(
          ctx.db,
          claimed.id,
          outcome.uploadIndex,
          iso(at),
          iso(statusPollAt(at, 0)),
        );
        if (!recorded) {
          ctx.log.error(
            { submissionId: claimed.id, uploadIndex: outcome.uploadIndex },
            'upload index not recorded',
          );
        }
        ctx.log.info({ submissionId: claimed.id, uploadIndex: outcome.uploadIndex }, 'e-Factura uploaded');
        return true;
      }
      case 'refused':
        await releaseUpload(
          ctx.db,
          claimed,
          { state: 'failed', errors: toJsonText(outcome.errors), next_attempt_at: null, last_error: null },
          iso(at),
        );
        return true;
      case 'unknown':
        await releaseUpload(
          ctx.db,
          claimed,
          {
            state: 'check',
            next_attempt_at: null,
            last_error: `${EFACTURA_MESSAGES.uploadTimeout} (${outcome.reason})`,
          },
          iso(at),
        );
        ctx.log.warn(
          { submissionId: claimed.id, reason: outcome.reason },
          'e-Factura upload unanswered: to check',
        );
        return true;
      case 'unauthorized':
      case 'retry': {
        const reason = outcome.kind === 'retry' ? outcome.reason : EFACTURA_MESSAGES.tokenRejected;
        const retryAt = uploadRetryAt(at, claimed.attempts);
        await releaseUpload(
          ctx.db,
          claimed,
          retryAt === null
            ? { state: 'failed', next_attempt_at: null, last_error: reason }
            : { state: 'queued', next_attempt_at: iso(retryAt), last_error: reason },
          iso(at),
        );
        return true;
      }
    }
  }

  async function handle(id: string): Promise<boolean> {
    const row = await findSubmissionById(ctx.db, id);
    if (!row) return false;
    const at = ctx.now().getTime();
    if (row.state === 'uploading') {
      const marked = await markInterrupted(
        ctx.db,
        id,
        iso(at),
        iso(at - leaseMs),
        EFACTURA_MESSAGES.interrupted,
      );
      if (marked)
        ctx.log.warn({ submissionId: id }, 'e-Factura upload interrupted: to check, not sent again');
      return marked;
    }
    const connection = await readConnection(ctx);
    if (!connection) {
      if (row.state === 'queued') {
        await postponeQueued(
          ctx.db,
          id,
          iso(at),
          iso(at + NOT_CONNECTED_RETRY_MS),
          EFACTURA_MESSAGES.notConfigured,
        );
      }
      return false;
    }
    if (row.state === 'queued') return upload(row, connection);
    if (row.state === 'uploaded') return pollSubmission(ctx, connection, row, leaseMs);
    return false;
  }

  async function pass(): Promise<number> {
    const at = ctx.now().getTime();
    const ids = await findDueSubmissionIds(ctx.db, iso(at), iso(at - leaseMs), batchSize);
    let handled = 0;
    for (const id of ids) if (await handle(id)) handled += 1;
    if (at - lastLookupAt >= lookupIntervalMs) {
      lastLookupAt = at;
      const connection = await readConnection(ctx);
      if (connection) {
        handled += await resolveFromMessages(ctx, connection, (call) =>
          withAccessToken(ctx, connection, call),
        ).catch((error: unknown) => {
          ctx.log.warn({ err: error }, 'e-Factura message list lookup failed');
          return 0;
        });
      }
    }
    return handled;
  }

  function runOnce(): Promise<number> {
    current ??= pass().finally(() => {
      current = null;
    });
    return current;
  }

  function schedule(): void {
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => ctx.log.error({ err: error }, 'e-Factura worker pass failed'))
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
      await current?.catch(() => undefined);
    },
    runOnce,
    get isRunning() {
      return timer !== null;
    },
  };
}
