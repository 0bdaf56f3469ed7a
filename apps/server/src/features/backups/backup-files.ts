import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

const PATTERN = /^odonto-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/;

/** odonto-backup-2026-11-25T02-00-00-000Z.tar.gz: sorted by name is sorted by time. */
export function backupFileName(at: Date): string {
  return `odonto-backup-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
}

/**
 * Keeps the newest `keep` archives in the directory and deletes the older ones. Only files named like the
 * archives Odonto writes are counted or deleted: anything else in the directory is left alone.
 */
export async function pruneBackups(directory: string, keep: number): Promise<string[]> {
  const archives = (await readdir(directory)).filter((name) => PATTERN.test(name)).sort();
  const old = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of old) await rm(join(directory, name), { force: true });
  return old;
}
