import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { App, Clock } from '../../app-types';
import type { Database } from '../../db/database';
import type { FileStore } from '../../files/store';
import { createSecretBox, loadSecretKey, type SecretBox } from './secret-box';

/** What the e-Factura connection, routes and worker share. */
export interface EfacturaContext {
  db: Kysely<Database>;
  now: Clock;
  log: FastifyBaseLogger;
  store: FileStore;
  /** The key is read (or created) on first use, not at start-up. */
  secrets(): Promise<SecretBox>;
  /** How long one call to ANAF may take. */
  httpTimeoutMs: number;
}

/** ANAF answers most calls in a second or two; an upload of a large XML can take longer. */
export const DEFAULT_HTTP_TIMEOUT_MS = 60_000;

export function efacturaContext(app: App, overrides: Partial<EfacturaContext> = {}): EfacturaContext {
  let box: Promise<SecretBox> | null = null;
  return {
    db: app.db,
    now: () => app.now(),
    log: app.log,
    store: { db: app.db, blobs: app.blobs, now: () => app.now() },
    secrets: () => {
      box ??= loadSecretKey(app.config.secretKey, app.config.dataDir).then(createSecretBox);
      // A failed load is tried again next time (e.g. a data dir that was not writable yet).
      box.catch(() => {
        box = null;
      });
      return box;
    },
    httpTimeoutMs: DEFAULT_HTTP_TIMEOUT_MS,
    ...overrides,
  };
}
