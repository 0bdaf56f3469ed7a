import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The sterilisation register (issue 6).
 *
 * - `instruments`: what is sterilised (an instrument or a kit), soft-deleted; `name_key` is the normalised
 *   name for the prefix search, unique among live instruments.
 * - `sterilisation_cycles`: one autoclave load, keyed by its sequential number (counter
 *   'sterilisation-cycle'); `double precision` for temperature and pressure (PostgreSQL's `real` would
 *   store 2.1 as 2.0999999).
 * - `cycle_items`: one pouch of a load, keyed by its own sterilisation id (counter 'sterilisation', the
 *   label's barcode). `replaced_at` is set when a later cycle takes the same instrument; `used_at` when a
 *   treatment uses it.
 * - `instrument_usages`: which treatment a pouch was used in; one use per pouch (unique), so two
 *   treatments saved at once cannot both take it.
 * - `autoclave_tests`: the daily Bowie-Dick / Helix test per autoclave and clinic day.
 */
export function sterilisation(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('instruments')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('name_key', 'text', (col) => col.notNull())
        .addColumn('packaging', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('deleted_at', 'text')
        .addCheckConstraint('instruments_packaging', sql`packaging in ('punga', 'container', 'neambalat')`)
        .execute();
      await db.schema
        .createIndex('instruments_live_name_key')
        .on('instruments')
        .column('name_key')
        .unique()
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();

      await db.schema
        .createTable('sterilisation_cycles')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('started_at', 'text', (col) => col.notNull())
        .addColumn('autoclave', 'text', (col) => col.notNull())
        .addColumn('programme', 'text', (col) => col.notNull())
        .addColumn('temperature', 'double precision', (col) => col.notNull())
        .addColumn('pressure', 'double precision', (col) => col.notNull())
        .addColumn('duration', 'integer', (col) => col.notNull())
        .addColumn('integrator', 'text', (col) => col.notNull())
        .addColumn('biological', 'text', (col) => col.notNull())
        .addColumn('packaging_checked', 'integer', (col) => col.notNull())
        .addColumn('operator_id', 'text')
        .addColumn('operator_name', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .addCheckConstraint('sterilisation_cycles_integrator', sql`integrator in ('pass', 'fail')`)
        .addCheckConstraint(
          'sterilisation_cycles_biological',
          sql`biological in ('none', 'pending', 'pass', 'fail')`,
        )
        .execute();
      await db.schema
        .createIndex('sterilisation_cycles_started_at')
        .on('sterilisation_cycles')
        .column('started_at')
        .execute();

      await db.schema
        .createTable('cycle_items')
        .addColumn('id_sterilizare', 'integer', (col) => col.primaryKey())
        .addColumn('cycle_id', 'integer', (col) => col.notNull().references('sterilisation_cycles.id'))
        .addColumn('instrument_id', 'text', (col) => col.notNull().references('instruments.id'))
        .addColumn('instrument_name', 'text', (col) => col.notNull())
        .addColumn('packaging', 'text', (col) => col.notNull())
        .addColumn('use_by', 'text', (col) => col.notNull())
        .addColumn('used_at', 'text')
        .addColumn('replaced_at', 'text')
        .execute();
      await db.schema.createIndex('cycle_items_cycle_id').on('cycle_items').column('cycle_id').execute();
      await db.schema
        .createIndex('cycle_items_instrument_id')
        .on('cycle_items')
        .column('instrument_id')
        .execute();

      await db.schema
        .createTable('instrument_usages')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('id_sterilizare', 'integer', (col) =>
          col.notNull().unique().references('cycle_items.id_sterilizare'),
        )
        .addColumn('patient_id', 'text', (col) => col.notNull().references('patients.id'))
        .addColumn('entry_id', 'bigint', (col) => col.notNull())
        .addColumn('used_at', 'text', (col) => col.notNull())
        .addColumn('used_by', 'text')
        .execute();
      await db.schema
        .createIndex('instrument_usages_patient_id')
        .on('instrument_usages')
        .column('patient_id')
        .execute();

      await db.schema
        .createTable('autoclave_tests')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('at', 'text', (col) => col.notNull())
        .addColumn('autoclave', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('result', 'text', (col) => col.notNull())
        .addColumn('operator_id', 'text')
        .addColumn('operator_name', 'text', (col) => col.notNull())
        .addCheckConstraint('autoclave_tests_result', sql`result in ('pass', 'fail')`)
        .execute();
      await db.schema.createIndex('autoclave_tests_day').on('autoclave_tests').column('day').execute();
    },
  };
}
