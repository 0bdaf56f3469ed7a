import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * The patient's account (issue 13; docs/decisions/0023).
 *
 * - `charges`, `payments`, `allocations`: the ledger, append-only. A correction is a new negative row with
 *   `reverses_id` (unique: a row is reversed at most once, also under a race) and a reason. Triggers on both
 *   databases refuse any UPDATE or DELETE of these rows, so not even a bug in the app can rewrite money.
 * - `payments.receipt_series/receipt_number`: cash receipts, numbered from the per-series counter in the same
 *   transaction (gap-free); unique per series.
 * - `commission_rates`: append-only too; the rate in force on a day is the latest `valid_from` ≤ that day.
 * - `patient_balances`: charges less payments per patient, kept current in the transaction of every ledger
 *   write (a derived total, not a money row: it is rewritten), so the patient list filters "cu sold de plată"
 *   and the header shows the balance without summing the ledger.
 */
export function ledger(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('charges')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('patient_id', 'text', (col) => col.notNull().references('patients.id'))
        .addColumn('location_id', 'text')
        .addColumn('history_entry_id', 'bigint')
        .addColumn('plan_id', 'text')
        .addColumn('plan_item_id', 'text')
        .addColumn('price_item_id', 'text')
        .addColumn('doctor_id', 'text')
        .addColumn('description', 'text', (col) => col.notNull())
        .addColumn('teeth', 'text', (col) => col.notNull())
        .addColumn('quantity', 'integer', (col) => col.notNull())
        .addColumn('amount_bani', 'integer', (col) => col.notNull())
        .addColumn('vat_rate_bp', 'integer')
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('reverses_id', 'text', (col) => col.unique().references('charges.id'))
        .addColumn('reason', 'text')
        .addColumn('created_by', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addCheckConstraint(
          'charges_amount',
          sql`(reverses_id is null and amount_bani > 0) or (reverses_id is not null and amount_bani < 0 and reason is not null)`,
        )
        .execute();
      await db.schema
        .createIndex('charges_patient')
        .on('charges')
        .columns(['patient_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('charges_entry')
        .on('charges')
        .columns(['patient_id', 'history_entry_id'])
        .execute();

      await db.schema
        .createTable('payments')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('patient_id', 'text', (col) => col.notNull().references('patients.id'))
        .addColumn('location_id', 'text')
        .addColumn('method', 'text', (col) => col.notNull())
        .addColumn('is_advance', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('amount_bani', 'integer', (col) => col.notNull())
        .addColumn('reverses_id', 'text', (col) => col.unique().references('payments.id'))
        .addColumn('reason', 'text')
        .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('receipt_series', 'text')
        .addColumn('receipt_number', 'integer')
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('created_by', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addCheckConstraint('payments_method', sql`method in ('numerar', 'card', 'transfer')`)
        .addCheckConstraint(
          'payments_amount',
          sql`(amount_bani > 0 and reverses_id is null) or (amount_bani < 0 and reason is not null)`,
        )
        .addUniqueConstraint('payments_receipt', ['receipt_series', 'receipt_number'])
        .execute();
      await db.schema
        .createIndex('payments_patient')
        .on('payments')
        .columns(['patient_id', 'created_at'])
        .execute();
      await db.schema.createIndex('payments_day').on('payments').columns(['day', 'method']).execute();

      await db.schema
        .createTable('allocations')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('payment_id', 'text', (col) => col.notNull().references('payments.id'))
        .addColumn('charge_id', 'text', (col) => col.notNull().references('charges.id'))
        .addColumn('amount_bani', 'integer', (col) => col.notNull())
        .addColumn('doctor_id', 'text')
        .addColumn('commission_bani', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addCheckConstraint('allocations_amount', sql`amount_bani <> 0`)
        .execute();
      await db.schema.createIndex('allocations_payment').on('allocations').column('payment_id').execute();
      await db.schema.createIndex('allocations_charge').on('allocations').column('charge_id').execute();
      await db.schema
        .createIndex('allocations_doctor')
        .on('allocations')
        .columns(['doctor_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('commission_rates')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('doctor_id', 'text', (col) => col.notNull())
        .addColumn('price_item_id', 'text', (col) => col.references('price_items.id'))
        .addColumn('rate_bp', 'integer', (col) => col.notNull())
        .addColumn('valid_from', 'text', (col) => col.notNull())
        .addColumn('created_by', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addCheckConstraint('commission_rates_rate', sql`rate_bp >= 0 and rate_bp <= 10000`)
        .execute();
      await db.schema
        .createIndex('commission_rates_doctor')
        .on('commission_rates')
        .columns(['doctor_id', 'valid_from'])
        .execute();

      await db.schema
        .createTable('patient_balances')
        .addColumn('patient_id', 'text', (col) => col.primaryKey().references('patients.id'))
        .addColumn('owed_bani', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createIndex('patient_balances_owing')
        .on('patient_balances')
        .column('patient_id')
        .where(sql.ref('owed_bani'), '>', 0)
        .execute();

      for (const table of ['charges', 'payments', 'allocations', 'commission_rates']) {
        await refuseChanges(db, dialect, table);
      }
    },
  };
}

/** Triggers that refuse UPDATE and DELETE of an append-only table. */
async function refuseChanges(db: Kysely<unknown>, dialect: DialectName, table: string): Promise<void> {
  const message = `${table} is append-only: add a reversing row instead`;
  if (dialect === 'postgres') {
    await sql`create or replace function ${sql.raw(`${table}_append_only`)}() returns trigger language plpgsql as $$
      begin raise exception ${sql.lit(message)}; end $$`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_append_only`)} before update or delete on ${sql.table(table)}
      for each row execute function ${sql.raw(`${table}_append_only`)}()`.execute(db);
    return;
  }
  for (const event of ['update', 'delete']) {
    await sql`create trigger ${sql.raw(`${table}_no_${event}`)} before ${sql.raw(event)} on ${sql.table(table)}
      begin select raise(abort, ${sql.lit(message)}); end`.execute(db);
  }
}
