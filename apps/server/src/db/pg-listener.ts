import type { FastifyBaseLogger } from 'fastify';
import type { Client } from 'pg';

export interface PgListenerOptions {
  /** The same database the app's pool uses (DATABASE_URL). */
  url: string;
  channel: string;
  log: FastifyBaseLogger;
  onNotification(payload: string): void;
  /**
   * After each connection's LISTEN is in place, the first included: what was announced while the
   * connection was down is lost, so the caller looks at the state again.
   */
  onListening(): void;
  /** The connection went away: until the next onListening, notifications are missed. */
  onLost?(): void;
  /** What the connection is called in pg_stat_activity; LISTENER_APPLICATION_NAME by default. */
  applicationName?: string;
  /** The wait before reconnecting, doubled after each failure up to `max`. */
  retryMs?: { first: number; max: number };
}

export interface PgListener {
  /** Ends the connection; no reconnecting afterwards. */
  close(): Promise<void>;
}

/** What this connection is called in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'odonto-listen';

/**
 * LISTENs on a PostgreSQL channel over one connection of its own (pg's Client: a pooled connection would be
 * handed to other queries and lose its LISTEN), and reconnects whenever that connection drops (a restart
 * of the database, a network cut, pg_terminate_backend). Resolves once the first attempt is over: if it
 * failed, the listener keeps trying in the background and the app starts anyway.
 */
export async function listenPg(options: PgListenerOptions): Promise<PgListener> {
  const { default: pg } = await import('pg');
  const { first, max } = options.retryMs ?? { first: 250, max: 10_000 };
  const { log, channel } = options;
  let client: Client | null = null;
  let isClosed = false;
  let retry: NodeJS.Timeout | null = null;
  let delay = first;

  /** The connection `lost` went away (error, end or a failed start); each is handled once. */
  const lost = (which: Client, error?: unknown) => {
    if (client !== which) return;
    client = null;
    which.end().catch(() => undefined);
    if (isClosed) return;
    options.onLost?.();
    log.warn({ err: error, channel, retryInMs: delay }, 'database listener disconnected; reconnecting');
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, max);
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: options.url,
      application_name: options.applicationName ?? LISTENER_APPLICATION_NAME,
    });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === channel) options.onNotification(message.payload ?? '');
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`listen ${next.escapeIdentifier(channel)}`);
    } catch (error) {
      lost(next, error);
      return;
    }
    if (client !== next) return;
    delay = first;
    options.onListening();
  }

  await connect();
  return {
    async close() {
      isClosed = true;
      if (retry !== null) clearTimeout(retry);
      retry = null;
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}
