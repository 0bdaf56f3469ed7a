import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { PROJECT_ROOT } from '../../server-dir';

/** What an archive made by `npm run backup` (or the scheduled backup) says about itself: manifest.json. */
export const BACKUP_FORMAT = 'odonto-backup';
/** Raised when the archive's layout changes; a restore refuses a format it does not know. */
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const SQLITE_ENTRY = 'database/odonto.sqlite';
export const PG_DUMP_ENTRY = 'database/odonto.dump';
export const SECRET_KEY_ENTRY = 'secret.key';
export const FILES_PREFIX = 'files/';

const entry = z.object({
  name: z.string(),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ManifestEntry = z.infer<typeof entry>;

export const backupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int(),
  appVersion: z.string(),
  dialect: z.enum(['sqlite', 'postgres']),
  createdAt: z.string(),
  /** The migrations applied to the database when it was copied: the schema's version. */
  schema: z.object({ migrations: z.array(z.string()), last: z.string().nullable() }),
  /** The database's entry: a SQLite file (backup API), or a pg_dump in its custom format (pg_restore). */
  database: z.object({ entry: z.string(), format: z.enum(['sqlite', 'pg_dump-custom']) }),
  /** Every other entry of the archive, with its size and SHA-256. */
  entries: z.array(entry),
});
export type BackupManifest = z.infer<typeof backupManifest>;

/** The name of an entry that may be written under the data dir: no '..', no absolute path. */
export function isSafeEntryName(name: string): boolean {
  if (name === MANIFEST_ENTRY || name === SQLITE_ENTRY || name === PG_DUMP_ENTRY) return true;
  if (name === SECRET_KEY_ENTRY) return true;
  if (!name.startsWith(FILES_PREFIX)) return false;
  const parts = name.slice(FILES_PREFIX.length).split('/');
  return parts.every((part) => /^[A-Za-z0-9_][A-Za-z0-9._-]*$/.test(part) && part.length <= 255);
}

/** Odonto's version (the root package.json): named in the manifest, for whoever restores it. */
export function appVersion(): string {
  try {
    const parsed = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof parsed.version === 'string' ? parsed.version : 'necunoscută';
  } catch {
    return 'necunoscută';
  }
}
