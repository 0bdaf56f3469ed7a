import { sql, type Kysely } from 'kysely';
import type { Database, InstrumentRow } from '../../db/database';

/** An instrument with its current pouch (the item no later cycle replaced) and that pouch's load. */
export interface InstrumentWithPouch extends InstrumentRow {
  id_sterilizare: number | null;
  cycle_id: number | null;
  started_at: string | null;
  use_by: string | null;
  used_at: string | null;
  integrator: string | null;
  biological: string | null;
}

function instrumentsWithPouch(db: Kysely<Database>) {
  return db
    .selectFrom('instruments as i')
    .leftJoin('cycle_items as ci', (join) =>
      join.onRef('ci.instrument_id', '=', 'i.id').on('ci.replaced_at', 'is', null),
    )
    .leftJoin('sterilisation_cycles as c', 'c.id', 'ci.cycle_id')
    .selectAll('i')
    .select([
      'ci.id_sterilizare',
      'ci.cycle_id',
      'c.started_at',
      'ci.use_by',
      'ci.used_at',
      'c.integrator',
      'c.biological',
    ]);
}

/** Live instruments whose normalised name starts with `prefixKey` ('' = all), by name. */
export async function findInstruments(
  db: Kysely<Database>,
  prefixKey: string,
): Promise<InstrumentWithPouch[]> {
  let query = instrumentsWithPouch(db).where('i.deleted_at', 'is', null);
  // substr instead of LIKE: no wildcard escaping, and the same on both databases (the list is small).
  if (prefixKey !== '')
    query = query.where(sql<string>`substr(i.name_key, 1, ${prefixKey.length})`, '=', prefixKey);
  return query.orderBy('i.name_key').orderBy('i.id').limit(1000).execute();
}

export async function findInstrument(
  db: Kysely<Database>,
  id: string,
  options: { withDeleted?: boolean } = {},
): Promise<InstrumentWithPouch | undefined> {
  let query = instrumentsWithPouch(db).where('i.id', '=', id);
  if (!options.withDeleted) query = query.where('i.deleted_at', 'is', null);
  return query.executeTakeFirst();
}

/** Live instruments among `ids`. */
export async function findLiveInstrumentRows(
  trx: Kysely<Database>,
  ids: readonly string[],
): Promise<InstrumentRow[]> {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('instruments')
    .selectAll()
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
}

export async function insertInstrument(trx: Kysely<Database>, row: InstrumentRow): Promise<void> {
  await trx.insertInto('instruments').values(row).execute();
}

/** Renames/repacks the instrument when `version` is still current; undefined when stale or gone. */
export async function updateInstrumentIfVersion(
  trx: Kysely<Database>,
  id: string,
  version: number,
  changes: Pick<InstrumentRow, 'name' | 'name_key' | 'packaging' | 'updated_at'>,
): Promise<{ id: string } | undefined> {
  return trx
    .updateTable('instruments')
    .set({ ...changes, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
}

export async function softDeleteInstrument(
  trx: Kysely<Database>,
  id: string,
  at: string,
): Promise<{ name: string } | undefined> {
  return trx
    .updateTable('instruments')
    .set((eb) => ({ deleted_at: at, updated_at: at, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning('name')
    .executeTakeFirst();
}
