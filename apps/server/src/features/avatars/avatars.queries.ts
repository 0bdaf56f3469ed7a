import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

export interface AvatarPatient {
  id: string;
  avatar: string | null;
  version: number;
}

/** A patient that is not deleted, with its current avatar name. */
export async function findAvatarPatient(
  db: Kysely<Database>,
  patientId: string,
): Promise<AvatarPatient | null> {
  const row = await db
    .selectFrom('patients')
    .select(['id', 'avatar', 'version'])
    .where('id', '=', patientId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

/** Sets the patient's avatar (a new version); answers the new version, or null if the patient is gone. */
export async function setPatientAvatar(
  trx: Kysely<Database>,
  patientId: string,
  avatar: string | null,
  at: string,
): Promise<number | null> {
  const row = await trx
    .updateTable('patients')
    .set((eb) => ({ avatar, updated_at: at, version: eb('version', '+', 1) }))
    .where('id', '=', patientId)
    .where('deleted_at', 'is', null)
    .returning('version')
    .executeTakeFirst();
  return row?.version ?? null;
}

/** Clears the patient's avatar if it is `name`; answers the new version, or null when it was not current. */
export async function clearPatientAvatar(
  trx: Kysely<Database>,
  patientId: string,
  name: string,
  at: string,
): Promise<number | null> {
  const row = await trx
    .updateTable('patients')
    .set((eb) => ({ avatar: null, updated_at: at, version: eb('version', '+', 1) }))
    .where('id', '=', patientId)
    .where('avatar', '=', name)
    .returning('version')
    .executeTakeFirst();
  return row?.version ?? null;
}
