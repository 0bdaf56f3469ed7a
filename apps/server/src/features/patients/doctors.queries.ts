import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

export interface DoctorRow {
  id: string;
  nume: string;
  email: string;
}

/** Active accounts whose roles (a JSON array of names) include medic, in no particular order. */
export async function findActiveDoctors(db: Kysely<Database>): Promise<DoctorRow[]> {
  return db
    .selectFrom('users')
    .select(['id', 'nume', 'email'])
    .where('active', '=', 1)
    .where('roles', 'like', '%"medic"%')
    .execute();
}
