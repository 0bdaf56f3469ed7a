import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { decodeCsv, importPlaces, lastImport } from '../../features/places/places.service';

/** The official SIRUTA register beside the repository (../shared/data), when this checkout has it. */
export const SHARED_SIRUTA = resolve(import.meta.dirname, '../../../../../../shared/data/siruta.csv');

/** Imports the localities once, from the shared register when present; answers how many were imported. */
export async function seedPlaces(db: Kysely<Database>, file = SHARED_SIRUTA): Promise<number | null> {
  if ((await lastImport(db)) !== null || !existsSync(file)) return null;
  const imported = await importPlaces(db, decodeCsv(readFileSync(file)), { source: 'demo' });
  return imported.localities;
}
