import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

export type SqliteDatabase = BetterSqlite3.Database;
export type SqliteDriver = typeof BetterSqlite3;

/** The two builds of better-sqlite3 in package.json (decision 0041). */
export type SqlitePackage = 'better-sqlite3' | 'better-sqlite3-node20';

/**
 * better-sqlite3 13 (Node-API) on Node.js 22 and newer; 12 on Node.js 20. Version 12 aborts the process on
 * Node.js 24 (its statements' destructor trips Node's cleanup-hook check when they are collected after the
 * environment is gone), and version 13 crashes on Node.js 20, so each Node.js gets the one that works.
 */
export function sqlitePackageFor(nodeVersion: string): SqlitePackage {
  const major = Number(nodeVersion.split('.')[0]);
  return major >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20';
}

const require = createRequire(import.meta.url);
let driver: SqliteDriver | undefined;

/** better-sqlite3's Database class for the running Node.js, loaded on first use (a PostgreSQL server never loads it). */
export function sqliteDriver(): SqliteDriver {
  driver ??= require(sqlitePackageFor(process.versions.node)) as SqliteDriver;
  return driver;
}

/** Opens a SQLite database with the driver for the running Node.js. */
export function openSqlite(file: string, options?: BetterSqlite3.Options): SqliteDatabase {
  const Driver = sqliteDriver();
  return new Driver(file, options);
}
