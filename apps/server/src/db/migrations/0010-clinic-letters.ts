import type { Kysely, Migration } from 'kysely';

/**
 * Medical letters (issue 8, SPEC.md §7 POST /api/save-scrisoare). A letter is written once and never
 * changed: a correction is a new letter, so the paper a patient took home always matches a row. The author's
 * name and title are kept as printed, so a reprint is the same page even after the account changes.
 * (The clinic's own details are a `settings` row, 'clinic'; no table of their own.)
 */
export function clinicLetters(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('letters')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('patient_id', 'text', (col) => col.notNull().references('patients.id'))
        .addColumn('text', 'text', (col) => col.notNull())
        .addColumn('author_id', 'text')
        .addColumn('author_name', 'text', (col) => col.notNull())
        .addColumn('author_title', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      // A patient's letters, newest first.
      await db.schema
        .createIndex('letters_patient_created')
        .on('letters')
        .columns(['patient_id', 'created_at'])
        .execute();
    },
  };
}
