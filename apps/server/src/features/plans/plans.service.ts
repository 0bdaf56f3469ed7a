import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { toIsoDay } from '@odonto/domain/dates';
import {
  PLAN_MESSAGES,
  type OpenPlanItem,
  type Plan,
  type PlanContentInput,
  type PlanSummary,
  type UpdatePlanRequest,
} from '@odonto/domain/contracts/plans';
import { canReject } from '@odonto/domain/plans';
import type { Clock } from '../../app-types';
import { nextCounterValue } from '../../db/counters.queries';
import type { Database, TreatmentPlanRow } from '../../db/database';
import { toJsonText } from '../../db/json';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { findLivePatient, lockLivePatient } from '../patients/live-patient.queries';
import {
  acceptedLabel,
  acceptedProgress,
  contentText,
  parseContent,
  progressColumns,
  storedStatus,
} from './plan-content';
import { priceAlternatives } from './plan-pricing';
import { openItemsOf, toPlan, toPlanSummary } from './plans.presenter';
import {
  findAcceptanceSignature,
  findActiveDoctor,
  findLinks,
  findOpenPlans,
  findPatientPlans,
  findPlan,
  insertPlan,
  insertRevision,
  lockPlan,
  updatePlanIfVersion,
} from './plans.queries';

export interface PlansDeps {
  db: Kysely<Database>;
  now: Clock;
}

/** The counter that numbers plans per clinic ('Plan nr. 12'). */
export const PLAN_COUNTER = 'treatment_plans';

export const planNotFound = () => new AppError(404, 'not_found', PLAN_MESSAGES.planNotFound);
const patientNotFound = () => new AppError(404, 'not_found', PLAN_MESSAGES.patientNotFound);
const conflict = (message: string) => new AppError(409, 'conflict', message);
const invalid = (field: string, message: string) =>
  new AppError(400, 'invalid_input', message, { fields: { [field]: message } });

/** The plan as answered, read after the write that changed it. */
export async function planAnswer(deps: PlansDeps, row: TreatmentPlanRow): Promise<Plan> {
  const [links, signature] = await Promise.all([
    findLinks(deps.db, [row.id]),
    row.accepted_signature_id ? findAcceptanceSignature(deps.db, row.accepted_signature_id) : undefined,
  ]);
  return toPlan(row, links, signature, toIsoDay(deps.now()));
}

async function existingPlan(db: Kysely<Database>, planId: string): Promise<TreatmentPlanRow> {
  const row = await findPlan(db, planId);
  if (!row) throw planNotFound();
  return row;
}

async function doctorOf(db: Kysely<Database>, doctorId: string): Promise<{ id: string; nume: string }> {
  const doctor = await findActiveDoctor(db, doctorId);
  if (!doctor) throw invalid('doctorId', PLAN_MESSAGES.doctorUnknown);
  return doctor;
}

/** What a revision keeps: the whole content as saved, with the doctor's name as it was. */
function revisionText(content: PlanContentInput, doctorName: string, alternatives: unknown): string {
  return toJsonText({ ...content, doctorName, alternatives });
}

/** GET /api/plans/{patientId}: the patient's plans, newest first, without their items. */
export async function listPlans(deps: PlansDeps, patientId: string): Promise<PlanSummary[]> {
  if (!(await findLivePatient(deps.db, patientId))) throw patientNotFound();
  const rows = await findPatientPlans(deps.db, patientId);
  const links = await findLinks(
    deps.db,
    rows.filter((row) => acceptedLabel(row)).map((row) => row.id),
  );
  const today = toIsoDay(deps.now());
  return rows.map((row) =>
    toPlanSummary(
      row,
      links.filter((link) => link.plan_id === row.id),
      today,
    ),
  );
}

/**
 * POST /api/plans/{patientId}: a new plan, status propus, priced from the price list of today (its
 * priceDay), numbered from the clinic's counter; the plan, its first revision and the audit row together.
 */
export async function createPlan(
  deps: PlansDeps,
  actor: AuditActor,
  patientId: string,
  content: PlanContentInput,
): Promise<Plan> {
  if (!(await findLivePatient(deps.db, patientId))) throw patientNotFound();
  const today = toIsoDay(deps.now());
  if (content.validUntil < today) throw invalid('validUntil', PLAN_MESSAGES.validUntilPast);
  const doctor = await doctorOf(deps.db, content.doctorId);
  const alternatives = await priceAlternatives(deps.db, content.alternatives, today, []);
  const row = await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const at = now.toISOString();
    if (!(await lockLivePatient(trx, patientId))) throw patientNotFound();
    const id = randomUUID();
    const inserted = await insertPlan(trx, {
      id,
      patient_id: patientId,
      number: await nextCounterValue(trx, PLAN_COUNTER),
      title: content.title,
      doctor_id: doctor.id,
      doctor_name: doctor.nume,
      status: 'propus',
      valid_until: content.validUntil,
      notes: content.notes,
      price_day: today,
      content: contentText(alternatives),
      revision: 1,
      accepted_alternative: null,
      accepted_revision: null,
      accepted_signature_id: null,
      rejected_reason: null,
      open_remaining_bani: 0,
      created_by: actor.userId,
      created_at: at,
      updated_at: at,
      version: 1,
    });
    await insertRevision(trx, {
      plan_id: id,
      revision: 1,
      content: revisionText(content, doctor.nume, alternatives),
      created_by: actor.userId,
      created_at: at,
    });
    await writeAudit(trx, now, actor, {
      action: 'plan_create',
      entity: 'plan',
      entityId: id,
      patientId,
      details: { number: Number(inserted.number), title: inserted.title, alternatives: alternatives.length },
    });
    return inserted;
  });
  return planAnswer(deps, row);
}

/** GET /api/plan/{planId}: the plan, with totals, acceptance and progress (audited as a view). */
export async function viewPlan(deps: PlansDeps, actor: AuditActor, planId: string): Promise<Plan> {
  const row = await existingPlan(deps.db, planId);
  await writeAudit(deps.db, deps.now(), actor, {
    action: 'plan_view',
    entity: 'plan',
    entityId: planId,
    patientId: row.patient_id,
  });
  return planAnswer(deps, row);
}

/**
 * PUT /api/plan/{planId}: the new content as a new revision (409 when `version` is stale, the plan is
 * finalizat or respins, the accepted alternative is gone or a done item was removed). Items kept keep
 * their list prices; an accepted plan's signature stays bound to the revision that was signed.
 */
export async function updatePlan(
  deps: PlansDeps,
  actor: AuditActor,
  planId: string,
  request: UpdatePlanRequest,
): Promise<Plan> {
  const { version, content } = request;
  const before = await existingPlan(deps.db, planId);
  if (before.version !== version) throw conflict(PLAN_MESSAGES.stale);
  const stored = storedStatus(before);
  if (stored === 'finalizat' || stored === 'respins') throw conflict(PLAN_MESSAGES.notEditable);
  const today = toIsoDay(deps.now());
  if (content.validUntil !== before.valid_until && content.validUntil < today) {
    throw invalid('validUntil', PLAN_MESSAGES.validUntilPast);
  }
  const doctor = await doctorOf(deps.db, content.doctorId);
  const alternatives = await priceAlternatives(
    deps.db,
    content.alternatives,
    before.price_day,
    parseContent(before.content),
  );
  const row = await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const at = now.toISOString();
    const locked = await lockPlan(trx, planId);
    if (!locked) throw planNotFound();
    if (locked.version !== version) throw conflict(PLAN_MESSAGES.stale);
    const label = acceptedLabel(locked);
    const links = await findLinks(trx, [planId]);
    if (label) {
      const accepted = alternatives.find((alternative) => alternative.label === label);
      if (!accepted) throw conflict(PLAN_MESSAGES.alternativeNotFound);
      const kept = new Set(accepted.phases.flatMap((phase) => phase.items.map((item) => item.id)));
      if (links.some((link) => link.alternative === label && !kept.has(link.item_id))) {
        throw conflict(PLAN_MESSAGES.doneItemRemoved);
      }
    }
    const revision = locked.revision + 1;
    const updated = await updatePlanIfVersion(
      trx,
      planId,
      version,
      {
        title: content.title,
        doctor_id: doctor.id,
        doctor_name: doctor.nume,
        valid_until: content.validUntil,
        notes: content.notes,
        content: contentText(alternatives),
        revision,
        ...progressColumns(storedStatus(locked), acceptedProgress(alternatives, label, links)),
      },
      at,
    );
    if (!updated) throw conflict(PLAN_MESSAGES.stale);
    await insertRevision(trx, {
      plan_id: planId,
      revision,
      content: revisionText(content, doctor.nume, alternatives),
      created_by: actor.userId,
      created_at: at,
    });
    await writeAudit(trx, now, actor, {
      action: 'plan_update',
      entity: 'plan',
      entityId: planId,
      patientId: updated.patient_id,
      details: { revision, version: updated.version, status: updated.status },
    });
    return updated;
  });
  return planAnswer(deps, row);
}

/** POST /api/plan/{planId}/reject: the patient declined the proposal (409 unless propus, or stale). */
export async function rejectPlan(
  deps: PlansDeps,
  actor: AuditActor,
  planId: string,
  request: { version: number; reason: string },
): Promise<Plan> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const locked = await lockPlan(trx, planId);
    if (!locked) throw planNotFound();
    if (locked.version !== request.version) throw conflict(PLAN_MESSAGES.stale);
    if (!canReject(storedStatus(locked))) throw conflict(PLAN_MESSAGES.notRejectable);
    const updated = await updatePlanIfVersion(
      trx,
      planId,
      request.version,
      { status: 'respins', rejected_reason: request.reason, open_remaining_bani: 0 },
      now.toISOString(),
    );
    if (!updated) throw conflict(PLAN_MESSAGES.stale);
    await writeAudit(trx, now, actor, {
      action: 'plan_reject',
      entity: 'plan',
      entityId: planId,
      patientId: updated.patient_id,
      details: { reason: request.reason, revision: updated.revision },
    });
    return updated;
  });
  return planAnswer(deps, row);
}

/** POST /api/plan/{planId}/print: records that the plan is printed; answers the time on the pages. */
export async function recordPlanPrint(
  deps: PlansDeps,
  actor: AuditActor,
  planId: string,
): Promise<{ printedAt: string }> {
  const row = await existingPlan(deps.db, planId);
  const now = deps.now();
  await writeAudit(deps.db, now, actor, {
    action: 'plan_print',
    entity: 'plan',
    entityId: planId,
    patientId: row.patient_id,
    details: { revision: row.revision },
  });
  return { printedAt: now.toISOString() };
}

/** GET /api/plans/{patientId}/open-items: the not-done items of the patient's accepted, open plans. */
export async function openPlanItems(deps: PlansDeps, patientId: string): Promise<OpenPlanItem[]> {
  if (!(await findLivePatient(deps.db, patientId))) throw patientNotFound();
  const rows = await findOpenPlans(deps.db, patientId);
  const links = await findLinks(
    deps.db,
    rows.map((row) => row.id),
  );
  return rows.flatMap((row) =>
    openItemsOf(
      row,
      links.filter((link) => link.plan_id === row.id),
    ),
  );
}
