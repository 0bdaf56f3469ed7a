import type { Kysely } from 'kysely';
import { toIsoDay } from '@odonto/domain/dates';
import type { Database } from '../../db/database';
import { addCommissionRate } from '../../features/ledger/ledger-settings.service';
import { findPatientBalance } from '../../features/ledger/patient-balance.queries';
import {
  addManualCharge,
  refund,
  reverseCharge,
  reversePayment,
  takePayment,
  type LedgerDeps,
} from '../../features/ledger/ledger.service';
import type { AuditActor } from '../../plugins/audit';
import { DEMO_USERS } from '../demo-users';

/**
 * A month of the demo clinic's accounts (issue 13): charges for price-list work, payments in cash (with
 * receipts), by card and by transfer, a partial payment, an advance later used, a refund, a payment reversed
 * and a charge reversed, each written through the ledger's services with the clock on its day, so the
 * balances, receipts and commissions are exactly what the screens would have made. The doctor gets a general
 * commission rate and one for implants.
 */

const DAY_MS = 86_400_000;

type Step =
  | { day: number; charge: string; quantity?: number }
  | { day: number; pay: 'numerar' | 'card' | 'transfer'; lei: number | 'all'; isAdvance?: boolean }
  | { day: number; reversePayment: number; reason: string }
  | { day: number; reverseCharge: number; reason: string }
  | { day: number; refund: 'numerar' | 'card' | 'transfer'; lei: number; reason: string };

/** Per demo patient: what happened on their account, `day` days ago; charges by catalogue name. */
const STORIES: Step[][] = [
  [
    { day: 28, charge: 'consultație' },
    { day: 28, charge: 'detartraj ultrasonic' },
    { day: 28, pay: 'numerar', lei: 'all' },
  ],
  [
    { day: 21, charge: 'coroană zirconiu monolitic' },
    { day: 21, pay: 'card', lei: 800 },
    { day: 14, pay: 'transfer', lei: 'all' },
  ],
  [
    { day: 20, pay: 'transfer', lei: 4000, isAdvance: true },
    { day: 10, charge: 'implant dentar' },
  ],
  [
    { day: 18, charge: 'obturație compozit o suprafață' },
    { day: 18, pay: 'numerar', lei: 'all' },
    { day: 17, reversePayment: 1, reason: 'Plata a fost înregistrată de două ori.' },
  ],
  [
    { day: 12, pay: 'numerar', lei: 500, isAdvance: true },
    { day: 5, refund: 'numerar', lei: 200, reason: 'Pacientul a renunțat la o parte din tratament.' },
  ],
  [
    { day: 7, charge: 'extracție dentară' },
    { day: 6, charge: 'consultație' },
    { day: 6, reverseCharge: 1, reason: 'Consultația era inclusă în extracție.' },
    { day: 3, charge: 'obturație compozit două suprafețe' },
    { day: 3, pay: 'card', lei: 200 },
  ],
  [
    { day: 2, charge: 'consultație' },
    { day: 2, charge: 'detartraj ultrasonic' },
    { day: 2, pay: 'card', lei: 'all' },
  ],
];

async function actorOf(db: Kysely<Database>, email: string): Promise<AuditActor | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', '=', email)
    .executeTakeFirst();
  return user ? { userId: user.id, userEmail: user.email, ip: null } : null;
}

/** Adds the demo accounts once; answers how many patients got one. */
export async function seedLedger(db: Kysely<Database>, now: Date): Promise<number> {
  if (await db.selectFrom('payments').select('id').limit(1).executeTakeFirst()) return 0;
  const asistent = await actorOf(db, DEMO_USERS.asistent.email);
  const admin = await actorOf(db, DEMO_USERS.admin.email);
  const doctor = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_USERS.medic.email)
    .executeTakeFirst();
  if (!asistent || !admin || !doctor) return 0;
  const items = await db
    .selectFrom('price_items')
    .innerJoin('price_item_prices', 'price_item_prices.price_item_id', 'price_items.id')
    .select(['price_items.id', 'price_items.name'])
    .where('price_items.active', '=', 1)
    .execute();
  const itemByName = new Map(items.map((item) => [item.name.toLocaleLowerCase('ro'), item.id]));
  if (itemByName.size === 0) return 0;

  const at = (daysAgo: number) => () => new Date(now.getTime() - daysAgo * DAY_MS);
  const monthAgo = toIsoDay(at(60)());
  await addCommissionRate({ db, now: at(60) }, admin, {
    doctorId: doctor.id,
    priceItemId: null,
    rateBp: 3000,
    validFrom: monthAgo,
  });
  const implant = itemByName.get('implant dentar');
  if (implant) {
    await addCommissionRate({ db, now: at(60) }, admin, {
      doctorId: doctor.id,
      priceItemId: implant,
      rateBp: 4000,
      validFrom: monthAgo,
    });
  }

  const patients = await db
    .selectFrom('patients')
    .select('id')
    .where('deleted_at', 'is', null)
    .orderBy('file_number')
    .offset(10)
    .limit(STORIES.length)
    .execute();
  let seeded = 0;
  for (const [index, patient] of patients.entries()) {
    const story = STORIES[index];
    if (!story) break;
    const charges: string[] = [];
    const payments: string[] = [];
    for (const [stepIndex, step] of story.entries()) {
      // Steps of one day a few minutes apart, in their order.
      const deps: LedgerDeps = { db, now: () => new Date(at(step.day)().getTime() + stepIndex * 300_000) };
      if ('charge' in step) {
        const priceItemId = itemByName.get(step.charge);
        if (!priceItemId) continue;
        const answer = await addManualCharge(deps, asistent, patient.id, {
          priceItemId,
          teeth: [],
          quantity: step.quantity ?? 1,
          doctorId: doctor.id,
          note: '',
        });
        charges.push(answer.chargeId);
      } else if ('pay' in step) {
        const balance = await findPatientBalance(db, patient.id);
        const amountBani =
          step.lei === 'all' ? (balance.kind === 'de plată' ? balance.amountBani : 0) : step.lei * 100;
        if (amountBani <= 0) continue;
        const answer = await takePayment(deps, asistent, patient.id, {
          method: step.pay,
          amountBani,
          isAdvance: step.isAdvance ?? false,
          note: '',
        });
        payments.push(answer.paymentId);
      } else if ('reversePayment' in step) {
        const paymentId = payments[step.reversePayment - 1];
        if (paymentId) await reversePayment(deps, asistent, patient.id, paymentId, step.reason);
      } else if ('reverseCharge' in step) {
        const chargeId = charges[step.reverseCharge];
        if (chargeId) await reverseCharge(deps, asistent, patient.id, chargeId, step.reason);
      } else {
        await refund(deps, asistent, patient.id, {
          method: step.refund,
          amountBani: step.lei * 100,
          reason: step.reason,
        });
      }
    }
    seeded += 1;
  }
  return seeded;
}
