import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A clinic group's receivables by location (issue 14, decision 0050): computed from the charges on each
 * page they cost seconds at 400,000 charges. `patient_location_open` keeps, per patient and location where
 * the charges were made, what is open of those charges (net of reversals and allocations) and the day of
 * the oldest, rebuilt for the patient in the transaction of every ledger write, exactly like
 * `patient_doctor_open` (a derived total, not a money row). The index reads one location's patients oldest
 * first.
 *
 * A charge without a location (made before the clinic had locations, migration 0028) is stored under the
 * clinic's first location (by position), the location the revenue and commissions reports count it at:
 * stored under null and merged when read, the first location's page would have to sum two rows per patient
 * before ordering, no longer an index walk. Moving another location first re-files those charges
 * (`refileUnlocatedCharges`, ledger-totals.queries.ts).
 */
export function locationReceivables(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('patient_location_open')
        .addColumn('patient_id', 'text', (col) => col.notNull().references('patients.id'))
        .addColumn('location_id', 'text', (col) => col.notNull().references('locations.id'))
        .addColumn('open_bani', 'bigint', (col) => col.notNull())
        .addColumn('oldest_open_day', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('patient_location_open_pk', ['patient_id', 'location_id'])
        .execute();
      await db.schema
        .createIndex('patient_location_open_location')
        .on('patient_location_open')
        .columns(['location_id', 'oldest_open_day', 'patient_id'])
        .execute();
      // This migration's own copy of the rule (migrations never change once released).
      await sql`insert into patient_location_open (patient_id, location_id, open_bani, oldest_open_day)
        select o.patient_id, o.location_id, sum(o.open_bani), min(o.day) from (
          select c.patient_id, c.day,
            coalesce(c.location_id,
              (select l.id from locations l order by l.position, l.created_at limit 1)) as location_id,
            c.amount_bani - coalesce((select sum(a.amount_bani) from allocations a where a.charge_id = c.id), 0)
              as open_bani
          from charges c
          where c.amount_bani > 0
            and not exists (select 1 from charges r where r.reverses_id = c.id)
        ) o
        where o.open_bani > 0 and o.location_id is not null
        group by o.patient_id, o.location_id`.execute(db);
    },
  };
}
