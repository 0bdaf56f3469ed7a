import type { Readable } from 'node:stream';
import type { Config } from '../config';
import { createDiskBlobStore } from './disk-blob-store';
import { createS3BlobStore } from './s3-blob-store';

/**
 * Where the bytes of stored files live (decision 0047): the data dir's `files/` folder by default, or an
 * S3-compatible bucket when ODONTO_S3_BUCKET is set. Keys are the `files.disk_name` of each row; a key is
 * written once (random, never reused) and never changed, so a reader never sees half of one.
 */
export interface BlobStore {
  /** Where the bytes are, for messages: a folder, or s3://bucket/prefix. */
  readonly location: string;
  /** Writes the bytes under a new key; durable once the promise resolves. */
  put(key: string, data: Uint8Array | Readable, size: number): Promise<void>;
  /** A stream of the bytes (never read whole into memory), or null when there are none under the key. */
  open(key: string): Promise<Readable | null>;
  has(key: string): Promise<boolean>;
  /** Removes the bytes; a key already gone is no error. */
  remove(key: string): Promise<void>;
  /** Every key stored with its size, in no particular order (for backups). */
  list(): AsyncIterable<{ key: string; size: number }>;
  /**
   * Resolves when the store can be used; rejects, within a few seconds, with an error that names where it
   * looked and why it failed. For /api/ready and the one look at start (decision 0047).
   */
  check(): Promise<void>;
  /** Ends open connections (the S3 client's sockets); the disk has none. */
  close(): void;
}

/** The store the configuration names: the bucket when ODONTO_S3_BUCKET is set, else `<data dir>/files`. */
export function createBlobStore(config: Pick<Config, 'dataDir' | 's3'>): BlobStore {
  return config.s3 ? createS3BlobStore(config.s3) : createDiskBlobStore(config.dataDir);
}
