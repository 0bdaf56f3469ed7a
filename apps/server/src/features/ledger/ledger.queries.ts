import { sql, type Kysely } from 'kysely';
import { endOfDay, startOfDay } from '@odonto/domain/dates';
import type {
  AllocationRow,
  AllocationsTable,
  ChargeRow,
  ChargesTable,
  CommissionRateRow,
  CommissionRatesTable,
  Database,
  PaymentRow,
  PaymentsTable,
} from '../../db/database';
import { readSettingText, swapSettingText } from '../../db/settings.queries';
import { findFirstOpenLocationId, findUserFirstOpenLocationId } from '../locations/locations.queries';

/**
 * The ledger's SQL (issue 13). Money rows are only ever inserted: the tables refuse UPDATE and DELETE.
 * "Not a reversal" is written `amount_bani > 0` (the table's CHECK makes every original charge positive and
 * every reversal negative), never `reverses_id is null`: SQLite would answer that from the unique index on
 * reverses_id and read every original charge of the clinic instead of the patient's few.
 */

export type ChargeWithNames = ChargeRow & { doctor_name: string | null; created_by_name: string | null };
export type PaymentWithNames = PaymentRow & { created_by_name: string | null };

export async function insertCharge(trx: Kysely<Database>, row: ChargesTable): Promise<void> {
  await trx.insertInto('charges').values(row).execute();
}

export async function insertPayment(trx: Kysely<Database>, row: PaymentsTable): Promise<void> {
  await trx.insertInto('payments').values(row).execute();
}

export async function insertAllocations(trx: Kysely<Database>, rows: AllocationsTable[]): Promise<void> {
  if (rows.length > 0) await trx.insertInto('allocations').values(rows).execute();
}

/** A patient's charges, oldest first, with the doctor's and the author's names. */
export async function findCharges(db: Kysely<Database>, patientId: string): Promise<ChargeWithNames[]> {
  return db
    .selectFrom('charges')
    .leftJoin('users as doctors', 'doctors.id', 'charges.doctor_id')
    .leftJoin('users as authors', 'authors.id', 'charges.created_by')
    .selectAll('charges')
    .select(['doctors.nume as doctor_name', 'authors.nume as created_by_name'])
    .where('charges.patient_id', '=', patientId)
    .orderBy('charges.created_at')
    .orderBy('charges.id')
    .execute();
}

/** A patient's payments, oldest first, with the author's name. */
export async function findPayments(db: Kysely<Database>, patientId: string): Promise<PaymentWithNames[]> {
  return db
    .selectFrom('payments')
    .leftJoin('users', 'users.id', 'payments.created_by')
    .selectAll('payments')
    .select('users.nume as created_by_name')
    .where('payments.patient_id', '=', patientId)
    .orderBy('payments.created_at')
    .orderBy('payments.id')
    .execute();
}

/** The allocations of a patient's payments, oldest first. */
export async function findAllocations(db: Kysely<Database>, patientId: string): Promise<AllocationRow[]> {
  return db
    .selectFrom('allocations')
    .innerJoin('payments', 'payments.id', 'allocations.payment_id')
    .selectAll('allocations')
    .where('payments.patient_id', '=', patientId)
    .orderBy('allocations.created_at')
    .orderBy('allocations.id')
    .execute();
}

export async function findCharge(
  db: Kysely<Database>,
  patientId: string,
  chargeId: string,
): Promise<ChargeRow | undefined> {
  return db
    .selectFrom('charges')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('id', '=', chargeId)
    .executeTakeFirst();
}

export async function findPayment(
  db: Kysely<Database>,
  patientId: string,
  paymentId: string,
): Promise<PaymentWithNames | undefined> {
  return db
    .selectFrom('payments')
    .leftJoin('users', 'users.id', 'payments.created_by')
    .selectAll('payments')
    .select('users.nume as created_by_name')
    .where('payments.patient_id', '=', patientId)
    .where('payments.id', '=', paymentId)
    .executeTakeFirst();
}

/** Whether a row of the table already reverses `id`. */
export async function isReversed(
  db: Kysely<Database>,
  table: 'charges' | 'payments',
  id: string,
): Promise<boolean> {
  const row = await db.selectFrom(table).select('id').where('reverses_id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** The allocations touching a charge or made by a payment. */
export async function findAllocationsOf(
  db: Kysely<Database>,
  by: { chargeId: string } | { paymentId: string },
): Promise<AllocationRow[]> {
  const query = db.selectFrom('allocations').selectAll();
  return (
    'chargeId' in by
      ? query.where('charge_id', '=', by.chargeId)
      : query.where('payment_id', '=', by.paymentId)
  )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The live (not reversed, not a reversal) charge of a history entry, if any. */
export async function findEntryCharge(
  db: Kysely<Database>,
  patientId: string,
  entryId: number,
): Promise<ChargeRow | undefined> {
  return db
    .selectFrom('charges')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('history_entry_id', '=', entryId)
    .where('amount_bani', '>', 0)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('charges as reversal')
            .select('reversal.id')
            .whereRef('reversal.reverses_id', '=', 'charges.id'),
        ),
      ),
    )
    .executeTakeFirst();
}

/** The rates of the doctors in force on `day` or earlier, newest first (the first of each kind applies). */
export async function findRatesOn(
  db: Kysely<Database>,
  doctorIds: readonly string[],
  day: string,
): Promise<CommissionRateRow[]> {
  if (doctorIds.length === 0) return [];
  return db
    .selectFrom('commission_rates')
    .selectAll()
    .where('doctor_id', 'in', [...new Set(doctorIds)])
    .where('valid_from', '<=', day)
    .orderBy('valid_from', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
}

export type CommissionRateWithNames = CommissionRateRow & {
  doctor_name: string | null;
  price_item_name: string | null;
};

/** Every commission rate, by doctor and newest first. */
export async function findCommissionRates(db: Kysely<Database>): Promise<CommissionRateWithNames[]> {
  return db
    .selectFrom('commission_rates')
    .leftJoin('users', 'users.id', 'commission_rates.doctor_id')
    .leftJoin('price_items', 'price_items.id', 'commission_rates.price_item_id')
    .selectAll('commission_rates')
    .select(['users.nume as doctor_name', 'price_items.name as price_item_name'])
    .orderBy('users.nume')
    .orderBy('commission_rates.valid_from', 'desc')
    .orderBy('commission_rates.created_at', 'desc')
    .execute();
}

export async function insertCommissionRate(trx: Kysely<Database>, row: CommissionRatesTable): Promise<void> {
  await trx.insertInto('commission_rates').values(row).execute();
}

export async function findSameRate(
  db: Kysely<Database>,
  rate: Pick<CommissionRatesTable, 'doctor_id' | 'price_item_id' | 'valid_from'>,
): Promise<boolean> {
  let query = db
    .selectFrom('commission_rates')
    .select('id')
    .where('doctor_id', '=', rate.doctor_id)
    .where('valid_from', '=', rate.valid_from);
  query =
    rate.price_item_id === null
      ? query.where('price_item_id', 'is', null)
      : query.where('price_item_id', '=', rate.price_item_id);
  return (await query.executeTakeFirst()) !== undefined;
}

/** An active user with the medic role (a charge's doctor), by id. */
export async function findDoctor(
  db: Kysely<Database>,
  doctorId: string,
): Promise<{ id: string; nume: string } | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'nume', 'roles'])
    .where('id', '=', doctorId)
    .where('active', '=', 1)
    .executeTakeFirst();
  return row && (JSON.parse(row.roles) as string[]).includes('medic')
    ? { id: row.id, nume: row.nume }
    : undefined;
}

/** The id of the active doctor whose name is `name` (a history entry names its doctor), if exactly one. */
export async function findDoctorIdByName(db: Kysely<Database>, name: string): Promise<string | null> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'roles'])
    .where('nume', '=', name)
    .where('active', '=', 1)
    .execute();
  const doctors = rows.filter((row) => (JSON.parse(row.roles) as string[]).includes('medic'));
  return doctors.length === 1 ? (doctors[0]?.id ?? null) : null;
}

/** The plan item a history entry did: its plan, alternative, item and the plan's stored content. */
export async function findEntryPlanItem(
  db: Kysely<Database>,
  patientId: string,
  entryId: number,
): Promise<
  { plan_id: string; alternative: string; item_id: string; content: string; doctor_id: string } | undefined
> {
  return db
    .selectFrom('plan_item_links')
    .innerJoin('treatment_plans', 'treatment_plans.id', 'plan_item_links.plan_id')
    .select([
      'plan_item_links.plan_id',
      'plan_item_links.alternative',
      'plan_item_links.item_id',
      'treatment_plans.content',
      'treatment_plans.doctor_id',
    ])
    .where('plan_item_links.patient_id', '=', patientId)
    .where('plan_item_links.history_entry_id', '=', entryId)
    .executeTakeFirst();
}

const LEDGER_SETTINGS_KEY = 'ledger';

/** The JSON text of the account settings, or null while no admin has saved them. */
export async function readLedgerSettingsText(db: Kysely<Database>): Promise<string | null> {
  return readSettingText(db, LEDGER_SETTINGS_KEY);
}

/** Replaces the account settings only if they are still `previous` (null: never saved); false otherwise. */
export async function swapLedgerSettingsText(
  db: Kysely<Database>,
  previous: string | null,
  value: string,
  at: string,
): Promise<boolean> {
  return swapSettingText(db, LEDGER_SETTINGS_KEY, previous, value, at);
}

/** Sum of a patient's charges and of their payments (checks the stored balance in tests and repairs). */
export async function sumLedger(
  db: Kysely<Database>,
  patientId: string,
): Promise<{ chargesBani: number; paymentsBani: number }> {
  const row = await db
    .selectNoFrom([
      sql<string | number | null>`(select sum(amount_bani) from charges where patient_id = ${patientId})`.as(
        'charges',
      ),
      sql<string | number | null>`(select sum(amount_bani) from payments where patient_id = ${patientId})`.as(
        'payments',
      ),
    ])
    .executeTakeFirstOrThrow();
  return { chargesBani: Number(row.charges ?? 0), paymentsBani: Number(row.payments ?? 0) };
}

/**
 * Where a treatment's charge was earned (issue 14): the location of the patient's appointment on that clinic
 * day (the one with the charge's doctor when there is one), else the doctor's location when they work at
 * exactly one, else the clinic's first open location.
 */
export async function findChargeLocationId(
  db: Kysely<Database>,
  patientId: string,
  doctorId: string | null,
  day: string,
): Promise<string | null> {
  const appointments = await db
    .selectFrom('appointments')
    .select(['location_id', 'doctor_id'])
    .where('patient_id', '=', patientId)
    .where('deleted_at', 'is', null)
    .where('starts_at', '>=', startOfDay(day).toISOString())
    .where('starts_at', '<=', endOfDay(day).toISOString())
    .where('location_id', 'is not', null)
    .orderBy('starts_at')
    .execute();
  const appointment = appointments.find((row) => row.doctor_id === doctorId) ?? appointments[0];
  if (appointment?.location_id) return appointment.location_id;
  if (doctorId !== null) {
    const own = await db
      .selectFrom('user_locations')
      .innerJoin('locations', 'locations.id', 'user_locations.location_id')
      .select('user_locations.location_id')
      .where('user_locations.user_id', '=', doctorId)
      .where('locations.archived_at', 'is', null)
      .execute();
    if (own.length === 1 && own[0]) return own[0].location_id;
  }
  return findFirstOpenLocationId(db);
}

/**
 * Where a payment is taken (issue 14): the cash desk of the user taking it, their first open location, else
 * the clinic's first open location.
 */
export async function findPaymentLocationId(
  db: Kysely<Database>,
  userId: string | null,
): Promise<string | null> {
  const own = userId === null ? null : await findUserFirstOpenLocationId(db, userId);
  return own ?? findFirstOpenLocationId(db);
}
