import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import type { Clock } from '../app-types';
import type { Database } from '../db/database';
import { countRateLimitHit, deleteEndedRateLimits, readRateLimit } from './rate-limit.queries';

/** Ended windows are swept at most this often, by the instance that counts a hit then. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];
/** What @fastify/rate-limit 11 passes to `child` at run time: its own options, the route's under `routeInfo`. */
interface RouteLimitOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * @fastify/rate-limit's store with its counters in the database (decision 0049): on PostgreSQL the
 * instances of a clinic group count a client's sign-in attempts together. Each route counts on its own,
 * as with the plugin's in-memory store. A window is fixed: it starts at the first hit and ends `timeWindow`
 * later, whatever comes in between.
 */
export function databaseRateLimitStore(db: Kysely<Database>, now: Clock): FastifyRateLimitStoreCtor {
  const sweep = { lastMs: 0 };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly route = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const nowMs = now().getTime();
      countRateLimitHit(db, `${this.route}${key}`, nowMs, timeWindow)
        .then(async (count) => {
          if (nowMs - sweep.lastMs > SWEEP_EVERY_MS) {
            sweep.lastMs = nowMs;
            await deleteEndedRateLimits(db, nowMs);
          }
          callback(null, { current: count.hits, ttl: count.windowEndsAt - nowMs });
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    }

    read(key: string, callback: Callback): void {
      const nowMs = now().getTime();
      readRateLimit(db, `${this.route}${key}`, nowMs)
        .then((count) =>
          callback(
            null,
            count ? { current: count.hits, ttl: count.windowEndsAt - nowMs } : { current: 0, ttl: 0 },
          ),
        )
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    }

    child(options: ChildOptions): FastifyRateLimitStore {
      const route = (options as RouteLimitOptions).routeInfo ?? options;
      const method = [route.method ?? ''].flat().join(',');
      return new DatabaseRateLimitStore(options, `${method} ${route.url ?? ''} `);
    }
  }

  return DatabaseRateLimitStore;
}
