import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A patient's documents (issue 5, SPEC.md §2 docs screen): documents, imported patient files, notes and
 * X-rays. A document's bytes are a stored file (`files`, kind 'document', and 'document-thumb' for a
 * picture's PNG thumbnail); a note has `text` and no file. `day` is the document's own date (YYYY-MM-DD,
 * chosen in the modal), `created_at` when it was added. Soft-deleted like every clinical row: the files
 * stay, so a deleted document can be restored.
 */
export function documents(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('documents')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('patient_id', 'text', (col) => col.notNull().references('patients.id'))
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('label', 'text', (col) => col.notNull())
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('text', 'text')
        .addColumn('extension', 'text')
        .addColumn('file_id', 'text', (col) => col.references('files.id'))
        .addColumn('thumb_file_id', 'text', (col) => col.references('files.id'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('created_by', 'text')
        .addColumn('updated_at', 'text')
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('deleted_at', 'text')
        .addColumn('deleted_by', 'text')
        .addCheckConstraint('documents_kind', sql`kind in ('document', 'import', 'nota', 'radiografie')`)
        .addCheckConstraint(
          'documents_content',
          sql`(kind = 'nota' and text is not null and file_id is null) or (kind <> 'nota' and file_id is not null)`,
        )
        .execute();
      // A patient's live documents, read straight off this index.
      await db.schema
        .createIndex('documents_patient_live')
        .on('documents')
        .columns(['patient_id', 'deleted_at', 'day'])
        .execute();
    },
  };
}
