import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test/build-test-app';
import { adminQuery, databaseUrl } from '../../test/test-databases';
import { connectDatabase, type DatabaseHandle } from './connect';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations/index';

// Several app instances starting together on one new PostgreSQL database, each with its own pool.
describe.runIf(TEST_DIALECTS.includes('postgres'))('migrations when several instances start at once', () => {
  const opened: DatabaseHandle[] = [];
  let database: string | null = null;
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((handle) => handle.close()));
    if (database) await adminQuery(`drop database if exists ${database} with (force)`);
    database = null;
  });

  it('applies every migration exactly once; every instance starts', async () => {
    database = `odonto_migrate_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${database}`);
    for (let i = 0; i < 4; i += 1)
      opened.push(await connectDatabase({ kind: 'postgres', url: databaseUrl(database) }));

    let waited = 0;
    const applied = await Promise.all(
      opened.map((handle) => migrateToLatest(handle.db, 'postgres', { onWait: () => (waited += 1) })),
    );

    const names = Object.keys(migrations('postgres'));
    // One instance ran them all; the others found nothing left to do.
    expect(applied.flat().sort()).toEqual([...names].sort());
    expect(applied.filter((list) => list.length > 0)).toHaveLength(1);
    expect(waited).toBe(3);
    const recorded = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      opened[0]!.db,
    );
    expect(recorded.rows.map((row) => row.name)).toEqual(names);
  });
});
