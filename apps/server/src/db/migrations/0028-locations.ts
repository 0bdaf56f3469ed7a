import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';

/** The one location every clinic starts with; a clinic group adds the others (issue 14, decision 0050). */
export const FIRST_LOCATION_NAME = 'Sediul principal';

/**
 * A clinic group's locations (`sedii`) and their chairs (`cabinete`), issue 14, decision 0050.
 *
 * - `locations`: a name (unique among live ones, any case), an address and phone, the hours the calendar
 *   shows ('HH:MM', null: the clinic's default grid). A location is closed (`archived_at`), never deleted:
 *   appointments keep pointing at it.
 * - `chairs`: a chair or room of one location; closed like a location.
 * - `user_locations`: where a staff member works; they see those by default. None: every location.
 * - `appointments.location_id` / `chair_id`: where an appointment takes place. Every existing appointment
 *   moves into the first location, created here from the clinic's own address, so a single-clinic
 *   database becomes a group of one without loss.
 */
export function locations(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('locations')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('address', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('opens_at', 'text')
        .addColumn('closes_at', 'text')
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('archived_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .addCheckConstraint(
          'locations_hours',
          sql`(opens_at is null and closes_at is null) or (opens_at is not null and closes_at is not null and opens_at < closes_at)`,
        )
        .execute();

      await db.schema
        .createTable('chairs')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('location_id', 'text', (col) => col.notNull().references('locations.id'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('archived_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('chairs_location')
        .on('chairs')
        .columns(['location_id', 'position'])
        .execute();

      await db.schema
        .createTable('user_locations')
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
        .addColumn('location_id', 'text', (col) => col.notNull().references('locations.id'))
        .addPrimaryKeyConstraint('user_locations_pk', ['user_id', 'location_id'])
        .execute();

      await db.schema
        .alterTable('appointments')
        .addColumn('location_id', 'text', (col) => col.references('locations.id'))
        .execute();
      await db.schema
        .alterTable('appointments')
        .addColumn('chair_id', 'text', (col) => col.references('chairs.id'))
        .execute();
      // The calendar of one location: its appointments in a range.
      await db.schema
        .createIndex('appointments_location_range_live')
        .on('appointments')
        .columns(['location_id', 'deleted_at', 'starts_at'])
        .execute();

      const now = new Date().toISOString();
      const address = await clinicAddress(db);
      const id = randomUUID();
      await sql`insert into locations (id, name, address, phone, position, created_at, updated_at)
        values (${id}, ${FIRST_LOCATION_NAME}, ${address.adresa}, ${address.telefon}, 1, ${now}, ${now})`.execute(
        db,
      );
      await sql`update appointments set location_id = ${id}`.execute(db);
    },
  };
}

/** The clinic's address and phone from its saved details (settings key 'clinic'), empty when none. */
async function clinicAddress(db: Kysely<unknown>): Promise<{ adresa: string; telefon: string }> {
  const { rows } = await sql<{ value: string }>`select value from settings where key = 'clinic'`.execute(db);
  const text = rows[0]?.value;
  if (text === undefined) return { adresa: '', telefon: '' };
  try {
    const saved = JSON.parse(text) as { adresa?: unknown; telefon?: unknown };
    return {
      adresa: typeof saved.adresa === 'string' ? saved.adresa : '',
      telefon: typeof saved.telefon === 'string' ? saved.telefon : '',
    };
  } catch {
    return { adresa: '', telefon: '' };
  }
}
