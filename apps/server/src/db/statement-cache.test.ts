import { Kysely, Migrator, SqliteDialect, sql, type Generated, type Migration } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache, type StatementCache } from './statement-cache';
import { openSqlite } from './sqlite-driver';

interface Tables {
  t: { id: Generated<number>; name: string; extra?: string | null };
}

let open: Kysely<Tables>[] = [];
afterEach(async () => {
  await Promise.all(open.map((db) => db.destroy()));
  open = [];
});

function connect(capacity?: number): { db: Kysely<Tables>; cache: StatementCache } {
  const cache = withStatementCache(openSqlite(':memory:'), capacity);
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: cache }) });
  open.push(db);
  return { db, cache };
}

async function createTable(db: Kysely<Tables>): Promise<void> {
  await sql`create table t (id integer primary key, name text not null)`.execute(db);
}

describe('SQLite statement cache', () => {
  it('prepares the same SQL once, however often it runs, with different parameters', async () => {
    const { db, cache } = connect();
    await createTable(db);
    const before = cache.prepared;
    for (const name of ['Ana', 'Ion', 'Dan']) await db.insertInto('t').values({ name }).execute();
    const find = (name: string) => db.selectFrom('t').select('id').where('name', '=', name).execute();
    expect(await find('Ion')).toEqual([{ id: 2 }]);
    expect(await find('Dan')).toEqual([{ id: 3 }]);
    expect(cache.prepared - before).toBe(2);
  });

  it('keeps reads and writes apart: rows for a select or RETURNING, changes and the id for a write', async () => {
    const { db } = connect();
    await createTable(db);
    for (let i = 0; i < 2; i += 1) {
      const inserted = await db
        .insertInto('t')
        .values({ name: `n${i}` })
        .executeTakeFirst();
      expect(inserted.insertId).toBe(BigInt(2 * i + 1));
      expect(inserted.numInsertedOrUpdatedRows).toBe(1n);
      const updated = await db
        .updateTable('t')
        .set({ name: 'x' })
        .where('id', '=', 2 * i + 1)
        .executeTakeFirst();
      expect(updated.numUpdatedRows).toBe(1n);
      const returned = await db.insertInto('t').values({ name: 'r' }).returning(['id', 'name']).execute();
      expect(returned).toEqual([{ id: 2 * i + 2, name: 'r' }]);
    }
    expect(await db.selectFrom('t').select('name').orderBy('id').execute()).toEqual([
      { name: 'x' },
      { name: 'r' },
      { name: 'x' },
      { name: 'r' },
    ]);
  });

  it('holds at most its capacity, dropping the least recently used', async () => {
    const { db, cache } = connect(3);
    const run = (n: number) => sql`select ${sql.lit(n)} as n`.execute(db);
    await run(1);
    await run(2);
    await run(3);
    await run(1); // 1 is now the most recent; 2 the least.
    await run(4);
    expect(cache.size).toBe(3);
    const prepared = cache.prepared;
    await run(1);
    await run(3);
    await run(4);
    expect(cache.prepared).toBe(prepared);
    await run(2);
    expect(cache.prepared).toBe(prepared + 1);
    expect(cache.size).toBe(3);
  });

  it('answers the new schema after a migration, from the statement it kept', async () => {
    const { db, cache } = connect();
    const migrations: Record<string, Migration> = {
      '0001': { up: async (trx) => createTable(trx as unknown as Kysely<Tables>) },
    };
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    await migrator.migrateToLatest();
    await db.insertInto('t').values({ name: 'Ana' }).execute();
    const all = () => db.selectFrom('t').selectAll().execute();
    expect(await all()).toEqual([{ id: 1, name: 'Ana' }]);
    migrations['0002'] = {
      up: async (trx) => {
        await sql`alter table t add column extra text default 'nou'`.execute(trx);
      },
    };
    await migrator.migrateToLatest();
    const prepared = cache.prepared;
    expect(await all()).toEqual([{ id: 1, name: 'Ana', extra: 'nou' }]);
    expect(cache.prepared).toBe(prepared);
    // A table dropped and made again under the same name: the kept statement reads the new one.
    await sql`drop table t`.execute(db);
    await sql`create table t (id integer primary key, name text not null, extra text)`.execute(db);
    await db.insertInto('t').values({ name: 'Ion', extra: null }).execute();
    expect(await all()).toEqual([{ id: 1, name: 'Ion', extra: null }]);
  });
});
