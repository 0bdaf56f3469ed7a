import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The clinic's price list (issue 12; decision 0019).
 *
 * - `price_items`: every treatment catalogue procedure (`catalogue_id` set, unique; code 'T-<id>') and the
 *   clinic's own items (`catalogue_id` null; code 'P-0001' … or one the admin typed). `catalogue_id` is
 *   `double precision` like history_entries.map_id (catalogue ids are 1.1, 0.3, …). `vat_rate_bp` null
 *   means exempt from VAT.
 * - `price_item_prices`: append-only. The price on day D is the row with the greatest `valid_from` <= D,
 *   ties to the latest `created_at`; a change never rewrites earlier plans or charges, which keep their
 *   own amounts.
 */
export function priceList(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('price_items')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('code', 'text', (col) => col.notNull().unique())
        .addColumn('catalogue_id', 'double precision', (col) => col.unique())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('group_name', 'text', (col) => col.notNull())
        .addColumn('unit', 'text', (col) => col.notNull())
        .addColumn('vat_rate_bp', 'integer')
        .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .addCheckConstraint('price_items_unit', sql`unit in ('dinte', 'arcada', 'vizita')`)
        .addCheckConstraint(
          'price_items_vat',
          sql`vat_rate_bp is null or (vat_rate_bp > 0 and vat_rate_bp <= 10000)`,
        )
        .execute();

      await db.schema
        .createTable('price_item_prices')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('price_item_id', 'text', (col) => col.notNull().references('price_items.id'))
        .addColumn('amount_bani', 'integer', (col) => col.notNull())
        .addColumn('valid_from', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('created_by', 'text')
        .addCheckConstraint('price_item_prices_amount', sql`amount_bani >= 0`)
        .execute();
      await db.schema
        .createIndex('price_item_prices_item_valid_from')
        .on('price_item_prices')
        .columns(['price_item_id', 'valid_from'])
        .execute();
    },
  };
}
