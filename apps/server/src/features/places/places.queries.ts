import type { Kysely } from 'kysely';
import type { Locality } from '@odonto/domain/places';
import type { Database, NewPlaceRow } from '../../db/database';

/** Rows per INSERT: 5 columns × 1,000 = 5,000 parameters, well under both databases' limits. */
const INSERT_BATCH = 1_000;
const IMPORT_SETTING = 'places.import';

/** Deletes every locality and inserts `rows`; call it inside a transaction. */
export async function replacePlaces(trx: Kysely<Database>, rows: readonly NewPlaceRow[]): Promise<void> {
  await trx.deleteFrom('places').execute();
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    await trx
      .insertInto('places')
      .values(rows.slice(start, start + INSERT_BATCH))
      .execute();
  }
}

/** Whether any locality is stored: one row read through the primary key, cheap at every start. */
export async function hasPlaces(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('places').select('county_auto').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The number of stored localities per county code. */
export async function countPlacesByCounty(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('places')
    .select((eb) => ['county_auto', eb.fn.countAll<number>().as('count')])
    .groupBy('county_auto')
    .execute();
  return new Map(rows.map((row) => [row.county_auto, Number(row.count)]));
}

/** One county's localities in the importer's order, shaped as SPEC.md §3 says. */
export async function listCountyPlaces(db: Kysely<Database>, countyAuto: string): Promise<Locality[]> {
  const rows = await db
    .selectFrom('places')
    .select(['nume', 'simplu', 'comuna'])
    .where('county_auto', '=', countyAuto)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    nume: row.nume,
    ...(row.simplu === null ? {} : { simplu: row.simplu }),
    ...(row.comuna === null ? {} : { comuna: row.comuna }),
  }));
}

/** The JSON text recorded about the last import, or null before the first one. */
export async function readImportSetting(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', IMPORT_SETTING)
    .executeTakeFirst();
  return row?.value ?? null;
}

export async function writeImportSetting(trx: Kysely<Database>, value: string, at: string): Promise<void> {
  await trx
    .insertInto('settings')
    .values({ key: IMPORT_SETTING, value, updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at }))
    .execute();
}
