import { Readable } from 'node:stream';
import type JSZipType from 'jszip';
import type { FileRow } from '../../db/database';
import type { BlobStore } from '../../files/blob-store';
import { openStoredFile } from '../../files/store';
import { onFirstUse } from '../../load-on-first-use';

const jszip = onFirstUse<typeof JSZipType>('jszip');

/**
 * A stored file's bytes as a stream that opens the file only once it is read while flowing. JSZip binds
 * every entry's stream when it is added and resumes them one at a time as it writes the archive: opened
 * eagerly, a patient with 500 pictures would hold 500 open files and their first chunks at once.
 */
export function lazyFileStream(blobs: BlobStore, row: FileRow): Readable {
  let source: Readable | null = null;
  let starting = false;
  const stream = new Readable({
    read() {
      if (source) source.resume();
      else if (this.readableFlowing === true) start();
      // A read while paused (JSZip pauses each stream as it binds it) waits for the 'resume' below.
    },
    destroy(error, callback) {
      source?.destroy();
      callback(error);
    },
  });
  function start() {
    if (starting) return;
    starting = true;
    openStoredFile({ blobs }, row).then(
      (opened) => {
        if (!opened) {
          stream.destroy(new Error(`stored file missing: ${row.id}`));
          return;
        }
        if (stream.destroyed) {
          opened.destroy();
          return;
        }
        source = opened;
        opened.on('data', (chunk: Buffer) => {
          if (!stream.push(chunk)) opened.pause();
        });
        opened.on('end', () => stream.push(null));
        opened.on('error', (error) => stream.destroy(error));
      },
      (error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))),
    );
  }
  stream.on('resume', () => {
    if (stream.readableFlowing === true && !source) start();
  });
  return stream;
}

/** Whether a stored file's bytes are in the store (an export lists a missing one instead of failing). */
export async function isStored(blobs: BlobStore, row: FileRow): Promise<boolean> {
  try {
    return await blobs.has(row.disk_name);
  } catch {
    return false;
  }
}

export interface ZipEntry {
  path: string;
  data: string | Buffer | Readable;
  date: Date;
}

/**
 * The archive as a stream, written while it is read: `streamFiles` puts each entry's sizes after its data,
 * so no entry is held whole in memory. Pictures and PDFs are compressed already: stored as they are.
 */
export function zipStream(entries: readonly ZipEntry[]): Readable {
  const JSZip = jszip();
  const zip = new JSZip();
  for (const entry of entries) {
    const compressed = typeof entry.data === 'string';
    zip.file(entry.path, entry.data, {
      date: entry.date,
      binary: !compressed,
      compression: compressed ? 'DEFLATE' : 'STORE',
    });
  }
  const generated = zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true });
  const archive = new Readable().wrap(generated);
  // A download cut short destroys the answer; JSZip would then wait forever on the file it was reading.
  archive.on('close', () => {
    if (archive.readableEnded) return;
    generated.pause();
    for (const entry of entries) if (entry.data instanceof Readable) entry.data.destroy();
  });
  return archive;
}
