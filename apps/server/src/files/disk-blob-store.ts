import { randomBytes } from 'node:crypto';
import { access, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import type { BlobStore } from './blob-store';

/** The folder a data dir keeps its stored files in. */
function filesDir(dataDir: string): string {
  return join(dataDir, 'files');
}

/** The folder uploads are written to before they are renamed into place; never a stored file. */
const TEMP_FOLDER = 'tmp';

/**
 * Stored files under `<data dir>/files/<key>`: each written to a temporary file, synced, then renamed
 * into place and its folder synced, so a crash leaves either the whole file or none.
 */
export function createDiskBlobStore(dataDir: string): BlobStore {
  const root = filesDir(dataDir);
  return {
    location: root,
    async put(key, data) {
      const temp = join(root, TEMP_FOLDER, `${randomBytes(16).toString('hex')}.part`);
      const target = join(root, key);
      await mkdir(dirname(temp), { recursive: true });
      try {
        const handle = await open(temp, 'wx');
        try {
          if (data instanceof Uint8Array) await handle.writeFile(data);
          else for await (const chunk of data) await handle.write(chunk as Uint8Array);
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
    },
    async open(key) {
      try {
        const handle = await open(join(root, key), 'r');
        return handle.createReadStream();
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async has(key) {
      try {
        await access(join(root, key));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async remove(key) {
      await rm(join(root, key), { force: true });
    },
    async *list() {
      let entries;
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isNotFound(error)) return;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = join(entry.parentPath, entry.name)
          .slice(root.length + 1)
          .split(sep)
          .join('/');
        if (key.startsWith(`${TEMP_FOLDER}/`)) continue;
        try {
          yield { key, size: (await stat(join(root, key))).size };
        } catch (error) {
          // Deleted since the folder was read.
          if (!isNotFound(error)) throw error;
        }
      }
    },
    // Nothing to reach: the folder is local (or a mount the system keeps), and a missing or read-only one
    // is an error at the first upload, as before. Touching it here could hang on a stale network mount.
    async check() {},
    close() {},
  };
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
