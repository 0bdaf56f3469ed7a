import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Appointments (issue 5, SPEC.md §3 Appointment form) and the outbox as a queue for SMS reminders.
 *
 * - An appointment is a start and an end instant (ISO text, decision 0003) of one doctor (a user) with one
 *   patient; the form's `createdAt` + `deLa`/`panaLa` are derived from them in the clinic's time zone.
 *   Soft-deleted like every clinical row.
 * - The outbox becomes a queue a worker drains: `kind` + `ref_id` say what a row is about (an appointment
 *   reminder and its appointment id, a review request, …), `claimed_at` is when a worker took it (a claim
 *   older than the lease is taken again after a crash), and the statuses gain 'sending' (claimed) and
 *   'cancelled' (the appointment was deleted, moved or its SMS flag turned off). SQLite cannot change a
 *   CHECK constraint in place, so the table is rebuilt, on both databases the same way.
 */
export function appointments(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('appointments')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('patient_id', 'text', (col) => col.notNull().references('patients.id'))
        .addColumn('doctor_id', 'text', (col) => col.notNull().references('users.id'))
        .addColumn('starts_at', 'text', (col) => col.notNull())
        .addColumn('ends_at', 'text', (col) => col.notNull())
        .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('trimite_sms', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('created_by', 'text')
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('deleted_at', 'text')
        .addColumn('deleted_by', 'text')
        .addCheckConstraint('appointments_trimite_sms', sql`trimite_sms in (0, 1)`)
        .addCheckConstraint('appointments_end_after_start', sql`ends_at >= starts_at`)
        .execute();
      // A patient's appointments, and the calendar's range queries (all doctors, or one).
      await db.schema
        .createIndex('appointments_patient_live')
        .on('appointments')
        .columns(['patient_id', 'deleted_at', 'starts_at'])
        .execute();
      await db.schema
        .createIndex('appointments_range_live')
        .on('appointments')
        .columns(['deleted_at', 'starts_at'])
        .execute();
      await db.schema
        .createIndex('appointments_doctor_live')
        .on('appointments')
        .columns(['doctor_id', 'deleted_at', 'starts_at'])
        .execute();

      await db.schema
        .createTable('outbox_next')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('channel', 'text', (col) => col.notNull())
        .addColumn('kind', 'text')
        .addColumn('ref_id', 'text')
        .addColumn('recipient', 'text', (col) => col.notNull())
        .addColumn('subject', 'text')
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull().defaultTo('queued'))
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('send_after', 'text', (col) => col.notNull())
        .addColumn('claimed_at', 'text')
        .addColumn('sent_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addCheckConstraint('outbox_next_channel', sql`channel in ('mail', 'sms')`)
        .addCheckConstraint(
          'outbox_next_status',
          sql`status in ('queued', 'sending', 'sent', 'failed', 'cancelled')`,
        )
        .execute();
      await sql`insert into outbox_next
          (id, channel, recipient, subject, body, status, attempts, last_error, send_after, sent_at,
           created_at, updated_at)
        select id, channel, recipient, subject, body, status, attempts, last_error, send_after, sent_at,
           created_at, updated_at
        from outbox`.execute(db);
      await db.schema.dropTable('outbox').execute();
      await db.schema.alterTable('outbox_next').renameTo('outbox').execute();
      // The worker's scan: due rows of a status, oldest first.
      await db.schema
        .createIndex('outbox_status_send_after')
        .on('outbox')
        .columns(['status', 'send_after'])
        .execute();
      // "The reminders of this appointment": cancelled or replaced when it changes.
      await db.schema.createIndex('outbox_kind_ref').on('outbox').columns(['kind', 'ref_id']).execute();
    },
  };
}
