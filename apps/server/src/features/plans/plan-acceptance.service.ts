import type { Kysely } from 'kysely';
import { toIsoDay } from '@odonto/domain/dates';
import {
  PLAN_MESSAGES,
  planAcceptanceContent,
  type PlanAcceptanceContent,
} from '@odonto/domain/contracts/plans';
import { effectiveStatus, type AlternativeLabel } from '@odonto/domain/plans';
import type { Database, TreatmentPlanRow } from '../../db/database';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { workLocationId } from '../ledger/treatment-charges';
import { contentSha256 } from '../signatures/entry-signature';
import { parseContent, storedStatus } from './plan-content';
import { findPlan, lockPlan, updatePlanIfVersion } from './plans.queries';

/**
 * What the plans feature publishes to the signatures feature (docs/decisions/0009, 0021): the content a
 * patient signs to accept an alternative, and the acceptance itself, written in the signature's
 * transaction. Only a proposal still in its validity, at the revision the screen showed, can be accepted —
 * or an accepted plan changed since its signature, whose accepted alternative the patient signs again at the
 * current revision (the signature is then bound to the new version; status and done items stay).
 */

const notAcceptable = () => new AppError(409, 'conflict', PLAN_MESSAGES.notAcceptable);
const planNotFound = () => new AppError(404, 'not_found', PLAN_MESSAGES.planNotFound);

export interface PlanAcceptanceRequest {
  patientId: string;
  planId: string;
  alternative: AlternativeLabel;
  revision: number;
}

function acceptableContent(
  row: TreatmentPlanRow,
  alternative: AlternativeLabel,
  revision: number,
  now: Date,
) {
  const status = effectiveStatus(storedStatus(row), row.valid_until, toIsoDay(now));
  if (row.revision !== revision) throw notAcceptable();
  if (status !== 'propus' && !isResigning(row, status, alternative)) throw notAcceptable();
  const content = planAcceptanceContent(
    {
      id: row.id,
      patientId: row.patient_id,
      revision: row.revision,
      title: row.title,
      validUntil: row.valid_until,
      alternatives: parseContent(row.content),
    },
    alternative,
  );
  if (!content) throw new AppError(404, 'not_found', PLAN_MESSAGES.alternativeNotFound);
  return content;
}

/** An accepted plan whose content changed after the signature, signed again for its accepted alternative. */
function isResigning(row: TreatmentPlanRow, status: string, alternative: AlternativeLabel): boolean {
  return (
    (status === 'acceptat' || status === 'în lucru') &&
    row.accepted_alternative === alternative &&
    row.accepted_revision !== null &&
    row.accepted_revision !== row.revision
  );
}

/**
 * The content to sign for `request` (404 unknown plan, another patient's plan or no such alternative;
 * 409 not a proposal in its validity, or the plan changed since `revision`).
 */
export async function planSigningContent(
  db: Kysely<Database>,
  request: PlanAcceptanceRequest,
  now: Date,
): Promise<PlanAcceptanceContent> {
  const row = await findPlan(db, request.planId);
  if (!row || row.patient_id !== request.patientId) throw planNotFound();
  return acceptableContent(row, request.alternative, request.revision, now);
}

/**
 * Marks the plan accepted by `signatureId` (inside the signature's transaction): status acceptat, the
 * alternative and revision signed, its total as the open remaining amount, and the plan_accept audit row.
 * A first acceptance also places the plan (issue 14, the plans report by location): where a charge of its
 * doctor for the patient that day would be. 409 when the plan is no longer exactly what was signed (changed,
 * answered or expired meanwhile).
 */
export async function acceptPlan(
  trx: Kysely<Database>,
  accepted: { content: PlanAcceptanceContent; sha256: string; signatureId: string; via: string },
  now: Date,
  actor: AuditActor,
): Promise<void> {
  const { content } = accepted;
  const row = await lockPlan(trx, content.planId);
  if (!row || row.patient_id !== content.patientId) throw planNotFound();
  const current = acceptableContent(row, content.alternative, content.revision, now);
  if (contentSha256(current) !== accepted.sha256) throw notAcceptable();
  const isFirstAcceptance = storedStatus(row) === 'propus';
  const binding = {
    accepted_alternative: content.alternative,
    accepted_revision: content.revision,
    accepted_signature_id: accepted.signatureId,
  };
  const updated = await updatePlanIfVersion(
    trx,
    row.id,
    row.version,
    isFirstAcceptance
      ? {
          ...binding,
          status: 'acceptat',
          open_remaining_bani: current.totalBani,
          location_id: await workLocationId(trx, row.patient_id, row.doctor_id, toIsoDay(now)),
        }
      : binding,
    now.toISOString(),
  );
  if (!updated) throw notAcceptable();
  await writeAudit(trx, now, actor, {
    action: 'plan_accept',
    entity: 'plan',
    entityId: row.id,
    patientId: row.patient_id,
    details: {
      alternative: content.alternative,
      revision: content.revision,
      signatureId: accepted.signatureId,
      via: accepted.via,
      totalBani: current.totalBani,
      resigned: !isFirstAcceptance,
      sha256: accepted.sha256,
    },
  });
}
