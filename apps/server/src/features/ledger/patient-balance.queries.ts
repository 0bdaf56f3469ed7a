import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { balanceOf, type Balance } from '@odonto/domain/ledger';
import { runOnce } from '../../db/compiled-once';
import type { Database } from '../../db/database';

/**
 * What the ledger publishes to the patients feature (docs/decisions/0009, 0023): a patient's balance for
 * the header, and the list filter "cu sold de plată" as a condition of the list's own query (one SQL with
 * the page, served by the partial index of the owing patients).
 */

/** The patient's balance ('Sold'); 'achitat' when nothing was ever charged or paid. */
export async function findPatientBalance(db: Kysely<Database>, patientId: string): Promise<Balance> {
  // On every opening of a patient by those who see payments: its text is built once (db/compiled-once.ts).
  const [row] = await runOnce(
    db,
    'ledger:patient-balance',
    { patientId },
    (values) =>
      db.selectFrom('patient_balances').select('owed_bani').where('patient_id', '=', values.patientId),
    { prepared: true },
  );
  return balanceOf(Number(row?.owed_bani ?? 0), 0);
}

/** `patients` rows whose balance is to pay (owed > 0), for the patient list's WHERE (any query over `patients`). */
export function owingPatientCondition(): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from patient_balances where patient_balances.patient_id = patients.id and patient_balances.owed_bani > 0)`;
}

/**
 * For the locations feature: after the clinic's locations are reordered so that another one is first, the
 * open amounts of the charges from before locations move to it (the receivables by location, migration 0029).
 */
export { refileUnlocatedCharges } from './ledger-totals.queries';
