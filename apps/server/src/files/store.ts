import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database, FileRow } from '../db/database';
import { insertFileRows, markFilesDeleted } from './files.queries';

/**
 * Stored files (DESIGN.md §6): the bytes under `<data dir>/files/` with random names, the metadata and
 * sha256 in the `files` table. Generic: avatars today, treatment pictures and documents later.
 */
export interface FileStore {
  db: Kysely<Database>;
  dataDir: string;
  now: () => Date;
}

export interface NewStoredFile {
  patientId: string | null;
  /** What the file is: 'avatar', 'avatar-thumb', later 'picture', 'document'… */
  kind: string;
  /** The public name, unique per patient; the caller makes it safe for an address. */
  name: string;
  contentType: string;
  data: Uint8Array;
  width?: number | null;
  height?: number | null;
  createdBy: string | null;
}

export interface FileChanges {
  add?: readonly NewStoredFile[];
  remove?: readonly FileRow[];
}

/**
 * Adds and removes files in one database transaction, together with the caller's own writes (`work`).
 * New bytes are written (durably, then renamed into place) before the transaction and deleted again if
 * it fails, so a failure leaves neither a row nor a file. Removed files are marked deleted in the
 * transaction and their bytes unlinked only after it commits, so a live row never lacks its bytes.
 */
export async function changeFiles<T>(
  store: FileStore,
  changes: FileChanges,
  work: (trx: Kysely<Database>, added: FileRow[]) => Promise<T>,
): Promise<{ added: FileRow[]; result: T }> {
  const at = store.now().toISOString();
  const added: FileRow[] = [];
  try {
    for (const file of changes.add ?? []) {
      const blob = await writeBlob(filesDir(store), file.data);
      added.push({
        id: randomUUID(),
        patient_id: file.patientId,
        kind: file.kind,
        name: file.name,
        disk_name: blob.diskName,
        content_type: file.contentType,
        size: blob.size,
        sha256: blob.sha256,
        width: file.width ?? null,
        height: file.height ?? null,
        created_at: at,
        created_by: file.createdBy,
        deleted_at: null,
      });
    }
    const removed = changes.remove ?? [];
    const result = await store.db.transaction().execute(async (trx) => {
      await insertFileRows(trx, added);
      await markFilesDeleted(
        trx,
        removed.map((row) => row.id),
        at,
      );
      return work(trx, added);
    });
    await removeBlobs(store, removed);
    return { added, result };
  } catch (error) {
    await removeBlobs(store, added);
    throw error;
  }
}

/** Stores one file (its row and its bytes, or neither). */
export async function storeFile(store: FileStore, file: NewStoredFile): Promise<FileRow> {
  const { added } = await changeFiles(store, { add: [file] }, async () => undefined);
  const [row] = added;
  if (!row) throw new Error('stored file row missing');
  return row;
}

/** Marks files deleted and unlinks their bytes. */
export async function deleteFiles(store: FileStore, rows: readonly FileRow[]): Promise<void> {
  await changeFiles(store, { remove: rows }, async () => undefined);
}

/** A stream of a stored file's bytes, or null when they are missing on disk. */
export async function openStoredFile(
  store: Pick<FileStore, 'dataDir'>,
  row: FileRow,
): Promise<Readable | null> {
  try {
    const handle = await open(join(filesDir(store), row.disk_name), 'r');
    return handle.createReadStream();
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** A stored file's bytes, or null when they are missing on disk. */
export async function readStoredFile(
  store: Pick<FileStore, 'dataDir'>,
  row: FileRow,
): Promise<Buffer | null> {
  const stream = await openStoredFile(store, row);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export function filesDir(store: Pick<FileStore, 'dataDir'>): string {
  return join(store.dataDir, 'files');
}

interface Blob {
  diskName: string;
  sha256: string;
  size: number;
}

async function writeBlob(dir: string, data: Uint8Array): Promise<Blob> {
  const id = randomBytes(16).toString('hex');
  // Two-letter subfolders keep any one folder small when pictures and documents number in the 100,000s.
  const diskName = `${id.slice(0, 2)}/${id}`;
  const temp = join(dir, 'tmp', `${id}.part`);
  const target = join(dir, diskName);
  await mkdir(dirname(temp), { recursive: true });
  try {
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await mkdir(dirname(target), { recursive: true });
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dirname(target));
  return { diskName, sha256: createHash('sha256').update(data).digest('hex'), size: data.byteLength };
}

async function removeBlobs(store: Pick<FileStore, 'dataDir'>, rows: readonly FileRow[]): Promise<void> {
  // Best effort: a file left behind is unreferenced garbage, never a broken row.
  await Promise.all(
    rows.map((row) => rm(join(filesDir(store), row.disk_name), { force: true }).catch(() => {})),
  );
}

/** The rename is durable only once its folder is synced (POSIX); some systems cannot open a folder. */
export async function syncDirectory(path: string): Promise<void> {
  let handle;
  try {
    handle = await open(path, 'r');
    await handle.sync();
  } catch {
    // Windows cannot fsync a folder; NTFS journals the rename itself.
  } finally {
    await handle?.close();
  }
}

export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
}
