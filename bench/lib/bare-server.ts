// The floor's HTTP half (bench/hot-path.ts): a bare node:http server that answers each path with the
// bytes the real server answered it (status, headers, body), read from the JSON file given as argument.
// Run as its own process, like the real server, so it never shares a thread with the load generator.
// With a second file (FloorSql), the whole floor: each request first runs its call's recorded statements
// on the database, prepared once, then answers, as the least a server could do for that call.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { openPostgresPool, prepareSqliteStatements, type PlanCacheMode, type Statement } from './sql-replay';

export interface RecordedAnswer {
  status: number;
  headers: Record<string, string>;
  /** base64 */
  body: string;
}

/** Where the floor's statements run, and each path's statements (with the plan mode the replay chose). */
export interface FloorSql {
  engine: 'sqlite' | 'postgres';
  /** The SQLite file, or the PostgreSQL URL. */
  target: string;
  calls: Record<string, { statements: Statement[]; mode: PlanCacheMode }>;
}

const [answersFile, sqlFile] = process.argv.slice(2);
if (!answersFile) throw new Error('usage: bare-server.ts <answers.json> [floor-sql.json]');
const recorded = JSON.parse(readFileSync(answersFile, 'utf8')) as Record<string, RecordedAnswer>;
const answers = new Map(
  Object.entries(recorded).map(([path, answer]) => [
    path,
    { ...answer, body: Buffer.from(answer.body, 'base64') },
  ]),
);

/** As many PostgreSQL connections as the bench's most concurrent row has clients. */
const POSTGRES_CONNECTIONS = 10;

/** Each path's statements, ready to run: SQLite's synchronously, PostgreSQL's on one pool for all. */
function prepareCalls(floor: FloorSql) {
  const runs = new Map<string, () => void | Promise<void>>();
  if (floor.engine === 'postgres') {
    const pool = openPostgresPool(floor.target, POSTGRES_CONNECTIONS);
    for (const [path, { statements, mode }] of Object.entries(floor.calls)) {
      runs.set(path, pool.prepare(statements, mode).once);
    }
    return { runs, close: pool.close };
  }
  const closers: (() => void)[] = [];
  for (const [path, { statements }] of Object.entries(floor.calls)) {
    const prepared = prepareSqliteStatements(floor.target, statements);
    runs.set(path, prepared.once);
    closers.push(prepared.close);
  }
  return { runs, close: async () => closers.forEach((close) => close()) };
}

const calls = sqlFile ? prepareCalls(JSON.parse(readFileSync(sqlFile, 'utf8')) as FloorSql) : undefined;

const server = createServer((request, response) => {
  const path = request.url ?? '';
  const answer = answers.get(path);
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  const answerIt = () => response.writeHead(answer.status, answer.headers).end(answer.body);
  const fail = (error: unknown) => response.writeHead(500).end(String(error));
  try {
    const ran = calls?.runs.get(path)?.();
    if (ran === undefined) answerIt();
    else ran.then(answerIt, fail);
  } catch (error) {
    fail(error);
  }
});
server.keepAliveTimeout = 10_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`${address.port}\n`);
});
process.on('SIGTERM', () =>
  server.close(() => void (calls?.close() ?? Promise.resolve()).then(() => process.exit(0))),
);
