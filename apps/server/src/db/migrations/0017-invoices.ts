import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * Invoices and credit notes (issue 13; docs/decisions/0024).
 *
 * - `invoices`: one row per issued document (kind 'invoice' | 'credit-note'), numbered per series without
 *   gaps (`counters`, in the issuing transaction; unique series + number), with the e-Factura document as
 *   JSON, its UBL XML and its totals. A credit note points at the invoice it reverses (`reverses_id`, unique:
 *   an invoice is reversed at most once, also under a race).
 * - `invoice_lines`: the document's lines and the charge each came from.
 * Both are immutable: triggers on both databases refuse UPDATE and DELETE.
 * - `invoiced_charges`: which charge is on which live invoice (`charge_id` primary key: a charge is invoiced
 *   once, also under a race). A credit note removes its invoice's rows, so the charges can be invoiced again;
 *   the lines keep the history.
 */
export function invoices(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('invoices')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('series', 'text', (col) => col.notNull())
        .addColumn('number', 'integer', (col) => col.notNull())
        .addColumn('patient_id', 'text', (col) => col.notNull().references('patients.id'))
        .addColumn('location_id', 'text')
        .addColumn('issue_date', 'text', (col) => col.notNull())
        .addColumn('buyer_kind', 'text', (col) => col.notNull())
        .addColumn('buyer_name', 'text', (col) => col.notNull())
        .addColumn('document', 'text', (col) => col.notNull())
        .addColumn('xml', 'text', (col) => col.notNull())
        .addColumn('tax_exclusive_bani', 'integer', (col) => col.notNull())
        .addColumn('vat_bani', 'integer', (col) => col.notNull())
        .addColumn('total_bani', 'integer', (col) => col.notNull())
        .addColumn('payable_bani', 'integer', (col) => col.notNull())
        .addColumn('reverses_id', 'text', (col) => col.unique().references('invoices.id'))
        .addColumn('reason', 'text')
        .addColumn('created_by', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull())
        .addUniqueConstraint('invoices_series_number', ['series', 'number'])
        .addCheckConstraint('invoices_kind', sql`kind in ('invoice', 'credit-note')`)
        .addCheckConstraint('invoices_buyer_kind', sql`buyer_kind in ('person', 'company')`)
        .addCheckConstraint(
          'invoices_reverses',
          sql`(kind = 'invoice' and reverses_id is null) or (kind = 'credit-note' and reverses_id is not null)`,
        )
        .execute();
      await db.schema
        .createIndex('invoices_patient')
        .on('invoices')
        .columns(['patient_id', 'issue_date'])
        .execute();
      await db.schema.createIndex('invoices_issue_date').on('invoices').columns(['issue_date']).execute();

      await db.schema
        .createTable('invoice_lines')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('invoice_id', 'text', (col) => col.notNull().references('invoices.id'))
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('charge_id', 'text', (col) => col.references('charges.id'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('quantity', 'integer', (col) => col.notNull())
        .addColumn('unit_price_bani', 'integer', (col) => col.notNull())
        .addColumn('vat_rate_bp', 'integer')
        .addColumn('total_bani', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addUniqueConstraint('invoice_lines_position', ['invoice_id', 'position'])
        .execute();
      await db.schema.createIndex('invoice_lines_charge').on('invoice_lines').column('charge_id').execute();

      await db.schema
        .createTable('invoiced_charges')
        .addColumn('charge_id', 'text', (col) => col.primaryKey().references('charges.id'))
        .addColumn('invoice_id', 'text', (col) => col.notNull().references('invoices.id'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('invoiced_charges_invoice')
        .on('invoiced_charges')
        .column('invoice_id')
        .execute();

      for (const table of ['invoices', 'invoice_lines']) await refuseChanges(db, dialect, table);
    },
  };
}

/** Triggers that refuse UPDATE and DELETE of an issued document's rows. */
async function refuseChanges(db: Kysely<unknown>, dialect: DialectName, table: string): Promise<void> {
  const message = `${table} are immutable once issued: issue a credit note instead`;
  if (dialect === 'postgres') {
    await sql`create or replace function ${sql.raw(`${table}_immutable`)}() returns trigger language plpgsql as $$
      begin raise exception ${sql.lit(message)}; end $$`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_immutable`)} before update or delete on ${sql.table(table)}
      for each row execute function ${sql.raw(`${table}_immutable`)}()`.execute(db);
    return;
  }
  for (const event of ['update', 'delete']) {
    await sql`create trigger ${sql.raw(`${table}_no_${event}`)} before ${sql.raw(event)} on ${sql.table(table)}
      begin select raise(abort, ${sql.lit(message)}); end`.execute(db);
  }
}
