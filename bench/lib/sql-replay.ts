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

export function openSqliteReplay(file: string, statements: readonly Statement[]): SqliteReplay {
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
  for (let i = 0; i < WARM_UP; i += 1) once();
  return { times: (runs) => timesOf(runs, once), close: () => database.close() };
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

async function replayPostgresWith(
  url: string,
  statements: readonly Statement[],
  runs: number,
  mode: PlanCacheMode,
): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set plan_cache_mode = ${mode}`);
    const names = new Map<string, string>();
    const queries = statements.map(({ sql, parameters }) => {
      const name = names.get(sql) ?? `hot_path_${names.size}`;
      names.set(sql, name);
      return { name, text: sql, values: parameters };
    });
    const once = async () => {
      for (const query of queries) await client.query(query);
    };
    for (let i = 0; i < WARM_UP; i += 1) await once();
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      await once();
      times.push(performance.now() - started);
    }
    return percentile(times, 0.5);
  } finally {
    await client.end();
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
