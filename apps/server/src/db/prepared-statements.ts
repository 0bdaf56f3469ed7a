import type { Pool, PoolClient } from 'pg';

// PostgreSQL named statements for the hot path's fixed-plan queries (issues 14 and 20, decision 0052).
// Kysely sends every statement unnamed: the server parses, analyses and plans it again on each run, which
// on a list call cost it more than running it (0.8 ms of its CPU a `judet` page, 0.43 ms named). A text
// marked here runs as a named statement on each pool connection: parsed there once, and planned once
// after five runs when the generic plan costs no more than the custom ones (plan_cache_mode `auto`). A
// LIMIT or OFFSET parameter makes the generic plan look far dearer: a list page writes its bounds into its
// text instead (compileOnce's `literals`, decision 0071).

/** The marked texts and their statement names: a few dozen texts, each named once per process. */
const names = new Map<string, string>();

/** Marks `sql` to run as a named statement on PostgreSQL (compileOnce's `prepared`). */
export function prepareOnPostgres(sql: string): void {
  if (!names.has(sql)) names.set(sql, `odonto_${names.size + 1}`);
}

/** The statement name of a marked text; undefined for any other. */
export function statementNameOf(sql: string): string | undefined {
  return names.get(sql);
}

type Query = (...args: unknown[]) => unknown;

/**
 * Every connection of `pool` runs a marked text as its named statement. Kysely calls `query(text, values)`;
 * a text it was not told about (DDL, a transaction's `begin`, a search) goes through unchanged.
 */
export function usePreparedStatements(pool: Pool): void {
  pool.on('connect', (client: PoolClient) => {
    const query = client.query.bind(client) as Query;
    const named: Query = (text, ...rest) => {
      const name = typeof text === 'string' ? names.get(text) : undefined;
      if (name === undefined) return query(text, ...rest);
      const [values, callback] = rest;
      return callback === undefined ? query({ name, text, values }) : query({ name, text, values }, callback);
    };
    (client as unknown as { query: Query }).query = named;
  });
}
