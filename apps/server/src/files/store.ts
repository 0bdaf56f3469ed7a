import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database, FileRow } from '../db/database';
import type { BlobStore } from './blob-store';
import { insertFileRows, markFilesDeleted } from './files.queries';

/**
 * Stored files (DESIGN.md §6): the bytes in the blob store (`<data dir>/files/` or an S3 bucket, decision
 * 0047) under random keys, the metadata and sha256 in the `files` table.
 */
export interface FileStore {
  db: Kysely<Database>;
  blobs: BlobStore;
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
 * New bytes are written (durably) before the transaction and deleted again if
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
      const blob = await writeBlob(store, file.data);
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

/** A stream of a stored file's bytes, or null when they are missing from the store. */
export async function openStoredFile(
  store: Pick<FileStore, 'blobs'>,
  row: FileRow,
): Promise<Readable | null> {
  return store.blobs.open(row.disk_name);
}

/** A stored file's bytes whole (for the callers that need them so), or null when they are missing. */
export async function readStoredFile(store: Pick<FileStore, 'blobs'>, row: FileRow): Promise<Buffer | null> {
  const stream = await openStoredFile(store, row);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A new random key: two-letter subfolders keep any one folder small at 100,000s of files. */
function newKey(): string {
  const id = randomBytes(16).toString('hex');
  return `${id.slice(0, 2)}/${id}`;
}

async function writeBlob(store: Pick<FileStore, 'blobs'>, data: Uint8Array): Promise<Blob> {
  const diskName = newKey();
  await store.blobs.put(diskName, data, data.byteLength);
  return { diskName, sha256: createHash('sha256').update(data).digest('hex'), size: data.byteLength };
}

interface Blob {
  diskName: string;
  sha256: string;
  size: number;
}

async function removeBlobs(store: Pick<FileStore, 'blobs'>, rows: readonly FileRow[]): Promise<void> {
  // Best effort: a file left behind is unreferenced garbage, never a broken row.
  await Promise.all(rows.map((row) => store.blobs.remove(row.disk_name).catch(() => {})));
}
