import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A doctor's accounts receivable (their own charges still to pay, per patient) were computed from every
 * charge of the doctor on each page: seconds at a million ledger rows. `patient_doctor_open` keeps, per
 * patient and charge doctor, what is open of that doctor's charges and the day of the oldest, rebuilt for
 * the patient in the transaction of every ledger write (a derived total, like `patient_balances`, not a
 * money row). The index reads one doctor's patients oldest first.
 */
export function doctorReceivables(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('patient_doctor_open')
        .addColumn('patient_id', 'text', (col) => col.notNull().references('patients.id'))
        .addColumn('doctor_id', 'text', (col) => col.notNull())
        .addColumn('open_bani', 'bigint', (col) => col.notNull())
        .addColumn('oldest_open_day', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('patient_doctor_open_pk', ['patient_id', 'doctor_id'])
        .execute();
      await db.schema
        .createIndex('patient_doctor_open_doctor')
        .on('patient_doctor_open')
        .columns(['doctor_id', 'oldest_open_day', 'patient_id'])
        .execute();
      // This migration's own copy of the rule (migrations never change once released).
      await sql`insert into patient_doctor_open (patient_id, doctor_id, open_bani, oldest_open_day)
        select o.patient_id, o.doctor_id, sum(o.open_bani), min(o.day) from (
          select c.patient_id, c.doctor_id, c.day,
            c.amount_bani - coalesce((select sum(a.amount_bani) from allocations a where a.charge_id = c.id), 0)
              as open_bani
          from charges c
          where c.doctor_id is not null and c.amount_bani > 0
            and not exists (select 1 from charges r where r.reverses_id = c.id)
        ) o
        where o.open_bani > 0
        group by o.patient_id, o.doctor_id`.execute(db);
    },
  };
}
