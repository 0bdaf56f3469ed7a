// The floor's HTTP half for bench/hot-path.ts: each call's answer and SQL recorded from the real server,
// and a bare node:http server (bare-server.ts, in its own process) answering the same bytes, alone or after
// running the call's statements.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEMO_USERS } from '../../apps/server/src/scripts/demo-users';
import type { FloorSql, RecordedAnswer } from './bare-server';
import { startBenchServer } from './server';
import type { Statement } from './sql-replay';

export interface Call {
  name: string;
  path: string;
}

const DROPPED_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * One answer and the SQL of each call, from a server that logs its statements: each call once to warm
 * it, then once more with the log emptied first.
 */
export async function record(
  env: Record<string, string>,
  list: readonly Call[],
): Promise<{ answers: Record<string, RecordedAnswer>; statements: Map<string, Statement[]> }> {
  const logFile = join(env['ODONTO_DATA_DIR'] ?? '.', 'hot-path-sql.log');
  writeFileSync(logFile, '');
  const server = await startBenchServer({ ...env, ODONTO_SQL_LOG: logFile }, DEMO_USERS.medic);
  const answers: Record<string, RecordedAnswer> = {};
  const statements = new Map<string, Statement[]>();
  try {
    for (const call of list) {
      const get = () =>
        fetch(server.url + call.path, {
          // As autocannon asks: not compressed (fetch would ask for it, and hand back the decoded body).
          headers: { cookie: server.cookie, accept: 'application/json', 'accept-encoding': 'identity' },
        });
      await (await get()).arrayBuffer();
      writeFileSync(logFile, '');
      const response = await get();
      const body = Buffer.from(await response.arrayBuffer());
      if (!response.ok) throw new Error(`${call.path}: ${response.status}`);
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        if (!DROPPED_HEADERS.has(name)) headers[name] = value;
      });
      answers[call.path] = { status: response.status, headers, body: body.toString('base64') };
      const lines = readFileSync(logFile, 'utf8').split('\n').filter(Boolean);
      statements.set(
        call.path,
        lines.map((line) => JSON.parse(line) as Statement),
      );
    }
  } finally {
    await server.stop();
    rmSync(logFile, { force: true });
  }
  return { answers, statements };
}

/**
 * The bare server (bare-server.ts) in its own process, answering `answers`; with `sql`, each request first
 * runs its call's statements: the whole floor.
 */
export async function startBareServer(answers: Record<string, RecordedAnswer>, dir: string, sql?: FloorSql) {
  const name = sql ? 'hot-path-floor' : 'hot-path-answers';
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(answers));
  const sqlFile = join(dir, `${name}-sql.json`);
  if (sql) writeFileSync(sqlFile, JSON.stringify(sql));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', resolve(import.meta.dirname, 'bare-server.ts'), file, ...(sql ? [sqlFile] : [])],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((done, fail) => {
    child.once('exit', (code) => fail(new Error(`the bare server exited with ${code}`)));
    child.stdout.once('data', (chunk: Buffer) => done(Number(chunk.toString().trim())));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.removeAllListeners('exit');
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(file, { force: true });
      rmSync(sqlFile, { force: true });
    },
  };
}
