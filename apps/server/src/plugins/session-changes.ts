import type { App } from '../app-types';
import { listenPg } from '../db/pg-listener';
import { observeStatements } from '../db/statement-observers';
import { changesSessions, SessionCache } from './session-cache';

/** The channel on which PostgreSQL announces a change to `users` or `sessions` (migration 0037's triggers). */
export const SESSIONS_CHANNEL = 'odonto_sessions';
/** What the session cache's listening connection is called in pg_stat_activity. */
export const SESSIONS_LISTENER_NAME = 'odonto-listen-sessions';

/**
 * This instance's session cache, emptied whenever a session or a user changes (decision 0066):
 * - by this process: each statement its database handle runs that writes `users` or `sessions`, seen
 *   before the statement's caller goes on, so the request that signs out or deactivates someone answers
 *   after the cache has forgotten them;
 * - on PostgreSQL, by any instance or program: the tables' triggers NOTIFY when the change commits, and
 *   every instance LISTENs. While the listening connection is down the cache is off, and every check reads
 *   the database, as it does on a handle whose statements cannot be seen.
 */
export async function createSessionCache(app: App): Promise<SessionCache> {
  const cache = new SessionCache({ isOn: false });
  const stopObserving = observeStatements(app.db, (sqlText) => {
    if (changesSessions(sqlText)) cache.clear();
  });
  if (!stopObserving) return cache;
  app.addHook('onClose', async () => {
    stopObserving();
  });
  const { database } = app.config;
  if (database.kind !== 'postgres') {
    cache.resume();
    return cache;
  }
  const listener = await listenPg({
    url: database.url,
    channel: SESSIONS_CHANNEL,
    applicationName: SESSIONS_LISTENER_NAME,
    log: app.log,
    onNotification: () => cache.clear(),
    onListening: () => cache.resume(),
    onLost: () => cache.suspend(),
  });
  app.addHook('onClose', async () => {
    await listener.close();
  });
  return cache;
}
