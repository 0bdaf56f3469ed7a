import type { Kysely } from 'kysely';
import { runOnce } from '../../db/compiled-once';
import type { Database, NewTreatmentPlanRow, PlanItemLinkRow, TreatmentPlanRow } from '../../db/database';

/** The plans feature's SQL (issue 12; docs/decisions/0021). */

export async function insertPlan(trx: Kysely<Database>, row: NewTreatmentPlanRow): Promise<TreatmentPlanRow> {
  return trx.insertInto('treatment_plans').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findPlan(db: Kysely<Database>, planId: string): Promise<TreatmentPlanRow | undefined> {
  return db.selectFrom('treatment_plans').selectAll().where('id', '=', planId).executeTakeFirst();
}

/** The plan row locked for the rest of the transaction (a no-op update: PostgreSQL row lock, SQLite writer). */
export async function lockPlan(trx: Kysely<Database>, planId: string): Promise<TreatmentPlanRow | undefined> {
  return trx
    .updateTable('treatment_plans')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', '=', planId)
    .returningAll()
    .executeTakeFirst();
}

/** A patient's plans, newest first. */
export async function findPatientPlans(db: Kysely<Database>, patientId: string): Promise<TreatmentPlanRow[]> {
  return db
    .selectFrom('treatment_plans')
    .selectAll()
    .where('patient_id', '=', patientId)
    .orderBy('created_at', 'desc')
    .orderBy('number', 'desc')
    .execute();
}

/** A patient's plans whose accepted alternative is still being done (acceptat / în lucru). */
export async function findOpenPlans(db: Kysely<Database>, patientId: string): Promise<TreatmentPlanRow[]> {
  return db
    .selectFrom('treatment_plans')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('status', 'in', ['acceptat', 'în lucru'])
    .orderBy('created_at', 'asc')
    .execute();
}

export type PlanChange = Partial<
  Pick<
    TreatmentPlanRow,
    | 'title'
    | 'doctor_id'
    | 'doctor_name'
    | 'status'
    | 'valid_until'
    | 'notes'
    | 'content'
    | 'revision'
    | 'accepted_alternative'
    | 'accepted_revision'
    | 'accepted_signature_id'
    | 'rejected_reason'
    | 'open_remaining_bani'
    | 'location_id'
  >
>;

/** Applies `change` when the plan is still at `version` (answers undefined otherwise); version + 1. */
export async function updatePlanIfVersion(
  trx: Kysely<Database>,
  planId: string,
  version: number,
  change: PlanChange,
  at: string,
): Promise<TreatmentPlanRow | undefined> {
  return trx
    .updateTable('treatment_plans')
    .set({ ...change, updated_at: at, version: version + 1 })
    .where('id', '=', planId)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
}

export async function insertRevision(
  trx: Kysely<Database>,
  row: { plan_id: string; revision: number; content: string; created_by: string | null; created_at: string },
): Promise<void> {
  await trx.insertInto('treatment_plan_revisions').values(row).execute();
}

export async function findLinks(
  db: Kysely<Database>,
  planIds: readonly string[],
): Promise<PlanItemLinkRow[]> {
  if (planIds.length === 0) return [];
  return db
    .selectFrom('plan_item_links')
    .selectAll()
    .where('plan_id', 'in', [...planIds])
    .orderBy('done_at')
    .execute();
}

export async function insertLink(trx: Kysely<Database>, row: PlanItemLinkRow): Promise<void> {
  await trx.insertInto('plan_item_links').values(row).execute();
}

/** The links of a history entry (none, or one). */
export async function findEntryLinks(
  db: Kysely<Database>,
  patientId: string,
  entryId: number,
): Promise<PlanItemLinkRow[]> {
  return db
    .selectFrom('plan_item_links')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('history_entry_id', '=', entryId)
    .execute();
}

export async function deleteEntryLinks(
  trx: Kysely<Database>,
  patientId: string,
  entryId: number,
): Promise<void> {
  await trx
    .deleteFrom('plan_item_links')
    .where('patient_id', '=', patientId)
    .where('history_entry_id', '=', entryId)
    .execute();
}

/** Every link of a patient's entries: which plan item each entry did. */
export async function findPatientLinks(db: Kysely<Database>, patientId: string): Promise<PlanItemLinkRow[]> {
  return runOnce(db, 'plans:links-of-patient', { patientId }, (values) =>
    db.selectFrom('plan_item_links').selectAll().where('patient_id', '=', values.patientId),
  );
}

/** An active account with the medic role, or undefined. */
export async function findActiveDoctor(
  db: Kysely<Database>,
  userId: string,
): Promise<{ id: string; nume: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'nume'])
    .where('id', '=', userId)
    .where('active', '=', 1)
    .where('roles', 'like', '%"medic"%')
    .executeTakeFirst();
}

export interface AcceptanceSignatureRow {
  id: string;
  image_name: string;
  signed_at: string;
  signed_by_name: string;
  via: string;
  sha256: string;
  snapshot: string;
}

/** The signature a plan's acceptance points at. */
export async function findAcceptanceSignature(
  db: Kysely<Database>,
  signatureId: string,
): Promise<AcceptanceSignatureRow | undefined> {
  return db
    .selectFrom('signatures')
    .select(['id', 'image_name', 'signed_at', 'signed_by_name', 'via', 'sha256', 'snapshot'])
    .where('id', '=', signatureId)
    .executeTakeFirst();
}
