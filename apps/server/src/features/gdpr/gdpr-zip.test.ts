import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { FileRow } from '../../db/database';
import { createDiskBlobStore } from '../../files/disk-blob-store';
import { lazyFileStream, zipStream } from './gdpr-zip';

function row(diskName: string): FileRow {
  return {
    id: diskName,
    patient_id: 'p',
    kind: 'picture',
    name: `${diskName}.jpg`,
    disk_name: `ab/${diskName}`,
    content_type: 'image/jpeg',
    size: 3,
    sha256: '',
    width: null,
    height: null,
    created_at: '2026-03-02T09:00:00.000Z',
    created_by: null,
    deleted_at: null,
  };
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe('lazyFileStream', () => {
  it('opens the file only once it flows, not when it is bound and paused as JSZip does', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'odonto-gdpr-'));
    const stream = lazyFileStream(createDiskBlobStore(dataDir), row('later'));
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.pause();
    const failed = new Promise<Error | null>((resolve) => {
      stream.on('error', resolve);
      setTimeout(() => resolve(null), 50);
    });
    // Still missing on disk: an eager open would have failed by now.
    expect(await failed).toBeNull();
    await mkdir(join(dataDir, 'files', 'ab'), { recursive: true });
    await writeFile(join(dataDir, 'files', 'ab', 'later'), 'abc');
    const ended = new Promise((resolve) => stream.on('end', resolve));
    stream.resume();
    await ended;
    expect(Buffer.concat(chunks).toString()).toBe('abc');
  });

  it('streams many files into one archive, each with its own bytes', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'odonto-gdpr-'));
    await mkdir(join(dataDir, 'files', 'ab'), { recursive: true });
    const rows = Array.from({ length: 40 }, (_, index) => row(`f${index}`));
    for (const [index, file] of rows.entries())
      await writeFile(join(dataDir, 'files', file.disk_name), Buffer.alloc(100_000 + index, index));
    const archive = await collect(
      zipStream([
        { path: 'a.txt', data: 'text', date: new Date() },
        ...rows.map((file) => ({
          path: file.name,
          data: lazyFileStream(createDiskBlobStore(dataDir), file),
          date: new Date(),
        })),
      ]),
    );
    const zip = await JSZip.loadAsync(archive);
    expect(await zip.file('a.txt')?.async('string')).toBe('text');
    for (const [index, file] of rows.entries()) {
      const bytes = await zip.file(file.name)?.async('nodebuffer');
      // equals(): a deep toEqual of 100 KB buffers takes seconds.
      expect(bytes?.equals(Buffer.alloc(100_000 + index, index))).toBe(true);
    }
  });

  it('closes the files when the download is cut short', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'odonto-gdpr-'));
    await mkdir(join(dataDir, 'files', 'ab'), { recursive: true });
    const rows = Array.from({ length: 3 }, (_, index) => row(`g${index}`));
    for (const file of rows)
      await writeFile(join(dataDir, 'files', file.disk_name), Buffer.alloc(1_000_000, 7));
    const streams = rows.map((file) => lazyFileStream(createDiskBlobStore(dataDir), file));
    const archive = zipStream(streams.map((data, index) => ({ path: `f${index}`, data, date: new Date() })));
    await new Promise<void>((resolve) => archive.once('data', () => resolve()));
    const closed = new Promise((resolve) => archive.on('close', resolve));
    archive.destroy();
    await closed;
    expect(streams.map((stream) => stream.destroyed)).toEqual([true, true, true]);
  });
});
