import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The treatment history (issue 4, SPEC.md §3 History entry) and its before/after pictures.
 *
 * - An entry is identified by its patient and its `id`, a millisecond timestamp (SPEC.md §9) unique per
 *   patient only: `bigint`, because timestamps pass 2^31. `created_at` is the treatment date the modal
 *   chose (an ISO instant), not when the row was written; `updated_at` stays null until the first update.
 * - `map_id` is the catalogue id (1.1, 0.3, …): `double precision`, since PostgreSQL's `real` is 4 bytes
 *   and would store 1.1 as 1.100000023841858.
 * - `start`/`end` are reserved words in SQL, so the row indexes of a bridge are `start_index`/`end_index`.
 * - A picture's bytes and thumbnail are stored files (`files`, kinds 'picture' and 'picture-thumb', named
 *   as the modal named them), so /history-imgs/{patientId}/{name} serves them like avatars; this table
 *   links them to their entry with what the entry answers about them (kind, size, order).
 */
export function history(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('history_entries')
        .addColumn('patient_id', 'text', (col) => col.notNull().references('patients.id'))
        .addColumn('id', 'bigint', (col) => col.notNull())
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('denumire', 'text', (col) => col.notNull())
        .addColumn('map_id', 'double precision')
        .addColumn('dinte', 'text')
        .addColumn('dinte_start', 'text')
        .addColumn('dinte_destinatie', 'text')
        .addColumn('side', 'text')
        .addColumn('start_index', 'integer')
        .addColumn('end_index', 'integer')
        .addColumn('direction', 'text')
        .addColumn('fill', 'text')
        .addColumn('detalii', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('medic', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('signature', 'text')
        .addColumn('sterilizari', 'text', (col) => col.notNull().defaultTo('[]'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text')
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('deleted_at', 'text')
        .addColumn('deleted_by', 'text')
        .addPrimaryKeyConstraint('history_entries_pk', ['patient_id', 'id'])
        .addCheckConstraint('history_entries_type', sql`type in ('tratament', 'punte')`)
        .execute();
      // A patient's live history, newest treatment date first, ties by id: read straight off this index.
      await db.schema
        .createIndex('history_entries_patient_live')
        .on('history_entries')
        .columns(['patient_id', 'deleted_at', 'created_at', 'id'])
        .execute();

      await db.schema
        .createTable('history_pictures')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('patient_id', 'text', (col) => col.notNull())
        .addColumn('entry_id', 'bigint', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('width', 'integer', (col) => col.notNull())
        .addColumn('height', 'integer', (col) => col.notNull())
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('file_id', 'text', (col) => col.notNull().references('files.id'))
        .addColumn('thumb_file_id', 'text', (col) => col.notNull().references('files.id'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('deleted_at', 'text')
        .addForeignKeyConstraint('history_pictures_entry', ['patient_id', 'entry_id'], 'history_entries', [
          'patient_id',
          'id',
        ])
        .addCheckConstraint('history_pictures_kind', sql`kind in ('inainte', 'dupa')`)
        .execute();
      await db.schema
        .createIndex('history_pictures_patient_live')
        .on('history_pictures')
        .columns(['patient_id', 'deleted_at', 'entry_id'])
        .execute();
    },
  };
}
