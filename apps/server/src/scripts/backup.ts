// `npm run backup -- <file>`: a consistent online copy of the embedded database (SQLite's backup API),
// safe while the app runs. For PostgreSQL use pg_dump (README "Backup").
import Sqlite from 'better-sqlite3';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config';

async function run(): Promise<number> {
  const target = process.argv[2];
  if (!target) {
    console.error('Folosire: npm run backup -- <fișier.sqlite>');
    return 2;
  }
  const config = loadConfig(process.env);
  if (config.database.kind !== 'sqlite') {
    console.error('Baza de date este PostgreSQL: folosiți pg_dump (vezi README, „Backup”).');
    return 2;
  }
  if (!existsSync(config.database.file)) {
    console.error(`Nu există baza de date ${config.database.file}.`);
    return 1;
  }
  const destination = resolve(target);
  mkdirSync(dirname(destination), { recursive: true });
  const source = new Sqlite(config.database.file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(destination);
  } finally {
    source.close();
  }
  console.log(`Copie salvată: ${destination}`);
  return 0;
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
