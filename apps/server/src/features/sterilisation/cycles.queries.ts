import type { Insertable, Kysely } from 'kysely';
import type {
  CycleItemRow,
  CycleItemsTable,
  Database,
  SterilisationCycleRow,
  SterilisationCyclesTable,
} from '../../db/database';

/** The highest number the counter has handed out (0 before the first). */
export async function counterValue(db: Kysely<Database>, name: string): Promise<number> {
  const row = await db.selectFrom('counters').select('value').where('name', '=', name).executeTakeFirst();
  return row ? Number(row.value) : 0;
}

export async function insertCycle(
  trx: Kysely<Database>,
  row: Insertable<SterilisationCyclesTable>,
): Promise<void> {
  await trx.insertInto('sterilisation_cycles').values(row).execute();
}

export async function insertCycleItems(
  trx: Kysely<Database>,
  rows: Insertable<CycleItemsTable>[],
): Promise<void> {
  if (rows.length > 0) await trx.insertInto('cycle_items').values(rows).execute();
}

/** The current pouches of these instruments are superseded by a new cycle. */
export async function markPouchesReplaced(
  trx: Kysely<Database>,
  instrumentIds: readonly string[],
  at: string,
): Promise<void> {
  await trx
    .updateTable('cycle_items')
    .set({ replaced_at: at })
    .where('instrument_id', 'in', instrumentIds)
    .where('replaced_at', 'is', null)
    .execute();
}

export async function findCycleRow(
  db: Kysely<Database>,
  id: number,
): Promise<SterilisationCycleRow | undefined> {
  return db.selectFrom('sterilisation_cycles').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Cycles started in [from, to], oldest first (the register's order). */
/** The loads started in [from, to]; only those of the named autoclaves when `autoclaves` is given. */
export async function findCycleRowsBetween(
  db: Kysely<Database>,
  from: string,
  to: string,
  autoclaves?: readonly string[],
): Promise<SterilisationCycleRow[]> {
  if (autoclaves?.length === 0) return [];
  return db
    .selectFrom('sterilisation_cycles')
    .selectAll()
    .where('started_at', '>=', from)
    .where('started_at', '<=', to)
    .$if(autoclaves !== undefined, (query) => query.where('autoclave', 'in', autoclaves ?? []))
    .orderBy('started_at')
    .orderBy('id')
    .execute();
}

export async function findItemsOfCycles(
  db: Kysely<Database>,
  cycleIds: readonly number[],
): Promise<CycleItemRow[]> {
  if (cycleIds.length === 0) return [];
  return db
    .selectFrom('cycle_items')
    .selectAll()
    .where('cycle_id', 'in', cycleIds)
    .orderBy('id_sterilizare')
    .execute();
}

/** Sets the read biological result of a load whose indicator was pending; undefined otherwise. */
export async function setBiologicalResult(
  trx: Kysely<Database>,
  id: number,
  biological: 'pass' | 'fail',
  at: string,
): Promise<SterilisationCycleRow | undefined> {
  return trx
    .updateTable('sterilisation_cycles')
    .set((eb) => ({ biological, updated_at: at, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('biological', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** A pouch that may be offered: current, unused, valid at `now`, from a load that did not fail. */
export async function findAvailablePouches(db: Kysely<Database>, now: string) {
  return db
    .selectFrom('cycle_items as ci')
    .innerJoin('sterilisation_cycles as c', 'c.id', 'ci.cycle_id')
    .innerJoin('instruments as i', 'i.id', 'ci.instrument_id')
    .select([
      'ci.id_sterilizare',
      'ci.instrument_id',
      'i.name',
      'ci.cycle_id',
      'c.started_at',
      'ci.use_by',
      'c.biological',
    ])
    .where('ci.replaced_at', 'is', null)
    .where('ci.used_at', 'is', null)
    .where('ci.use_by', '>=', now)
    .where('c.integrator', '=', 'pass')
    .where('c.biological', '!=', 'fail')
    .where('i.deleted_at', 'is', null)
    .orderBy('ci.id_sterilizare')
    .execute();
}

/** Pouches by sterilisation id with their load's results and whether the instrument still exists. */
export async function findPouchesForUse(trx: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('cycle_items as ci')
    .innerJoin('sterilisation_cycles as c', 'c.id', 'ci.cycle_id')
    .innerJoin('instruments as i', 'i.id', 'ci.instrument_id')
    .select([
      'ci.id_sterilizare',
      'i.name',
      'ci.use_by',
      'ci.used_at',
      'ci.replaced_at',
      'c.integrator',
      'c.biological',
      'i.deleted_at',
    ])
    .where('ci.id_sterilizare', 'in', ids)
    .execute();
}

/** Marks the pouch used unless it already is; false when another save took it first. */
export async function markPouchUsed(trx: Kysely<Database>, id: number, at: string): Promise<boolean> {
  const result = await trx
    .updateTable('cycle_items')
    .set({ used_at: at })
    .where('id_sterilizare', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertUsage(
  trx: Kysely<Database>,
  row: Insertable<Database['instrument_usages']>,
): Promise<void> {
  await trx.insertInto('instrument_usages').values(row).execute();
}

/** The load a pouch (sterilisation id) belongs to. */
export async function findCycleIdOfPouch(db: Kysely<Database>, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('cycle_items')
    .select('cycle_id')
    .where('id_sterilizare', '=', id)
    .executeTakeFirst();
  return row?.cycle_id;
}
