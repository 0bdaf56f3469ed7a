import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Accounts receivable list the patients who owe, the oldest open charge first. Computing that day from the
 * ledger for every owing patient on each page took seconds at 100,000 patients and a million ledger rows, so
 * `patient_balances` keeps it beside the balance (`oldest_open_day`: the day of the oldest charge not
 * reversed and not fully settled by allocations; null when none), rewritten in the transaction of every
 * ledger write as the balance is. The partial index reads the owing patients in that order.
 */
export function receivablesOrder(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('patient_balances').addColumn('oldest_open_day', 'text').execute();
      // This migration's own copy of the rule (migrations never change once released).
      await sql`update patient_balances set oldest_open_day = (
          select min(c.day) from charges c
          where c.patient_id = patient_balances.patient_id and c.amount_bani > 0
            and not exists (select 1 from charges r where r.reverses_id = c.id)
            and c.amount_bani > coalesce((select sum(a.amount_bani) from allocations a where a.charge_id = c.id), 0)
        )`.execute(db);
      await db.schema
        .createIndex('patient_balances_open_day')
        .on('patient_balances')
        .columns(['oldest_open_day', 'patient_id'])
        .where(sql.ref('owed_bani'), '>', 0)
        .execute();
    },
  };
}
