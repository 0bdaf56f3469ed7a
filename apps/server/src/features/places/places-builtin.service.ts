import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { DialectName } from '../../db/dialect';
import { SERVER_DIR } from '../../server-dir';
import { hasPlaces } from './places.queries';
import { decodeCsv, importPlacesIfEmpty, type PlacesImport } from './places.service';

/**
 * The official SIRUTA register shipped inside the project (INS, CC BY 4.0, "Sursa: Institutul Naţional de
 * Statistică, SIRUTA"; apps/server/reference-data/README.md): the published file byte for byte, gzipped.
 * A new clinic gets every locality from its first start, without having to find the file (issue 19).
 */
export const BUILT_IN_REGISTER = {
  file: resolve(SERVER_DIR, 'reference-data/siruta-2025-s1.csv.gz'),
  edition: '2025_S1',
} as const;

// The gzip header's magic bytes.
const GZIP_MAGIC = [0x1f, 0x8b] as const;

/** A register file's text: plain CSV (UTF-8 or Windows-1250), or the same gzipped (`.csv.gz`). */
export async function readRegisterFile(path: string): Promise<string> {
  const bytes = await readFile(path);
  const isGzip = bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
  return decodeCsv(isGzip ? gunzipSync(bytes) : bytes);
}

export interface BuiltInLoadOptions {
  now?: Date;
  /** 'builtin' on a server's first start, 'demo' in the demo seed. */
  source?: Extract<PlacesImport['source'], 'builtin' | 'demo'>;
}

/**
 * Loads the shipped register into a database without localities, once; answers null when localities are
 * already there (any earlier import, built-in or not). A restart pays one single-row read.
 */
export async function loadBuiltInPlaces(
  db: Kysely<Database>,
  dialect: DialectName,
  options: BuiltInLoadOptions = {},
): Promise<PlacesImport | null> {
  if (await hasPlaces(db)) return null;
  const text = await readRegisterFile(BUILT_IN_REGISTER.file);
  return importPlacesIfEmpty(db, dialect, text, {
    ...(options.now ? { now: options.now } : {}),
    source: options.source ?? 'builtin',
    edition: BUILT_IN_REGISTER.edition,
  });
}
