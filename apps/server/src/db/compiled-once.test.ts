import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteDialect,
  sql,
  type Generated,
} from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { compileOnce, runOnce, transformedValue } from './compiled-once';
import type { Database } from './database';
import { openSqlite } from './sqlite-driver';

interface Tables {
  t: { id: Generated<number>; name: string; city: string | null };
}

let open: Kysely<Tables>[] = [];
afterEach(async () => {
  await Promise.all(open.map((db) => db.destroy()));
  open = [];
});

async function sqliteWithRows(): Promise<Kysely<Tables>> {
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: openSqlite(':memory:') }) });
  open.push(db);
  await sql`create table t (id integer primary key, name text not null, city text)`.execute(db);
  await db
    .insertInto('t')
    .values([
      { name: 'Ana', city: 'Cluj' },
      { name: 'Ion', city: 'Iași' },
      { name: 'Dan', city: 'Cluj' },
      { name: '50%_off', city: null },
    ])
    .execute();
  return db;
}

/** PostgreSQL's compiler without a server: compileOnce never runs what it compiles. */
function postgresCompiler(): Kysely<Tables> {
  return new Kysely<Tables>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

type Filter = { name?: string; city?: string; ids?: number[]; limit: number };

/** A query whose text depends on which values are present, the way the patient list's does. */
function filtered(db: Kysely<Tables>, builds: { marked: number }) {
  return (values: Filter) => {
    if (typeof values.limit !== 'number') builds.marked += 1;
    let query = db.selectFrom('t').select(['id', 'name']);
    if (values.name !== undefined) {
      query = query.where(
        'name',
        'like',
        transformedValue(values.name, (name) => `%${name}%`),
      );
    }
    if (values.city !== undefined) query = query.where('city', '=', values.city);
    if (values.ids !== undefined) query = query.where('id', 'in', values.ids);
    return query.orderBy('id').limit(values.limit);
  };
}

const asDatabase = (db: Kysely<Tables>) => db as unknown as Kysely<Database>;

describe('query text built once (compileOnce)', () => {
  it('builds a shape once; each later call of it only puts its own values into the parameters', async () => {
    const db = await sqliteWithRows();
    const builds = { marked: 0 };
    const build = filtered(db, builds);
    const cases: [Filter, string[]][] = [
      [{ city: 'Cluj', limit: 10 }, ['Ana', 'Dan']],
      [{ city: 'Iași', limit: 10 }, ['Ion']],
      [{ city: 'Cluj', limit: 1 }, ['Ana']],
    ];
    for (const [values, names] of cases) {
      const rows = await runOnce(asDatabase(db), 'test:filtered', values, build);
      expect(rows.map((row) => row.name)).toEqual(names);
    }
    expect(builds.marked).toBe(1);
    const compiled = compileOnce(db, 'test:filtered', { city: 'Arad', limit: 5 }, build);
    expect(compiled.sql).toBe('select "id", "name" from "t" where "city" = ? order by "id" limit ?');
    expect(compiled.parameters).toEqual(['Arad', 5]);
  });

  it.each<[string, Filter, string, unknown[]]>([
    ['no filter', { limit: 3 }, 'select "id", "name" from "t" order by "id" limit ?', [3]],
    [
      'a search, written through its transform',
      { name: 'n', limit: 3 },
      'select "id", "name" from "t" where "name" like ? order by "id" limit ?',
      ['%n%', 3],
    ],
    [
      'a search and a city',
      { name: 'a', city: 'Cluj', limit: 3 },
      'select "id", "name" from "t" where "name" like ? and "city" = ? order by "id" limit ?',
      ['%a%', 'Cluj', 3],
    ],
    [
      'an in list of two',
      { ids: [1, 3], limit: 3 },
      'select "id", "name" from "t" where "id" in (?, ?) order by "id" limit ?',
      [1, 3, 3],
    ],
    [
      'an in list of three',
      { ids: [4, 2, 1], limit: 3 },
      'select "id", "name" from "t" where "id" in (?, ?, ?) order by "id" limit ?',
      [4, 2, 1, 3],
    ],
  ])(
    'keeps apart the shapes that differ in which values are present: %s',
    async (_, values, text, parameters) => {
      const db = await sqliteWithRows();
      const build = filtered(db, { marked: 0 });
      // Every other shape first, so that a shape confused with another would answer the other's text.
      for (const other of [
        { limit: 1 },
        { name: 'x', limit: 1 },
        { city: 'x', limit: 1 },
        { ids: [9], limit: 1 },
      ]) {
        compileOnce(db, 'test:filtered', other, build);
      }
      const compiled = compileOnce(db, 'test:filtered', values, build);
      expect(compiled.sql).toBe(text);
      expect(compiled.parameters).toEqual(parameters);
    },
  );

  it('keeps each database handle its own texts: PostgreSQL numbers its placeholders', () => {
    const sqlite = new Kysely<Tables>({ dialect: new SqliteDialect({ database: openSqlite(':memory:') }) });
    open.push(sqlite);
    const postgres = postgresCompiler();
    const values = { city: 'Cluj', limit: 2 };
    expect(compileOnce(sqlite, 'test:filtered', values, filtered(sqlite, { marked: 0 })).sql).toContain(
      '"city" = ? order by "id" limit ?',
    );
    const compiled = compileOnce(postgres, 'test:filtered', values, filtered(postgres, { marked: 0 }));
    expect(compiled.sql).toContain('"city" = $1 order by "id" limit $2');
    expect(compiled.parameters).toEqual(['Cluj', 2]);
  });

  it('writes a literal into the text, one text per value of it, the other values as parameters', async () => {
    const postgres = postgresCompiler();
    const build = filtered(postgres, { marked: 0 });
    const options = { literals: ['limit'] };
    const ten = compileOnce(postgres, 'test:literal', { city: 'Cluj', limit: 10 }, build, options);
    expect(ten.sql).toBe('select "id", "name" from "t" where "city" = $1 order by "id" limit 10');
    expect(ten.parameters).toEqual(['Cluj']);
    const two = compileOnce(postgres, 'test:literal', { city: 'Iași', limit: 2 }, build, options);
    expect(two.sql).toBe('select "id", "name" from "t" where "city" = $1 order by "id" limit 2');
    expect(two.parameters).toEqual(['Iași']);
    // The first text is kept for its own value.
    expect(compileOnce(postgres, 'test:literal', { city: 'Arad', limit: 10 }, build, options).sql).toBe(
      ten.sql,
    );

    const db = await sqliteWithRows();
    const rows = (limit: number) =>
      runOnce(asDatabase(db), 'test:literal', { city: 'Cluj', limit }, filtered(db, { marked: 0 }), options);
    expect((await rows(10)).map((row) => row.name)).toEqual(['Ana', 'Dan']);
    expect((await rows(1)).map((row) => row.name)).toEqual(['Ana']);
  });

  it.each([1.5, -1, Number.NaN])('refuses a literal that is not a non-negative integer: %s', (limit) => {
    const postgres = postgresCompiler();
    expect(() =>
      compileOnce(postgres, 'test:bad-literal', { limit }, filtered(postgres, { marked: 0 }), {
        literals: ['limit'],
      }),
    ).toThrow(/must be a non-negative integer/);
  });

  it('writes an insert once per set of columns, nulls included as parameters', async () => {
    const db = await sqliteWithRows();
    const insert = (values: { name: string; city: string | null }) =>
      runOnce(asDatabase(db), 'test:insert', values, (marked) => db.insertInto('t').values(marked));
    await insert({ name: 'Eva', city: null });
    await insert({ name: 'Geo', city: 'Arad' });
    const rows = await db
      .selectFrom('t')
      .select(['name', 'city'])
      .where('id', '>', 4)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { name: 'Eva', city: null },
      { name: 'Geo', city: 'Arad' },
    ]);
  });

  it('fails, in the test suite, a build whose text depends on a value its shape leaves out', async () => {
    const db = await sqliteWithRows();
    // The limit decides the text here (a value used as more than a value): the shape does not say so.
    const wrong = (values: { limit: number }) =>
      typeof values.limit === 'number' && values.limit > 5
        ? db.selectFrom('t').select('id').limit(values.limit)
        : db.selectFrom('t').select('id').where('city', 'is not', null).limit(values.limit);
    expect(() => compileOnce(db, 'test:wrong', { limit: 10 }, wrong)).toThrow(
      /differs from its plain compile/,
    );
  });
});
