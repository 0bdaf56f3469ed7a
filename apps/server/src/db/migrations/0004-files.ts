import type { Kysely, Migration } from 'kysely';

/**
 * Stored files (DESIGN.md §6): the bytes live under `<data dir>/files/<disk_name>`, the row says what
 * they are. `name` is the public name in addresses, unique per patient; a deleted file keeps its row.
 */
export function files(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('files')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('patient_id', 'text', (col) => col.references('patients.id'))
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('disk_name', 'text', (col) => col.notNull().unique())
        .addColumn('content_type', 'text', (col) => col.notNull())
        .addColumn('size', 'integer', (col) => col.notNull())
        .addColumn('sha256', 'text', (col) => col.notNull())
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('created_by', 'text')
        .addColumn('deleted_at', 'text')
        .addUniqueConstraint('files_patient_id_name', ['patient_id', 'name'])
        .execute();
    },
  };
}
