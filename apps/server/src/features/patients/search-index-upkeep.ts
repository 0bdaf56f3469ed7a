import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { App } from '../../app-types';
import type { Database } from '../../db/database';
import { mergeSearchIndex } from './patients-search-index.queries';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export interface SearchIndexUpkeep {
  start(): void;
  /** Stops the timer and waits for a merge under way. */
  stop(): Promise<void>;
  /** One merge now (the timer's work). */
  runOnce(): Promise<void>;
}

/**
 * SQLite: the patients' search index merged into one segment a minute after the server starts, then once a
 * day (mergeSearchIndex; decision 0070). A clinic adds a few dozen patients a day; a day's writes leave a
 * few small segments, which the next merge folds in. A merge that fails is logged and tried at the next turn.
 */
export function createSearchIndexUpkeep(
  deps: { db: Kysely<Database>; log: FastifyBaseLogger },
  timing: { firstMs: number; everyMs: number } = { firstMs: MINUTE_MS, everyMs: DAY_MS },
): SearchIndexUpkeep {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const runOnce = (): Promise<void> => {
    running ??= mergeSearchIndex(deps.db, 'sqlite')
      .catch((error: unknown) => deps.log.error({ err: error }, 'merging the patient search index failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const schedule = (ms: number) => {
    timer = setTimeout(() => {
      void runOnce().finally(() => {
        if (timer) schedule(timing.everyMs);
      });
    }, ms);
    timer.unref();
  };

  return {
    start() {
      if (!timer) schedule(timing.firstMs);
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
    runOnce,
  };
}

/** On SQLite, starts the upkeep with the server's background work (OUTBOX_WORKER) and stops it on close. */
export function registerSearchIndexUpkeep(app: App): void {
  if (app.dialect !== 'sqlite') return;
  const upkeep = createSearchIndexUpkeep({ db: app.db, log: app.log });
  app.addHook('onListen', async () => {
    if (app.config.outboxWorker.enabled) upkeep.start();
  });
  app.addHook('onClose', async () => {
    await upkeep.stop();
  });
}
