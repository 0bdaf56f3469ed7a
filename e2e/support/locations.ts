import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { openSqlite } from '../../apps/server/src/db/sqlite-driver';

/**
 * Adds a location with its chairs straight into a running server's SQLite database (a clinic of the
 * test's own), and answers their ids. The locations' admin screens are another change's: until they exist
 * this is how an e2e test makes a clinic group. Do it before the screens load: they keep the list a while.
 */
export function addLocation(
  dataDir: string,
  name: string,
  chairNames: readonly string[] = [],
): { locationId: string; chairIds: string[] } {
  const database = openSqlite(join(dataDir, 'odonto.sqlite'));
  try {
    const at = new Date().toISOString();
    const locationId = randomUUID();
    const { position } = database.prepare('SELECT max(position) AS position FROM locations').get() as {
      position: number | null;
    };
    database
      .prepare(
        `INSERT INTO locations (id, name, address, phone, position, created_at, updated_at, version)
         VALUES (?, ?, '', '', ?, ?, ?, 1)`,
      )
      .run(locationId, name, (position ?? 0) + 1, at, at);
    const chairIds = chairNames.map((chairName, index) => {
      const id = randomUUID();
      database
        .prepare(
          `INSERT INTO chairs (id, location_id, name, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(id, locationId, chairName, index + 1, at, at);
      return id;
    });
    return { locationId, chairIds };
  } finally {
    database.close();
  }
}
