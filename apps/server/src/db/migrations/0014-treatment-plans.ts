import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * Treatment plans (issue 12; docs/decisions/0021).
 *
 * - `treatment_plans`: one row per plan; its alternatives, phases and items are one JSON text (`content`),
 *   read and written whole. `revision` grows with every content change, `version` with any change
 *   (optimistic concurrency). `open_remaining_bani` is the accepted alternative's amount still to do while
 *   the plan is acceptat / în lucru (0 otherwise), kept current by every change so the patient list sums
 *   it without opening the content.
 * - `treatment_plan_revisions`: append-only, the content of every revision (what a signature was bound to
 *   stays readable after the plan changes).
 * - `plan_item_links`: a done item of the accepted alternative and the history entry that did it.
 * - The signatures' kind checks gain 'plan' (an acceptance is a signature of kind 'plan').
 */
export function treatmentPlans(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('treatment_plans')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('patient_id', 'text', (col) => col.notNull().references('patients.id'))
        .addColumn('number', 'integer', (col) => col.notNull().unique())
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('doctor_id', 'text', (col) => col.notNull())
        .addColumn('doctor_name', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('valid_until', 'text', (col) => col.notNull())
        .addColumn('notes', 'text', (col) => col.notNull())
        .addColumn('price_day', 'text', (col) => col.notNull())
        .addColumn('content', 'text', (col) => col.notNull())
        .addColumn('revision', 'integer', (col) => col.notNull())
        .addColumn('accepted_alternative', 'text')
        .addColumn('accepted_revision', 'integer')
        .addColumn('accepted_signature_id', 'text')
        .addColumn('rejected_reason', 'text')
        .addColumn('open_remaining_bani', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('created_by', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .addCheckConstraint(
          'treatment_plans_status',
          sql`status in ('propus', 'acceptat', 'în lucru', 'finalizat', 'respins')`,
        )
        .addCheckConstraint('treatment_plans_open', sql`open_remaining_bani >= 0`)
        .execute();
      await db.schema
        .createIndex('treatment_plans_patient')
        .on('treatment_plans')
        .columns(['patient_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('treatment_plan_revisions')
        .addColumn('plan_id', 'text', (col) => col.notNull().references('treatment_plans.id'))
        .addColumn('revision', 'integer', (col) => col.notNull())
        .addColumn('content', 'text', (col) => col.notNull())
        .addColumn('created_by', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('treatment_plan_revisions_pk', ['plan_id', 'revision'])
        .execute();

      await db.schema
        .createTable('plan_item_links')
        .addColumn('plan_id', 'text', (col) => col.notNull().references('treatment_plans.id'))
        .addColumn('alternative', 'text', (col) => col.notNull())
        .addColumn('item_id', 'text', (col) => col.notNull())
        .addColumn('patient_id', 'text', (col) => col.notNull())
        .addColumn('history_entry_id', 'bigint', (col) => col.notNull())
        .addColumn('done_at', 'text', (col) => col.notNull())
        .addUniqueConstraint('plan_item_links_item', ['plan_id', 'alternative', 'item_id'])
        .execute();
      await db.schema
        .createIndex('plan_item_links_entry')
        .on('plan_item_links')
        .columns(['patient_id', 'history_entry_id'])
        .execute();

      await allowPlanSignatures(db, dialect);
    },
  };
}

const KINDS = sql`kind in ('entry', 'consent', 'plan')`;

async function allowPlanSignatures(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    for (const table of ['signatures', 'signature_requests']) {
      const check = `${table}_kind`;
      await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(check)}`.execute(db);
      await sql`alter table ${sql.table(table)} add constraint ${sql.ref(check)} check (${KINDS})`.execute(
        db,
      );
    }
    return;
  }
  // SQLite cannot change a check constraint: each table is rebuilt with the wider check (nothing
  // references either table, so the copy, drop and rename keep every row and foreign key as it was).
  await db.schema
    .createTable('signatures_next')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('patient_id', 'text', (col) => col.notNull().references('patients.id'))
    .addColumn('entry_id', 'bigint')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('file_id', 'text', (col) => col.notNull().references('files.id'))
    .addColumn('image_name', 'text', (col) => col.notNull())
    .addColumn('snapshot', 'text', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('via', 'text', (col) => col.notNull())
    .addColumn('request_id', 'text')
    .addColumn('signed_at', 'text', (col) => col.notNull())
    .addColumn('signed_by', 'text')
    .addColumn('signed_by_name', 'text', (col) => col.notNull())
    .addCheckConstraint('signatures_kind', KINDS)
    .addCheckConstraint('signatures_via', sql`via in ('direct', 'station')`)
    .execute();
  await sql`insert into signatures_next select id, patient_id, entry_id, kind, file_id, image_name, snapshot,
    sha256, via, request_id, signed_at, signed_by, signed_by_name from signatures`.execute(db);
  await db.schema.dropTable('signatures').execute();
  await sql`alter table signatures_next rename to signatures`.execute(db);
  await db.schema
    .createIndex('signatures_patient')
    .on('signatures')
    .columns(['patient_id', 'signed_at'])
    .execute();

  await db.schema
    .createTable('signature_requests_next')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('patient_id', 'text', (col) => col.notNull().references('patients.id'))
    .addColumn('entry_id', 'bigint')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('snapshot', 'text', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('signature_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text')
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('closed_at', 'text')
    .addCheckConstraint('signature_requests_kind', KINDS)
    .addCheckConstraint(
      'signature_requests_status',
      sql`status in ('pending', 'signed', 'cancelled', 'expired')`,
    )
    .execute();
  await sql`insert into signature_requests_next select id, patient_id, entry_id, kind, snapshot, sha256, status,
    signature_id, created_at, created_by, expires_at, closed_at from signature_requests`.execute(db);
  await db.schema.dropTable('signature_requests').execute();
  await sql`alter table signature_requests_next rename to signature_requests`.execute(db);
  await db.schema
    .createIndex('signature_requests_status')
    .on('signature_requests')
    .columns(['status', 'created_at'])
    .execute();
}
