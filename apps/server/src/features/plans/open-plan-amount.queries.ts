import { sql, type AliasedRawBuilder } from 'kysely';
import { OPEN_PLAN_STATUSES } from '@odonto/domain/plans';

// Written into the text, not bound: the statement stays the same for every page (db/compiled-once.ts).
const OPEN_STATUS_LITERALS = sql.join(OPEN_PLAN_STATUSES.map((status) => sql.lit(status)));

/**
 * The open remaining amount of a patient's accepted and in-progress plans, in bani, as a column of a query
 * over `patients`: a correlated sum read through `treatment_plans_patient`, for the rows the query returns.
 * The patient list selects it beside each row of its page (issue 20: one statement fewer per page, a round
 * trip on PostgreSQL), where a grouped query over the page's ids used to follow the page.
 */
export function openPlanBaniColumn(): AliasedRawBuilder<number | string | bigint, 'plan_open_bani'> {
  return sql<number | string | bigint>`(select coalesce(sum(treatment_plans.open_remaining_bani), 0)
    from treatment_plans
    where treatment_plans.patient_id = patients.id
      and treatment_plans.status in (${OPEN_STATUS_LITERALS}))`.as('plan_open_bani');
}
