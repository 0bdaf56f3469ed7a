import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database';

/**
 * The totals derived from a patient's ledger, rewritten in the transaction of every ledger write after its
 * charges and allocations are in (not money rows: the ledger stays append-only): the balance with the day of
 * the oldest open charge (`patient_balances`, the admin's receivables order), what is open of each
 * doctor's charges (`patient_doctor_open`, a doctor's receivables) and of the charges made at each location
 * (`patient_location_open`, a clinic group's receivables by location, migration 0029). Decision 0025.
 */

/** A charge still (partly) to pay: an original (not a reversal), not reversed, settled for less than it. */
function openChargeCondition() {
  return sql`c.amount_bani > 0
      and not exists (select 1 from charges r where r.reverses_id = c.id)
      and c.amount_bani > coalesce((select sum(a.amount_bani) from allocations a where a.charge_id = c.id), 0)`;
}

/** The day of the oldest open charge of `patientId`; null when there is none. */
function oldestOpenDay(patientId: RawBuilder<unknown>) {
  return sql<string | null>`(select min(c.day) from charges c
    where c.patient_id = ${patientId} and ${openChargeCondition()})`;
}

/** Per charge doctor of `patientId` (null: every patient), the open amount and the oldest open day. */
function openByDoctor(patientId: string | null) {
  return sql`select c.patient_id, c.doctor_id,
      sum(c.amount_bani - coalesce((select sum(a.amount_bani) from allocations a where a.charge_id = c.id), 0)),
      min(c.day)
    from charges c
    where ${patientId === null ? sql`1 = 1` : sql`c.patient_id = ${patientId}`}
      and c.doctor_id is not null and ${openChargeCondition()}
    group by c.patient_id, c.doctor_id`;
}

/**
 * The location a charge counts at: its own, or for one made before the clinic had locations (none) the
 * clinic's first, as the revenue and commissions reports count it (stored so, see migration 0029).
 */
const chargeLocation = sql`coalesce(c.location_id,
  (select l.id from locations l order by l.position, l.created_at limit 1))`;

/** Per patient (those `which` keeps) and location of their charges, the open amount and the oldest open day. */
function openByLocation(which: RawBuilder<unknown>) {
  return sql`select o.patient_id, o.location_id, sum(o.open_bani), min(o.day) from (
      select c.patient_id, c.day, ${chargeLocation} as location_id,
        c.amount_bani - coalesce((select sum(a.amount_bani) from allocations a where a.charge_id = c.id), 0)
          as open_bani
      from charges c
      where ${which} and ${openChargeCondition()}
    ) o
    where o.location_id is not null
    group by o.patient_id, o.location_id`;
}

/**
 * Adds `deltaBani` to the patient's stored balance (charges less payments), creating it at 0 first, and
 * rewrites the patient's derived totals: the oldest open charge's day and the open part per doctor and per
 * location.
 */
export async function addToBalance(
  trx: Kysely<Database>,
  patientId: string,
  deltaBani: number,
  at: string,
): Promise<void> {
  await trx
    .insertInto('patient_balances')
    .values({
      patient_id: patientId,
      owed_bani: deltaBani,
      oldest_open_day: oldestOpenDay(sql.val(patientId)),
      updated_at: at,
      version: 1,
    })
    .onConflict((conflict) =>
      conflict.column('patient_id').doUpdateSet((eb) => ({
        owed_bani: eb('patient_balances.owed_bani', '+', deltaBani),
        oldest_open_day: eb.ref('excluded.oldest_open_day'),
        updated_at: at,
        version: eb('patient_balances.version', '+', 1),
      })),
    )
    .execute();
  await trx.deleteFrom('patient_doctor_open').where('patient_id', '=', patientId).execute();
  await sql`insert into patient_doctor_open (patient_id, doctor_id, open_bani, oldest_open_day)
    ${openByDoctor(patientId)}`.execute(trx);
  await trx.deleteFrom('patient_location_open').where('patient_id', '=', patientId).execute();
  await sql`insert into patient_location_open (patient_id, location_id, open_bani, oldest_open_day)
    ${openByLocation(sql`c.patient_id = ${patientId}`)}`.execute(trx);
}

/** Rebuilds every patient's derived totals from the ledger (after a bulk load that wrote rows directly). */
export async function refreshLedgerTotals(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable('patient_balances')
    .set({ oldest_open_day: oldestOpenDay(sql.ref('patient_balances.patient_id')) })
    .execute();
  await db.deleteFrom('patient_doctor_open').execute();
  await sql`insert into patient_doctor_open (patient_id, doctor_id, open_bani, oldest_open_day)
    ${openByDoctor(null)}`.execute(db);
  await db.deleteFrom('patient_location_open').execute();
  await sql`insert into patient_location_open (patient_id, location_id, open_bani, oldest_open_day)
    ${openByLocation(sql`1 = 1`)}`.execute(db);
}

/**
 * Re-files the open amounts of the charges without a location under the clinic's first location, after the
 * locations were reordered (in the same transaction): the patients who have such charges get their
 * per-location totals rebuilt. Their rows are locked first, as a ledger write locks its patient's.
 */
export async function refileUnlocatedCharges(db: Kysely<Database>): Promise<void> {
  const unlocated = sql`(select u.patient_id from charges u where u.location_id is null)`;
  // Locked as a ledger write locks its patient (a no-op update), so that no write of theirs interleaves.
  await db
    .updateTable('patients')
    .set((eb) => ({ version: eb.ref('version') }))
    .where(sql<boolean>`id in ${unlocated}`)
    .execute();
  await sql`delete from patient_location_open where patient_id in ${unlocated}`.execute(db);
  await sql`insert into patient_location_open (patient_id, location_id, open_bani, oldest_open_day)
    ${openByLocation(sql`c.patient_id in ${unlocated}`)}`.execute(db);
}
