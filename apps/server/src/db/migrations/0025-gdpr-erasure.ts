import type { Kysely, Migration } from 'kysely';

/**
 * GDPR erasure (issue 16, decision 0035). `patients.anonymised_at`/`anonymised_by`: when and by whom the
 * patient's identity was removed (a patient is anonymised once). `file_erasures`: the stored files whose
 * bytes must go, written in the anonymisation's transaction and emptied as the bytes are unlinked after
 * it commits, so a crash between the two leaves a list that the next start (or anonymisation) finishes,
 * never a row pointing at missing bytes nor bytes that nothing will ever remove.
 */
export function gdprErasure(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('patients').addColumn('anonymised_at', 'text').execute();
      await db.schema.alterTable('patients').addColumn('anonymised_by', 'text').execute();
      await db.schema
        .createTable('file_erasures')
        .addColumn('file_id', 'text', (col) => col.primaryKey())
        .addColumn('disk_name', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
    },
  };
}
