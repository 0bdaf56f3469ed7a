import { describe, expect, it } from 'vitest';
import { sqliteDriver, sqlitePackageFor } from './sqlite-driver';

describe('sqlitePackageFor', () => {
  it.each([
    ['20.19.2', 'better-sqlite3-node20'],
    ['21.7.3', 'better-sqlite3-node20'],
    ['22.12.0', 'better-sqlite3'],
    ['24.21.0', 'better-sqlite3'],
    ['26.1.0', 'better-sqlite3'],
  ] as const)('Node.js %s uses %s', (version, expected) => {
    expect(sqlitePackageFor(version)).toBe(expected);
  });
});

describe('sqliteDriver', () => {
  it('opens a database with the build for the running Node.js, and statements survive collection', () => {
    const Sqlite = sqliteDriver();
    const database = new Sqlite(':memory:');
    try {
      database.exec('create table t (n integer)');
      for (let n = 0; n < 2_000; n += 1) database.prepare('insert into t values (?)').run(n);
      expect(database.prepare('select count(*) as c from t').get()).toEqual({ c: 2_000 });
    } finally {
      database.close();
    }
  });
});
