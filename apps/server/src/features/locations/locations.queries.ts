import type { Kysely } from 'kysely';
import type { ChairRow, Database, LocationRow } from '../../db/database';

/** Every location in the clinic's order (closed ones too). */
export function findLocations(db: Kysely<Database>): Promise<LocationRow[]> {
  return db.selectFrom('locations').selectAll().orderBy('position').orderBy('created_at').execute();
}

/** Every chair of every location, in each location's order. */
export function findChairs(db: Kysely<Database>): Promise<ChairRow[]> {
  return db
    .selectFrom('chairs')
    .selectAll()
    .orderBy('location_id')
    .orderBy('position')
    .orderBy('created_at')
    .execute();
}

/** The locations a user works at (none: all of them). */
export async function findUserLocationIds(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_locations')
    .select('location_id')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.location_id);
}

/** The clinic's first open location: where an appointment booked without a location takes place. */
export async function findFirstOpenLocationId(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('locations')
    .select('id')
    .where('archived_at', 'is', null)
    .orderBy('position')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** One location (closed ones too). */
export function findLocation(db: Kysely<Database>, id: string): Promise<LocationRow | undefined> {
  return db.selectFrom('locations').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Locks one chair's row for the rest of the transaction and answers it: two bookings of one chair then
 * check for overlaps one after the other (as the appointments' doctor lock).
 */
export function lockChair(db: Kysely<Database>, id: string): Promise<ChairRow | undefined> {
  return db
    .updateTable('chairs')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** The user's first open location in the clinic's order (none when they work at every location). */
export async function findUserFirstOpenLocationId(
  db: Kysely<Database>,
  userId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('user_locations')
    .innerJoin('locations', 'locations.id', 'user_locations.location_id')
    .select('locations.id')
    .where('user_locations.user_id', '=', userId)
    .where('locations.archived_at', 'is', null)
    .orderBy('locations.position')
    .orderBy('locations.created_at')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}
