import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database';

/**
 * The totals derived from a patient's ledger, rewritten in the transaction of every ledger write after its
 * charges and allocations are in (not money rows: the ledger stays append-only): the balance with the day of
 * the oldest open charge (`patient_balances`, the admin's receivables order), and what is open of each
 * doctor's charges (`patient_doctor_open`, a doctor's receivables). Decision 0025.
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
 * Adds `deltaBani` to the patient's stored balance (charges less payments), creating it at 0 first, and
 * rewrites the patient's derived totals: the oldest open charge's day and the open part per doctor.
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
}
