import type { Kysely } from 'kysely';
import { PLAN_MESSAGES, type PlanItemRef } from '@odonto/domain/contracts/plans';
import { OPEN_PLAN_STATUSES } from '@odonto/domain/plans';
import type { Database } from '../../db/database';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { acceptedLabel, acceptedProgress, parseContent, progressColumns, storedStatus } from './plan-content';
import {
  deleteEntryLinks,
  findEntryLinks,
  findLinks,
  findPatientLinks,
  insertLink,
  lockPlan,
  updatePlanIfVersion,
} from './plans.queries';

/**
 * What the plans feature publishes to the history and patients features (docs/decisions/0009): linking a
 * history entry to the open plan item it did (inside the history write's transaction), unlinking it when
 * the entry is deleted and the links of a patient's entries (the list's open plan amounts are a column of
 * its page query: open-plan-amount.queries.ts).
 * Every link change recomputes the plan's stored status (statusAfterProgress) and open remaining amount.
 */

const itemNotOpen = () => new AppError(409, 'conflict', PLAN_MESSAGES.itemNotOpen);
const itemTooth = () =>
  new AppError(400, 'invalid_input', PLAN_MESSAGES.itemTooth, {
    fields: { planItem: PLAN_MESSAGES.itemTooth },
  });

export interface EntryPlanLink {
  patientId: string;
  entryId: number;
  /** The entry's teeth (its tooth; for a bridge its start and end), nulls left out. */
  teeth: readonly (string | null)[];
  at: Date;
  actor: AuditActor;
}

/**
 * Makes `planItem` the plan item the entry did: undefined keeps the entry's link as it is, null removes it,
 * a reference links it (409 when the item is not an open item of an accepted plan of this patient, 400 when
 * it is planned for other teeth). Call inside the history write's transaction.
 */
export async function syncEntryPlanItem(
  trx: Kysely<Database>,
  link: EntryPlanLink,
  planItem: PlanItemRef | null | undefined,
): Promise<void> {
  if (planItem === undefined) return;
  const current = await findEntryLinks(trx, link.patientId, link.entryId);
  const same =
    planItem !== null &&
    current.length === 1 &&
    current[0]?.plan_id === planItem.planId &&
    current[0]?.item_id === planItem.itemId;
  if (same) {
    await checkTeeth(trx, planItem, link.teeth);
    return;
  }
  if (current.length > 0) await unlinkEntryPlanItem(trx, link);
  if (planItem !== null) await linkItem(trx, link, planItem);
}

/** Removes the entry's plan link (a deleted entry no longer counts as done work). */
export async function unlinkEntryPlanItem(
  trx: Kysely<Database>,
  link: Pick<EntryPlanLink, 'patientId' | 'entryId' | 'at' | 'actor'>,
): Promise<void> {
  const current = await findEntryLinks(trx, link.patientId, link.entryId);
  if (current.length === 0) return;
  await deleteEntryLinks(trx, link.patientId, link.entryId);
  for (const planId of new Set(current.map((row) => row.plan_id))) {
    await recomputeProgress(trx, planId, link, { unlinked: link.entryId });
  }
}

async function linkItem(trx: Kysely<Database>, link: EntryPlanLink, ref: PlanItemRef): Promise<void> {
  const plan = await lockPlan(trx, ref.planId);
  if (!plan || plan.patient_id !== link.patientId) throw itemNotOpen();
  const label = acceptedLabel(plan);
  if (!label || !OPEN_PLAN_STATUSES.includes(storedStatus(plan))) throw itemNotOpen();
  const alternative = parseContent(plan.content).find((candidate) => candidate.label === label);
  const item = alternative?.phases
    .flatMap((phase) => phase.items)
    .find((candidate) => candidate.id === ref.itemId);
  if (!item) throw itemNotOpen();
  const links = await findLinks(trx, [plan.id]);
  if (links.some((row) => row.alternative === label && row.item_id === item.id)) throw itemNotOpen();
  if (!teethMatch(item.teeth, link.teeth)) throw itemTooth();
  await insertLink(trx, {
    plan_id: plan.id,
    alternative: label,
    item_id: item.id,
    patient_id: link.patientId,
    history_entry_id: link.entryId,
    done_at: link.at.toISOString(),
  });
  await recomputeProgress(trx, plan.id, link, { linked: link.entryId, itemId: item.id });
}

async function checkTeeth(trx: Kysely<Database>, ref: PlanItemRef, teeth: readonly (string | null)[]) {
  const plan = await lockPlan(trx, ref.planId);
  const label = plan ? acceptedLabel(plan) : null;
  const item = plan
    ? parseContent(plan.content)
        .find((candidate) => candidate.label === label)
        ?.phases.flatMap((phase) => phase.items)
        .find((candidate) => candidate.id === ref.itemId)
    : undefined;
  if (item && !teethMatch(item.teeth, teeth)) throw itemTooth();
}

/** An item for no particular tooth fits any entry; otherwise one of the entry's teeth must be planned. */
function teethMatch(planned: readonly string[], done: readonly (string | null)[]): boolean {
  if (planned.length === 0) return true;
  return done.some((tooth) => tooth !== null && planned.includes(tooth));
}

async function recomputeProgress(
  trx: Kysely<Database>,
  planId: string,
  link: Pick<EntryPlanLink, 'patientId' | 'at' | 'actor'>,
  details: Record<string, unknown>,
): Promise<void> {
  const plan = await lockPlan(trx, planId);
  if (!plan) return;
  const links = await findLinks(trx, [planId]);
  const progress = acceptedProgress(parseContent(plan.content), acceptedLabel(plan), links);
  const columns = progressColumns(storedStatus(plan), progress);
  const updated = await updatePlanIfVersion(trx, planId, plan.version, columns, link.at.toISOString());
  await writeAudit(trx, link.at, link.actor, {
    action: 'plan_progress',
    entity: 'plan',
    entityId: planId,
    patientId: plan.patient_id,
    details: { ...details, status: updated?.status ?? plan.status, itemsDone: progress?.itemsDone ?? 0 },
  });
}

/** Which plan item each of a patient's entries did (entry id → reference). */
export async function entryPlanItems(
  db: Kysely<Database>,
  patientId: string,
): Promise<Map<number, PlanItemRef>> {
  const rows = await findPatientLinks(db, patientId);
  return new Map(
    rows.map((row) => [Number(row.history_entry_id), { planId: row.plan_id, itemId: row.item_id }]),
  );
}
