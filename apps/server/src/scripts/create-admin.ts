// Creates an admin account from the command line, e.g. when no one can sign in any more:
//   ODONTO_ADMIN_PASSWORD=... tsx apps/server/src/scripts/create-admin.ts --email a@b.ro --name "Ana Pop"
// Without ODONTO_ADMIN_PASSWORD the password is read from standard input (one line).
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { email as emailSchema, passwordProblem } from '@odonto/domain/contracts/auth';
import { ConfigError, loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { createAdmin } from '../features/auth/auth.service';
import { AppError } from '../plugins/errors';

async function readPassword(): Promise<string> {
  const fromEnv = process.env['ODONTO_ADMIN_PASSWORD'];
  if (fromEnv) return fromEnv;
  const lines = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  if (process.stdin.isTTY) process.stderr.write('Parola: ');
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

async function run(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
  const email = emailSchema.safeParse(values.email ?? '');
  const nume = (values.name ?? 'Administrator').trim();
  if (!email.success) {
    console.error(
      'Folosire: create-admin --email <adresă> [--name "<nume>"]; parola din ODONTO_ADMIN_PASSWORD sau stdin.',
    );
    return 2;
  }
  const password = await readPassword();
  const problem = passwordProblem(password, email.data);
  if (problem) {
    console.error(problem);
    return 2;
  }
  // The bootstrap variables belong to `npm start`; this script takes its own arguments.
  const config = loadConfig({
    ...process.env,
    ODONTO_ADMIN_EMAIL: undefined,
    ODONTO_ADMIN_PASSWORD: undefined,
  });
  const database = await connectDatabase(config.database);
  try {
    await migrateToLatest(database.db, database.dialect);
    const user = await createAdmin(
      { db: database.db, dialect: database.dialect, now: () => new Date() },
      { email: email.data, nume, password },
      { onlyIfNoUser: false, actor: null, source: 'cli' },
    );
    console.log(`Administrator creat: ${user?.email ?? email.data}`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
