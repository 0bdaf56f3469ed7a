import type { Kysely, Migration } from 'kysely';

/**
 * Localities imported from SIRUTA (DESIGN.md §7). The counties are built in (packages/domain), so a
 * row only names its county's registration code; `position` keeps the importer's Romanian order.
 * The last import is a `settings` row ('places.import'), written in the same transaction.
 */
export function places(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('places')
        .addColumn('county_auto', 'text', (col) => col.notNull())
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('nume', 'text', (col) => col.notNull())
        .addColumn('simplu', 'text')
        .addColumn('comuna', 'text')
        // The key's first column is the county: one county's list is an index range scan in order.
        .addPrimaryKeyConstraint('places_pkey', ['county_auto', 'position'])
        .execute();
    },
  };
}
