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

/** One location (closed ones too), or undefined. */
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

/**
 * Locks every location's row for the rest of the transaction (a no-op update, which both databases lock):
 * two administrators' writes to locations or chairs then run one after the other, so a name or position
 * checked inside one is still free when it is written.
 */
export async function lockLocations(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable('locations')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .execute();
}

/** One chair, or undefined. */
export function findChair(db: Kysely<Database>, id: string): Promise<ChairRow | undefined> {
  return db.selectFrom('chairs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The chairs of one location, in its order (closed ones too). */
export function findChairsOf(db: Kysely<Database>, locationId: string): Promise<ChairRow[]> {
  return db
    .selectFrom('chairs')
    .selectAll()
    .where('location_id', '=', locationId)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
}

export function insertLocation(db: Kysely<Database>, row: LocationRow): Promise<unknown> {
  return db.insertInto('locations').values(row).execute();
}

export type LocationChanges = Partial<
  Pick<LocationRow, 'name' | 'address' | 'phone' | 'opens_at' | 'closes_at' | 'archived_at'>
> & { updated_at: string };

/** Saves the changes when the row is still at `version` (and bumps it); false when it is not. */
export async function updateLocationIfVersion(
  db: Kysely<Database>,
  id: string,
  version: number,
  changes: LocationChanges,
): Promise<boolean> {
  const result = await db
    .updateTable('locations')
    .set({ ...changes, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets the positions 1, 2, … in the order of `ids`. */
export async function renumberLocations(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await db
      .updateTable('locations')
      .set({ position: index + 1 })
      .where('id', '=', id)
      .execute();
  }
}

export function insertChair(db: Kysely<Database>, row: ChairRow): Promise<unknown> {
  return db.insertInto('chairs').values(row).execute();
}

export function updateChair(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Pick<ChairRow, 'name' | 'archived_at'>> & { updated_at: string },
): Promise<unknown> {
  return db.updateTable('chairs').set(changes).where('id', '=', id).execute();
}

/** Sets the positions 1, 2, … of a location's chairs in the order of `ids`. */
export async function renumberChairs(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await db
      .updateTable('chairs')
      .set({ position: index + 1 })
      .where('id', '=', id)
      .execute();
  }
}

/** True when the user exists. */
export async function userExists(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** Replaces the locations a user works at. */
export async function replaceUserLocations(
  db: Kysely<Database>,
  userId: string,
  locationIds: readonly string[],
): Promise<void> {
  await db.deleteFrom('user_locations').where('user_id', '=', userId).execute();
  if (locationIds.length === 0) return;
  await db
    .insertInto('user_locations')
    .values(locationIds.map((locationId) => ({ user_id: userId, location_id: locationId })))
    .execute();
}

/** The locations of each of the users (users without any are left out), for the users list. */
export async function findLocationIdsOfUsers(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('user_locations')
    .innerJoin('locations', 'locations.id', 'user_locations.location_id')
    .select(['user_locations.user_id', 'user_locations.location_id'])
    .where('user_locations.user_id', 'in', userIds)
    .orderBy('locations.position')
    .execute();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.location_id]);
  return byUser;
}
