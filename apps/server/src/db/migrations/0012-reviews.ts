import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Patient reviews and the requests that collect them (issue 7).
 *
 * - `review_requests`: one per appointment (unique), sent by SMS or email with a single-use link; only the
 *   sha256 of the link's token is stored, so a leaked database gives no working link. `used_at` is set
 *   when the review is given, in the same transaction that stores it.
 * - `reviews`: 1–5 stars and a comment, of a patient about a doctor. `request_id` is unique, so a link
 *   can never give two reviews even under a race. The doctor's name is kept beside their account id: a
 *   review outlives the account (decision 0007 deletes accounts), so `doctor_id` has no foreign key.
 */
export function reviews(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('review_requests')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('appointment_id', 'text', (col) => col.notNull().unique().references('appointments.id'))
        .addColumn('patient_id', 'text', (col) => col.notNull().references('patients.id'))
        .addColumn('doctor_id', 'text', (col) => col.notNull())
        .addColumn('medic', 'text', (col) => col.notNull())
        .addColumn('channel', 'text', (col) => col.notNull())
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('used_at', 'text')
        .addColumn('outbox_id', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('created_by', 'text')
        .addCheckConstraint('review_requests_channel', sql`channel in ('sms', 'email')`)
        .execute();
      await db.schema
        .createIndex('review_requests_patient')
        .on('review_requests')
        .columns(['patient_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('reviews')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('request_id', 'text', (col) => col.unique().references('review_requests.id'))
        .addColumn('appointment_id', 'text')
        .addColumn('patient_id', 'text', (col) => col.notNull().references('patients.id'))
        .addColumn('doctor_id', 'text', (col) => col.notNull())
        .addColumn('medic', 'text', (col) => col.notNull())
        .addColumn('rating', 'integer', (col) => col.notNull())
        .addColumn('comment', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addCheckConstraint('reviews_rating', sql`rating between 1 and 5`)
        .execute();
      // The screen lists newest first, filtered by period, doctor or rating.
      await db.schema.createIndex('reviews_created_at').on('reviews').column('created_at').execute();
      await db.schema
        .createIndex('reviews_doctor_created_at')
        .on('reviews')
        .columns(['doctor_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('reviews_rating_created_at')
        .on('reviews')
        .columns(['rating', 'created_at'])
        .execute();
    },
  };
}
