import { randomUUID } from 'node:crypto';
import type { App } from '../../app-types';
import { listenPg } from '../../db/pg-listener';
import { announceStationChange, STATION_CHANNEL } from './signatures.queries';
import { StationHub } from './station-hub';

/**
 * This instance's station hub. On SQLite one process serves the clinic: the hub stays in memory. On
 * PostgreSQL any number of instances may, and a station is connected to one of them: a change is announced
 * with NOTIFY on a channel, every instance LISTENs on a connection of its own and wakes its own stations. An
 * instance knows its own announcements by its id and skips them (its stations were woken already). Closing
 * the app closes the listening connection.
 */
export async function createStationHub(app: App): Promise<StationHub> {
  const { database } = app.config;
  if (database.kind !== 'postgres') return new StationHub();
  const instance = randomUUID();
  const hub = new StationHub(() => {
    announceStationChange(app.db, instance).catch((error: unknown) =>
      app.log.error({ err: error }, 'signature station change not announced to the other instances'),
    );
  });
  const listener = await listenPg({
    url: database.url,
    channel: STATION_CHANNEL,
    log: app.log,
    onNotification: (from) => {
      if (from !== instance) hub.notifyHere();
    },
    // Changes announced while the connection was down were missed: the stations read the state again.
    onListening: () => hub.notifyHere(),
  });
  app.addHook('onClose', async () => {
    await listener.close();
  });
  return hub;
}
