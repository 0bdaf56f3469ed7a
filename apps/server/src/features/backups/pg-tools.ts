import { spawn } from 'node:child_process';
import { Refusal } from './refusal';

/**
 * pg_dump and pg_restore of the PostgreSQL client tools (15 or newer, like the server), run with the
 * database named by DATABASE_URL. The password goes in PGPASSWORD, not on the command line, where any
 * user of the machine could read it.
 */
export async function runPgTool(tool: 'pg_dump' | 'pg_restore', url: string, args: string[]): Promise<void> {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env['PGPASSWORD'] = password;
  const child = spawn(tool, [...args, `--dbname=${parsed.toString()}`], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 8000) stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  }).catch((error: unknown) => {
    if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT') {
      throw new Refusal(
        `${tool} nu a fost găsit. Instalați clientul PostgreSQL (pachetul postgresql-client, versiunea ` +
          'serverului sau una mai nouă) și încercați din nou.',
      );
    }
    throw error;
  });
  if (code !== 0) {
    throw new Refusal(`${tool} a eșuat (cod ${code ?? 'semnal'}): ${stderr.trim().slice(0, 2000)}`);
  }
}

/** One query on DATABASE_URL's database (its own connection, closed after). */
export async function pgQuery<Row extends object>(url: string, text: string): Promise<Row[]> {
  // Loaded on first use, as in db/connect.ts: a server on SQLite never needs it.
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

/** The migrations applied in the connection's schema; null when it has no Odonto tables. */
export async function pgMigrations(url: string): Promise<string[] | null> {
  const [table] = await pgQuery<{ name: string | null }>(
    url,
    "select to_regclass(current_schema() || '.kysely_migration')::text as name",
  );
  if (!table?.name) return null;
  const rows = await pgQuery<{ name: string }>(url, 'select name from kysely_migration order by name');
  return rows.map((row) => row.name);
}

/** How many tables the connection's schema holds (an empty database has none). */
export async function pgTableCount(url: string): Promise<number> {
  const [row] = await pgQuery<{ count: string }>(
    url,
    'select count(*)::text as count from information_schema.tables where table_schema = current_schema()',
  );
  return Number(row?.count ?? 0);
}
