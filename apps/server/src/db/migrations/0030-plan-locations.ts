import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A treatment plan's location (issue 14, decision 0050): where it was accepted, so that a clinic group's
 * plans report can be narrowed to one location (`?sediu=`). Set when the patient first signs the plan, by the
 * rule that places a charge: the location of the patient's appointment that day (with the plan's doctor when
 * there is one), else the doctor's location when they work at exactly one, else the clinic's first.
 *
 * Plans accepted before this column existed take the location of their first plan charge made at one (the
 * work done on them shows where they are carried out); the others stay null and count at the clinic's first
 * location, as the charges from before locations do.
 */
export function planLocations(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('treatment_plans')
        .addColumn('location_id', 'text', (col) => col.references('locations.id'))
        .execute();
      // This migration's own copy of the rule (migrations never change once released).
      await sql`update treatment_plans set location_id = (
          select c.location_id from charges c
          where c.plan_id = treatment_plans.id and c.location_id is not null and c.amount_bani > 0
          order by c.day, c.created_at, c.id
          limit 1)
        where accepted_signature_id is not null`.execute(db);
    },
  };
}
