// `npm run backup -- <archive.tar.gz | directory>`: one archive with the database, the uploaded files, the
// secrets key and a manifest of checksums (features/backups/backup-archive.ts), made while the app runs, on
// SQLite (its backup API) or PostgreSQL (pg_dump). A directory gets a file named odonto-backup-<time>.tar.gz.
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config';
import { writeBackupArchive } from '../features/backups/backup-archive';
import { backupFileName } from '../features/backups/backup-files';
import { Refusal } from '../features/backups/refusal';
import { createBlobStore } from '../files/blob-store';
import { runTool } from './run-tool';

async function run(): Promise<string> {
  const target = process.argv[2];
  if (!target || process.argv.length > 3) {
    throw new Refusal('Folosire: npm run backup -- <arhivă.tar.gz sau director>', 2);
  }
  const config = loadConfig(process.env);
  const now = () => new Date();
  const isDirectory = target.endsWith('/') || (existsSync(target) && statSync(target).isDirectory());
  const destination = isDirectory ? join(resolve(target), backupFileName(now())) : resolve(target);
  if (!isDirectory && existsSync(destination)) {
    throw new Refusal(`Există deja ${destination}; alegeți alt nume (o copie nu o înlocuiește pe alta).`);
  }
  const blobs = createBlobStore(config);
  const { file, size, manifest } = await writeBackupArchive(
    {
      dataDir: config.dataDir,
      blobs,
      database: config.database,
      hasConfiguredSecretKey: config.secretKey !== null,
    },
    destination,
    now,
  ).finally(() => blobs.close());
  const files = manifest.entries.filter((entry) => entry.name.startsWith('files/')).length;
  return (
    `Copie salvată: ${file} (${size} octeți; baza de date ${manifest.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL, pg_dump'}, ` +
    `${files} fișiere, ultima migrare ${manifest.schema.last ?? '—'}).`
  );
}

runTool(run);
