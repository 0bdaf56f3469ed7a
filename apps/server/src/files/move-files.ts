import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, FileRow } from '../db/database';
import type { BlobStore } from './blob-store';
import { pageLiveFiles } from './files.queries';

export interface MoveReport {
  /** Copied now and checked. */
  copied: number;
  /** Already in the target with the right sha256 (an earlier run): left as they are. */
  present: number;
  /** Live rows whose bytes are in neither store. */
  missing: FileRow[];
  /** Bytes whose sha256 is not the one in `files` (in the source, or as they reached the target). */
  corrupt: FileRow[];
}

const PAGE = 500;

/**
 * Copies the bytes of every live file from one store to the other (the data dir to a bucket, or back),
 * checking each copy against the sha256 in `files`. Safe to run again, also while the app runs: what is
 * in the target already with the right sum is kept, so a second run with the app stopped copies only the
 * files uploaded meanwhile. The source is never changed; a bad copy is removed from the target.
 */
export async function moveFiles(
  db: Kysely<Database>,
  from: BlobStore,
  to: BlobStore,
  onProgress: (done: number) => void = () => {},
): Promise<MoveReport> {
  const report: MoveReport = { copied: 0, present: 0, missing: [], corrupt: [] };
  let after: string | null = null;
  for (;;) {
    const rows = await pageLiveFiles(db, after, PAGE);
    for (const row of rows) {
      await moveOne(row, from, to, report);
    }
    const last = rows.at(-1);
    if (!last) return report;
    after = last.id;
    onProgress(report.copied + report.present + report.missing.length + report.corrupt.length);
  }
}

async function moveOne(row: FileRow, from: BlobStore, to: BlobStore, report: MoveReport): Promise<void> {
  if ((await to.has(row.disk_name)) && (await sha256Of(to, row.disk_name)) === row.sha256) {
    report.present += 1;
    return;
  }
  // The source is checked first: a damaged file is reported, not copied (and its size, sent as the
  // object's length, is then the one in the row).
  const sourceSum = await sha256Of(from, row.disk_name);
  if (sourceSum === null) {
    report.missing.push(row);
    return;
  }
  const source = sourceSum === row.sha256 ? await from.open(row.disk_name) : null;
  if (!source) {
    report.corrupt.push(row);
    return;
  }
  await to.put(row.disk_name, source, row.size);
  if ((await sha256Of(to, row.disk_name)) === row.sha256) {
    report.copied += 1;
    return;
  }
  await to.remove(row.disk_name);
  report.corrupt.push(row);
}

/** The sha256 of stored bytes, read as a stream; null when there are none. */
export async function sha256Of(store: BlobStore, key: string): Promise<string | null> {
  const stream = await store.open(key);
  if (!stream) return null;
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Uint8Array);
  return hash.digest('hex');
}
