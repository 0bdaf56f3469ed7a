import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Patients' e-signatures (issue 8).
 *
 * - `signatures`: every signature ever captured — of a history entry (`entry_id`) or a patient-level
 *   consent — with its PNG (a stored file, kind 'signature'), the canonical JSON of what was signed
 *   (`snapshot`) and its SHA-256. Rows are never changed; signing an entry again adds a row and the
 *   entry's `history_entries.signature` JSON points at the newest.
 * - `signature_requests`: a request sent to the clinic's signature station: what is to be signed (its
 *   snapshot and hash, fixed when it is sent), its status and, once signed, its signature.
 */
export function signatures(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('signatures')
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
        .addCheckConstraint('signatures_kind', sql`kind in ('entry', 'consent')`)
        .addCheckConstraint('signatures_via', sql`via in ('direct', 'station')`)
        .execute();
      await db.schema
        .createIndex('signatures_patient')
        .on('signatures')
        .columns(['patient_id', 'signed_at'])
        .execute();

      await db.schema
        .createTable('signature_requests')
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
        .addCheckConstraint('signature_requests_kind', sql`kind in ('entry', 'consent')`)
        .addCheckConstraint(
          'signature_requests_status',
          sql`status in ('pending', 'signed', 'cancelled', 'expired')`,
        )
        .execute();
      await db.schema
        .createIndex('signature_requests_status')
        .on('signature_requests')
        .columns(['status', 'created_at'])
        .execute();
    },
  };
}
