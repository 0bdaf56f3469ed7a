import { createHash } from 'node:crypto';
import { closeSync, createReadStream, createWriteStream, openSync, readSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract as tarExtract } from 'tar-stream';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  MANIFEST_ENTRY,
  backupManifest,
  isSafeEntryName,
  type BackupManifest,
} from './backup-manifest';
import { Refusal, UNTOUCHED } from './refusal';

const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;

/** Whether the file starts like a gzip stream (an archive of `npm run backup`). */
export function isGzip(file: string): boolean {
  const header = Buffer.alloc(2);
  const fd = openSync(file, 'r');
  try {
    return readSync(fd, header, 0, 2, 0) === 2 && header[0] === 0x1f && header[1] === 0x8b;
  } finally {
    closeSync(fd);
  }
}

/**
 * Unpacks the archive into `staging` and checks it against its manifest: a known format, and every entry
 * present once with the size and SHA-256 the manifest gives, nothing more. Answers the manifest; refuses
 * (nothing outside `staging` touched) when anything differs.
 */
export async function unpackArchive(archive: string, staging: string): Promise<BackupManifest> {
  const found = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | null = null;
  const extractor = tarExtract();
  const file = createReadStream(archive);
  const gunzip = createGunzip();
  file.on('error', (error) => extractor.destroy(error));
  gunzip.on('error', (error) => extractor.destroy(error));
  file.pipe(gunzip).pipe(extractor);
  try {
    for await (const entry of extractor) {
      const { name, type } = entry.header;
      if (type !== 'file' || !isSafeEntryName(name) || found.has(name)) {
        throw new Refusal(`Arhiva ${archive} conține o intrare neașteptată (${name}). ${UNTOUCHED}`);
      }
      if (name === MANIFEST_ENTRY) {
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of entry) {
          size += (chunk as Buffer).length;
          if (size > MANIFEST_MAX_BYTES) throw new Refusal(`Manifestul arhivei ${archive} este prea mare.`);
          chunks.push(chunk as Buffer);
        }
        manifestText = Buffer.concat(chunks).toString('utf8');
        found.set(name, { size, sha256: '' });
        continue;
      }
      const target = join(staging, name);
      await mkdir(dirname(target), { recursive: true });
      const hash = createHash('sha256');
      let size = 0;
      await pipeline(
        entry,
        async function* (source: AsyncIterable<unknown>) {
          for await (const chunk of source) {
            const bytes = chunk as Buffer;
            hash.update(bytes);
            size += bytes.length;
            yield bytes;
          }
        },
        createWriteStream(target, { flags: 'wx', mode: 0o600 }),
      );
      found.set(name, { size, sha256: hash.digest('hex') });
    }
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(
      `Arhiva ${archive} este deteriorată sau nu este o arhivă făcută cu npm run backup ` +
        `(${(error as Error).message}). ${UNTOUCHED}`,
    );
  } finally {
    file.destroy();
  }
  return checkManifest(archive, manifestText, found);
}

function checkManifest(
  archive: string,
  text: string | null,
  found: Map<string, { size: number; sha256: string }>,
): BackupManifest {
  if (text === null) {
    throw new Refusal(
      `Arhiva ${archive} nu are manifest (manifest.json): nu este o arhivă Odonto. ${UNTOUCHED}`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Refusal(`Manifestul arhivei ${archive} nu se poate citi. ${UNTOUCHED}`);
  }
  const format = (raw as { format?: unknown; formatVersion?: unknown } | null) ?? {};
  if (format.format === BACKUP_FORMAT && typeof format.formatVersion === 'number') {
    if (format.formatVersion > BACKUP_FORMAT_VERSION) {
      throw new Refusal(
        `Arhiva ${archive} are formatul ${format.formatVersion}, mai nou decât cel pe care îl cunoaște această ` +
          `versiune de Odonto (${BACKUP_FORMAT_VERSION}); restaurați-o cu versiunea care a făcut-o. ${UNTOUCHED}`,
      );
    }
  }
  const parsed = backupManifest.safeParse(raw);
  if (!parsed.success) {
    throw new Refusal(`Manifestul arhivei ${archive} nu este unul Odonto valid. ${UNTOUCHED}`);
  }
  const manifest = parsed.data;
  const listed = new Set<string>();
  const problems: string[] = [];
  for (const entry of manifest.entries) {
    listed.add(entry.name);
    const actual = found.get(entry.name);
    if (!actual) problems.push(`${entry.name}: lipsește`);
    else if (actual.size !== entry.size)
      problems.push(`${entry.name}: ${actual.size} octeți în loc de ${entry.size}`);
    else if (actual.sha256 !== entry.sha256) problems.push(`${entry.name}: suma de control SHA-256 diferă`);
  }
  for (const name of found.keys()) {
    if (name !== MANIFEST_ENTRY && !listed.has(name)) problems.push(`${name}: nu este în manifest`);
  }
  if (!listed.has(manifest.database.entry))
    problems.push(`${manifest.database.entry}: lipsește din manifest`);
  if (problems.length > 0) {
    throw new Refusal(
      `Arhiva ${archive} nu corespunde manifestului ei (fișiere deteriorate sau modificate):\n  ` +
        `${problems.slice(0, 10).join('\n  ')}${problems.length > 10 ? `\n  … și încă ${problems.length - 10}` : ''}\n` +
        UNTOUCHED,
    );
  }
  return manifest;
}
