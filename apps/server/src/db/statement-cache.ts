import type { Database as BetterSqlite3Database, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * How many statements one SQLite connection keeps prepared. The app runs a few hundred distinct SQL
 * texts (the list's filters combine into a few dozen); a search's text carries its needle as a parameter,
 * so texts do not grow with use. Each kept statement holds a few KB of SQLite's compiled program.
 */
export const STATEMENT_CACHE_SIZE = 500;

export interface StatementCache extends SqliteDatabase {
  /** Statements compiled by SQLite since the connection opened (a cache miss each). */
  readonly prepared: number;
  /** Statements kept now. */
  readonly size: number;
}

/**
 * The SQLite connection as Kysely's SqliteDialect sees it, with its statements prepared once per SQL text
 * and reused: Kysely prepares on every call, which cost 17 % of a list call's CPU (issue 20). Past
 * `capacity` the least recently used statement is dropped (SQLite finalises it when it is collected).
 *
 * Reuse is safe across schema changes: SQLite recompiles a prepared statement when the schema changed
 * since it was compiled (a migration adding a column, a dropped and recreated table), and a statement's
 * `reader` (rows, or a write's changes) follows from its own text. A statement still iterating (a stream
 * left unfinished) is left alone and a new one prepared for the call.
 */
export function withStatementCache(
  database: BetterSqlite3Database,
  capacity = STATEMENT_CACHE_SIZE,
): StatementCache {
  // A Map iterates in insertion order: a hit is moved to the end, the first entry is the least recent.
  const statements = new Map<string, Statement>();
  let prepared = 0;
  return {
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached !== undefined && !cached.busy) {
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      prepared += 1;
      if (cached !== undefined) return statement;
      statements.set(sql, statement);
      if (statements.size > capacity) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
    get prepared() {
      return prepared;
    },
    get size() {
      return statements.size;
    },
  };
}
