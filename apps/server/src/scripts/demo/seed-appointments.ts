import type { Kysely } from 'kysely';
import { addCalendarDays, instantOf, wallTimeAt } from '@odonto/domain/clinic-time';
import { appointmentInput } from '@odonto/domain/contracts/appointments';
import { DEFAULT_DATE_WINDOW } from '@odonto/domain/date-window';
import { toIsoDay } from '@odonto/domain/dates';
import type { Database } from '../../db/database';
import { createAppointment } from '../../features/appointments/appointments.service';
import { DEMO_USERS } from '../demo-users';
import { seededRandom } from './patient-generator';

/**
 * The demo clinic's appointments (issue 5): each demo doctor's working days of this week (relative to
 * today) and of the three weeks before, a few patients a day at 30- to 60-minute slots from 09:00 that
 * never overlap. They go through the same service as POST /api/save-programare, so upcoming ones with
 * `trimite_sms` get their SMS reminder queued in the outbox.
 */

const NOTES = [
  'control',
  'detartraj',
  'obturație',
  'tratament endodontic',
  'consultație',
  'ajustare lucrare',
  '',
];
const WEEKS_BACK = 3;
const WORK_DAYS = 5;

/** The clinic day `shift` days from today. */
function dayOf(now: Date, shift: number): string {
  return toIsoDay(instantOf(addCalendarDays(wallTimeAt(now.getTime()), shift)));
}

/** 0 for Monday … 6 for Sunday, in the clinic's zone. */
function weekdayOf(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return (new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1)).getUTCDay() + 6) % 7;
}

/** Books the demo appointments once (a clinic that already has appointments is left alone); answers how many. */
export async function seedAppointments(
  db: Kysely<Database>,
  now: Date,
  remindHours: number,
): Promise<number> {
  if (await db.selectFrom('appointments').select('id').limit(1).executeTakeFirst()) return 0;
  const doctors = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'in', [DEMO_USERS.medic.email, DEMO_USERS.medic2.email])
    .orderBy('email')
    .execute();
  const patients = await db
    .selectFrom('patients')
    .select('id')
    .where('deleted_at', 'is', null)
    .orderBy('file_number')
    .execute();
  if (doctors.length === 0 || patients.length === 0) return 0;

  const random = seededRandom(5_000);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const today = dayOf(now, 0);
  const monday = -weekdayOf(today);
  let count = 0;
  for (let week = -WEEKS_BACK; week <= 0; week += 1) {
    for (let weekday = 0; weekday < WORK_DAYS; weekday += 1) {
      const day = dayOf(now, monday + week * 7 + weekday);
      for (const doctor of doctors) {
        const actor = { userId: doctor.id, userEmail: doctor.email, ip: null };
        let minutes = 9 * 60 + Math.floor(random() * 3) * 30;
        const perDay = 2 + Math.floor(random() * 4);
        for (let slot = 0; slot < perDay; slot += 1) {
          const length = pick([30, 30, 45, 60]);
          const end = minutes + length;
          const input = appointmentInput.parse({
            createdAt: day,
            trimite_sms: random() < 0.85,
            deLa: { ora: Math.floor(minutes / 60), minute: minutes % 60 },
            panaLa: { ora: Math.floor(end / 60), minute: end % 60 },
            medicId: doctor.id,
            nota: pick(NOTES),
          });
          const deps = { db, now: () => now, remindHours, dateWindow: DEFAULT_DATE_WINDOW };
          await createAppointment(deps, actor, pick(patients).id, input);
          count += 1;
          minutes = end + pick([0, 15, 30, 60]);
        }
      }
    }
  }
  return count;
}
