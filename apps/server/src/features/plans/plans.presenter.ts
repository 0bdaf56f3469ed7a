import {
  planAcceptanceContent,
  type OpenPlanItem,
  type Plan,
  type PlanAlternativeInput,
  type PlanSummary,
} from '@odonto/domain/contracts/plans';
import { alternativeTotals, effectiveStatus } from '@odonto/domain/plans';
import type { PlanItemLinkRow, TreatmentPlanRow } from '../../db/database';
import { contentSha256 } from '../signatures/entry-signature';
import { acceptedLabel, acceptedProgress, doneItemIds, parseContent, storedStatus } from './plan-content';
import type { AcceptanceSignatureRow } from './plans.queries';

/** A stored plan as GET /api/plan/{id} answers it, its status as it shows on `today`. */
export function toPlan(
  row: TreatmentPlanRow,
  links: readonly PlanItemLinkRow[],
  signature: AcceptanceSignatureRow | undefined,
  today: string,
): Plan {
  const alternatives = parseContent(row.content);
  const label = acceptedLabel(row);
  return {
    id: row.id,
    patientId: row.patient_id,
    number: Number(row.number),
    title: row.title,
    doctorId: row.doctor_id,
    doctorName: row.doctor_name,
    status: effectiveStatus(storedStatus(row), row.valid_until, today),
    validUntil: row.valid_until,
    notes: row.notes,
    priceDay: row.price_day,
    version: row.version,
    revision: row.revision,
    alternatives: alternatives.map((alternative) => ({
      ...alternative,
      totals: alternativeTotals(alternative),
    })),
    acceptance: acceptanceOf(row, alternatives, signature),
    progress: acceptedProgress(alternatives, label, links),
    links: links.flatMap((link) => {
      const linked = link.alternative;
      if (linked !== 'A' && linked !== 'B' && linked !== 'C') return [];
      return [
        {
          alternative: linked,
          itemId: link.item_id,
          entryId: Number(link.history_entry_id),
          doneAt: link.done_at,
        },
      ];
    }),
    rejectedReason: row.rejected_reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function acceptanceOf(
  row: TreatmentPlanRow,
  alternatives: readonly PlanAlternativeInput[],
  signature: AcceptanceSignatureRow | undefined,
): Plan['acceptance'] {
  const label = acceptedLabel(row);
  if (!label || !signature || row.accepted_revision === null) return null;
  const current = planAcceptanceContent(
    {
      id: row.id,
      patientId: row.patient_id,
      revision: row.revision,
      title: row.title,
      validUntil: row.valid_until,
      alternatives,
    },
    label,
  );
  // Still the signed version, and its content hashes to what was signed (the snapshot was not altered).
  const matches =
    Number(row.accepted_revision) === row.revision &&
    current !== null &&
    contentSha256(current) === signature.sha256;
  return {
    alternative: label,
    revision: Number(row.accepted_revision),
    signatureId: signature.id,
    image: signature.image_name,
    signedAt: signature.signed_at,
    signedBy: signature.signed_by_name,
    via: signature.via === 'station' ? 'station' : 'direct',
    sha256: signature.sha256,
    matches,
  };
}

/** A plan as GET /api/plans/{patientId} lists it: no items, the alternatives' totals only. */
export function toPlanSummary(
  row: TreatmentPlanRow,
  links: readonly PlanItemLinkRow[],
  today: string,
): PlanSummary {
  const alternatives = parseContent(row.content);
  const label = acceptedLabel(row);
  return {
    id: row.id,
    patientId: row.patient_id,
    number: Number(row.number),
    title: row.title,
    doctorId: row.doctor_id,
    doctorName: row.doctor_name,
    status: effectiveStatus(storedStatus(row), row.valid_until, today),
    validUntil: row.valid_until,
    revision: row.revision,
    progress: acceptedProgress(alternatives, label, links),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    alternatives: alternatives.map((alternative) => ({
      label: alternative.label,
      title: alternative.title,
      totalBani: alternativeTotals(alternative).totalBani,
    })),
    acceptedAlternative: label,
  };
}

/** The not-done items of an open plan's accepted alternative, as the treatment modal offers them. */
export function openItemsOf(row: TreatmentPlanRow, links: readonly PlanItemLinkRow[]): OpenPlanItem[] {
  const label = acceptedLabel(row);
  if (!label) return [];
  const alternative = parseContent(row.content).find((candidate) => candidate.label === label);
  if (!alternative) return [];
  const done = doneItemIds(links, label);
  const totals = alternativeTotals(alternative);
  return alternative.phases.flatMap((phase, phaseIndex) =>
    phase.items.flatMap((item, itemIndex) =>
      done.has(item.id)
        ? []
        : [
            {
              planId: row.id,
              planNumber: Number(row.number),
              planTitle: row.title,
              alternative: label,
              itemId: item.id,
              name: item.name,
              teeth: [...item.teeth],
              span: item.span,
              catalogueId: item.catalogueId,
              finalBani: totals.phases[phaseIndex]?.items[itemIndex]?.finalBani ?? 0,
              phaseTitle: phase.title,
            },
          ],
    ),
  );
}
