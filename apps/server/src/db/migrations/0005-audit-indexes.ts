import type { Kysely, Migration } from 'kysely';

/**
 * The audit screen filters by patient ("who looked at my file") and by user, newest first; `id` breaks
 * ties of the same instant in the same order the list uses. The action filter gets its own index, which
 * also lists the distinct actions without reading the whole log.
 */
export function auditIndexes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('audit_log_patient_id_at')
        .on('audit_log')
        .columns(['patient_id', 'at', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_log_user_id_at')
        .on('audit_log')
        .columns(['user_id', 'at', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_log_action_at')
        .on('audit_log')
        .columns(['action', 'at', 'id'])
        .execute();
    },
  };
}
