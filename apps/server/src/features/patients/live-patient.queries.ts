import type { Kysely } from 'kysely';
import type { Database, PatientRow } from '../../db/database';

/** A patient that exists and is not deleted; the features that write under a patient start here. */
export async function findLivePatient(
  db: Kysely<Database>,
  patientId: string,
): Promise<PatientRow | undefined> {
  return db
    .selectFrom('patients')
    .selectAll()
    .where('id', '=', patientId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Locks a live patient's row for the rest of the transaction and answers it (undefined when unknown or
 * deleted). A no-op update locks on both databases (PostgreSQL row lock; SQLite's one writer), so writes
 * for one patient run one after the other and never land on a patient being deleted.
 */
export async function lockLivePatient(
  trx: Kysely<Database>,
  patientId: string,
): Promise<PatientRow | undefined> {
  return trx
    .updateTable('patients')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', '=', patientId)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
