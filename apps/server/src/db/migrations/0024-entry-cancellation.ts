import type { Kysely, Migration } from 'kysely';

/**
 * A treatment entry the patient signed is never deleted (issue 19): it is cancelled with a reason. The
 * row leaves the live history as a deleted one does (`deleted_at`, `deleted_by`: when and by whom) and
 * `cancel_reason` keeps why, so the record still shows it, struck through.
 */
export function entryCancellation(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('history_entries').addColumn('cancel_reason', 'text').execute();
    },
  };
}
