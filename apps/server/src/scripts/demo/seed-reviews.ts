import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, NewReviewRow } from '../../db/database';
import { DEMO_USERS } from '../demo-users';
import { seededRandom } from './patient-generator';

/**
 * The demo clinic's patient reviews (issue 7): about a hundred over the last six months (relative to
 * now), for the demo doctors, mostly good, with a few low scores (1–2 stars) for the follow-up flag and
 * a slightly different average per doctor, so the statistics and the monthly chart have something to
 * show. Deterministic: the same clinic gets the same reviews, at times relative to `now`.
 */

const DAYS = 182;
const COUNT = 110;

const COMMENTS: Record<number, readonly string[]> = {
  1: [
    'Am așteptat peste o oră, deși aveam programare.',
    'Durere mare după extracție și nu mi-a răspuns nimeni la telefon.',
    'Nu mi s-a explicat nimic despre tratament și costuri.',
  ],
  2: [
    'Tratamentul a fost bun, dar programarea s-a amânat de două ori.',
    'Prețul a fost mai mare decât cel spus la consultație.',
    'Recepția a fost nepoliticoasă.',
  ],
  3: ['A fost în regulă, dar am așteptat destul.', 'Corect, fără surprize.', ''],
  4: [
    'Foarte atentă și răbdătoare, recomand.',
    'Totul a decurs bine, doar parcarea e o problemă.',
    'Profesionist, mi-a explicat fiecare pas.',
    '',
  ],
  5: [
    'Nu am simțit nimic! Mulțumesc mult.',
    'Cea mai bună experiență la dentist de până acum.',
    'Echipă minunată, clinică foarte curată.',
    'Doamna doctor a fost extraordinară cu copilul meu.',
    'Punctuali și foarte blânzi.',
    '',
  ],
};

/** Cumulative chances of 1–5 stars per doctor: the first demo doctor is rated a little better. */
const RATING_WEIGHTS: readonly (readonly number[])[] = [
  [0.03, 0.07, 0.15, 0.42, 1],
  [0.06, 0.13, 0.27, 0.58, 1],
];

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** Adds the demo reviews once (a clinic that already has reviews is left alone); answers how many. */
export async function seedReviews(db: Kysely<Database>, now: Date): Promise<number> {
  if (await db.selectFrom('reviews').select('id').limit(1).executeTakeFirst()) return 0;
  const doctors = await db
    .selectFrom('users')
    .select(['id', 'nume'])
    .where('email', 'in', [DEMO_USERS.medic.email, DEMO_USERS.medic2.email])
    .orderBy('email')
    .execute();
  const patients = await db
    .selectFrom('patients')
    .select('id')
    .where('deleted_at', 'is', null)
    .orderBy('file_number')
    .limit(60)
    .execute();
  if (doctors.length === 0 || patients.length === 0) return 0;

  const random = seededRandom(7007);
  const rows: NewReviewRow[] = [];
  for (let i = 0; i < COUNT; i++) {
    const doctorIndex = Math.floor(random() * doctors.length);
    const doctor = doctors[doctorIndex];
    const patient = pick(patients, random);
    if (!doctor) continue;
    const weights = RATING_WEIGHTS[doctorIndex % RATING_WEIGHTS.length] ?? [1];
    const roll = random();
    const rating = weights.findIndex((limit) => roll < limit) + 1 || 5;
    // Spread over the six months, during clinic hours, none in the future.
    const daysAgo = Math.floor(random() * DAYS);
    const minutes = 9 * 60 + Math.floor(random() * 9 * 60);
    const at = new Date(now.getTime() - daysAgo * 86_400_000);
    at.setUTCHours(0, minutes - 120, 0, 0);
    const createdAt = at > now ? new Date(now.getTime() - 60_000 * (i + 1)) : at;
    rows.push({
      id: randomUUID(),
      request_id: null,
      appointment_id: null,
      patient_id: patient.id,
      doctor_id: doctor.id,
      medic: doctor.nume,
      rating,
      comment: pick(COMMENTS[rating] ?? [''], random),
      created_at: createdAt.toISOString(),
    });
  }
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += 50) {
      await trx
        .insertInto('reviews')
        .values(rows.slice(start, start + 50))
        .execute();
    }
  });
  return rows.length;
}
