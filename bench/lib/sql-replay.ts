// The floor's SQL half for bench/hot-path.ts: the statements a call ran (recorded by the server with
// ODONTO_SQL_LOG) replayed directly on the database, each prepared once, one connection, no HTTP.
import pg from 'pg';
import { openSqlite } from '../../apps/server/src/db/sqlite-driver';
import {
  planSteps,
  type PlanNode,
} from '../../apps/server/src/features/patients/patients-list-plans.queries';
import { percentile } from './stats';

export interface Statement {
  sql: string;
  parameters: unknown[];
}

const WARM_UP = 50;

function timesOf(runs: number, once: () => void): number[] {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    once();
    times.push(performance.now() - started);
  }
  return times;
}

/** A call's statements prepared on the SQLite file, with the server's pragmas, to be replayed in turns. */
export interface SqliteReplay {
  /** The ms of each of `runs` replays of all the statements. */
  times(runs: number): number[];
  close(): void;
}

/** A call's statements prepared once on the SQLite file, with the server's pragmas: `once` runs them all. */
export function prepareSqliteStatements(
  file: string,
  statements: readonly Statement[],
): { once: () => void; close: () => void } {
  const database = openSqlite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const prepared = statements.map(({ sql, parameters }) => ({
    statement: database.prepare(sql),
    parameters,
  }));
  const once = () => {
    for (const { statement, parameters } of prepared) {
      if (statement.reader) statement.all(parameters);
      else statement.run(parameters);
    }
  };
  return { once, close: () => database.close() };
}

export function openSqliteReplay(file: string, statements: readonly Statement[]): SqliteReplay {
  const { once, close } = prepareSqliteStatements(file, statements);
  for (let i = 0; i < WARM_UP; i += 1) once();
  return { times: (runs) => timesOf(runs, once), close };
}

/** PostgreSQL's plan cache setting a replay ran with (`plan_cache_mode`). */
export type PlanCacheMode = 'auto' | 'force_custom_plan';

/**
 * On PostgreSQL, one connection, each statement a named prepared statement (parsed once, then only bound
 * and executed): the median ms of `runs` replays after 50 to warm up. Twice, and the cheaper one kept:
 * with `plan_cache_mode = auto`, PostgreSQL may switch to a generic plan after five executions, cheaper to
 * run for some statements and much dearer for others (the search's capped count: about 4 ms against 1 at
 * 20,000 patients); with `force_custom_plan` each execution is planned for its values, as the server's
 * unnamed statements are.
 */
export async function replayPostgres(
  url: string,
  statements: readonly Statement[],
  runs: number,
): Promise<{ medianMs: number; mode: PlanCacheMode }> {
  const modes: PlanCacheMode[] = ['auto', 'force_custom_plan'];
  const medians: { medianMs: number; mode: PlanCacheMode }[] = [];
  for (const mode of modes) {
    medians.push({ medianMs: await replayPostgresWith(url, statements, runs, mode), mode });
  }
  return medians.reduce((best, next) => (next.medianMs < best.medianMs ? next : best));
}

/** Each statement as a named query; `names` names each text once, for the connections it is used on. */
function namedQueries(statements: readonly Statement[], names: Map<string, string>) {
  return statements.map(({ sql, parameters }) => {
    const name = names.get(sql) ?? `hot_path_${names.size}`;
    names.set(sql, name);
    return { name, text: sql, values: parameters };
  });
}

/**
 * A call's statements as named statements on one PostgreSQL connection, planned with `mode`: `once` runs
 * them all, in order.
 */
async function preparePostgresStatements(
  url: string,
  statements: readonly Statement[],
  mode: PlanCacheMode,
): Promise<{ once: () => Promise<void>; close: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`set plan_cache_mode = ${mode}`);
  const queries = namedQueries(statements, new Map());
  return {
    async once() {
      for (const query of queries) await client.query(query);
    },
    close: () => client.end(),
  };
}

/**
 * A pool of up to `connections` PostgreSQL connections for the calls' statements, as named statements
 * (each text named once for the pool): a call's `once` takes a connection, sets its plan mode when the
 * connection had another, runs the statements on it in order and gives it back, as the server's pool
 * does, so that concurrent calls run side by side.
 */
export function openPostgresPool(url: string, connections: number) {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  const modes = new WeakMap<pg.PoolClient, PlanCacheMode>();
  const names = new Map<string, string>();
  return {
    prepare(statements: readonly Statement[], mode: PlanCacheMode): { once: () => Promise<void> } {
      const queries = namedQueries(statements, names);
      return {
        async once() {
          const client = await pool.connect();
          try {
            if (modes.get(client) !== mode) {
              await client.query(`set plan_cache_mode = ${mode}`);
              modes.set(client, mode);
            }
            for (const query of queries) await client.query(query);
          } finally {
            client.release();
          }
        },
      };
    },
    close: () => pool.end(),
  };
}

async function replayPostgresWith(
  url: string,
  statements: readonly Statement[],
  runs: number,
  mode: PlanCacheMode,
): Promise<number> {
  const { once, close } = await preparePostgresStatements(url, statements, mode);
  try {
    for (let i = 0; i < WARM_UP; i += 1) await once();
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      await once();
      times.push(performance.now() - started);
    }
    return percentile(times, 0.5);
  } finally {
    await close();
  }
}

/**
 * PostgreSQL's plan for each of `statements`, with its recorded parameters (the custom plan the server's
 * unnamed statements get), as planSteps' lines: what reads, outermost first.
 */
export async function explainPostgres(url: string, statements: readonly Statement[]): Promise<string[][]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const plans: string[][] = [];
    for (const { sql, parameters } of statements) {
      const result = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        `explain (format json) ${sql}`,
        parameters,
      );
      plans.push(planSteps((result.rows[0]?.['QUERY PLAN'] ?? []).map((root) => root.Plan)));
    }
    return plans;
  } finally {
    await client.end();
  }
}
