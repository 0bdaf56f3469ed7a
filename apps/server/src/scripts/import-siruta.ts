// Imports the SIRUTA register of localities (DESIGN.md §7) into the configured database:
//   npm run import:siruta -- <file.csv>      (or a gzipped <file.csv.gz>)
// For editions newer than the one shipped with Odonto (which the server loads on its first start); any
// edition's layout is read (packages/domain/src/siruta.ts). Uses the app's configuration (ODONTO_DATA_DIR,
// DATABASE_URL) and applies pending migrations first.
import { resolve } from 'node:path';
import { SirutaFormatError } from '@odonto/domain/siruta';
import { ConfigError, loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { readRegisterFile } from '../features/places/places-builtin.service';
import { importPlaces } from '../features/places/places.service';

const USAGE = 'Folosire: npm run import:siruta -- <fișier.csv sau fișier.csv.gz>';
const numbers = new Intl.NumberFormat('ro-RO');

/** '1 județ', '3 județe', '42 de județe', '13.851 de localități': Romanian puts "de" after 20–99 and 00. */
function countRo(count: number, singular: string, plural: string): string {
  if (count === 1) return `1 ${singular}`;
  const lastTwo = count % 100;
  const de = count >= 20 && (lastTwo === 0 || lastTwo >= 20) ? 'de ' : '';
  return `${numbers.format(count)} ${de}${plural}`;
}

async function run(args: readonly string[]): Promise<number> {
  const [file, ...extra] = args;
  if (file === undefined || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  // npm runs scripts from the repository root; a relative path means the caller's directory.
  const path = resolve(process.env['INIT_CWD'] ?? process.cwd(), file);
  let text: string;
  try {
    text = await readRegisterFile(path);
  } catch {
    console.error(`Eroare: fișierul ${path} nu poate fi citit.`);
    return 1;
  }
  const config = loadConfig({
    ...process.env,
    ODONTO_ADMIN_EMAIL: undefined,
    ODONTO_ADMIN_PASSWORD: undefined,
  });
  const database = await connectDatabase(config.database);
  try {
    await migrateToLatest(database.db, database.dialect);
    const imported = await importPlaces(database.db, database.dialect, text, { source: 'cli' });
    const localities = countRo(imported.localities, 'localitate', 'localități');
    console.log(`Import SIRUTA reușit: ${localities} în ${countRo(imported.counties, 'județ', 'județe')}.`);
    return 0;
  } catch (error) {
    if (error instanceof SirutaFormatError) {
      console.error(`Eroare: ${error.message} Localitățile existente nu au fost modificate.`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
