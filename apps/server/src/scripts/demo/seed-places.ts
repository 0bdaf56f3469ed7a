import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { DialectName } from '../../db/dialect';
import { loadBuiltInPlaces } from '../../features/places/places-builtin.service';

/** Loads the register shipped with Odonto, once; answers how many localities were loaded. */
export async function seedPlaces(db: Kysely<Database>, dialect: DialectName): Promise<number | null> {
  const loaded = await loadBuiltInPlaces(db, dialect, { source: 'demo' });
  return loaded?.localities ?? null;
}
