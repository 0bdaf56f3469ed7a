import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { insertPatients } from '../../features/patients/patients-bulk';
import { DEMO_USERS } from '../demo-users';
import { generatePatients } from './patient-generator';

export const DEMO_PATIENT_COUNT = 60;

/** Gives an empty demo clinic its patients, spread over the last two years; a clinic with patients is left alone. */
export async function seedPatients(db: Kysely<Database>, now: Date): Promise<number> {
  const existing = await db.selectFrom('patients').select('id').limit(1).executeTakeFirst();
  if (existing) return 0;
  const generated = generatePatients({
    count: DEMO_PATIENT_COUNT,
    seed: 2026,
    doctors: [DEMO_USERS.medic.nume, DEMO_USERS.medic2.nume],
    now,
    days: 730,
  })
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map(({ data, createdAt }, index) => ({ ...data, createdAt, blocked: index % 29 === 7 }));
  await insertPatients(db, generated);
  return generated.length;
}
