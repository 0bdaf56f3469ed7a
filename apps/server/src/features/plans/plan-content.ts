import type { PlanAlternativeInput } from '@odonto/domain/contracts/plans';
import {
  alternativeTotals,
  OPEN_PLAN_STATUSES,
  planProgress,
  statusAfterProgress,
  STORED_PLAN_STATUSES,
  type AlternativeLabel,
  type PlanProgress,
  type StoredPlanStatus,
} from '@odonto/domain/plans';
import type { PlanItemLinkRow, TreatmentPlanRow } from '../../db/database';
import { toJsonText } from '../../db/json';

/**
 * A plan's stored content (docs/decisions/0021): its alternatives as one JSON text. Only this feature
 * writes it, always from a validated planContentInput, so reading it back parses the JSON without
 * validating it again (a plan of 3 × 40 items is read on every open).
 */
export function parseContent(text: string): PlanAlternativeInput[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? (value as PlanAlternativeInput[]) : [];
}

export function contentText(alternatives: readonly PlanAlternativeInput[]): string {
  return toJsonText(alternatives);
}

export function storedStatus(row: Pick<TreatmentPlanRow, 'status'>): StoredPlanStatus {
  return (STORED_PLAN_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as StoredPlanStatus)
    : 'propus';
}

export function acceptedLabel(row: Pick<TreatmentPlanRow, 'accepted_alternative'>): AlternativeLabel | null {
  const label = row.accepted_alternative;
  return label === 'A' || label === 'B' || label === 'C' ? label : null;
}

/** The item ids of `alternative` that a history entry did. */
export function doneItemIds(links: readonly PlanItemLinkRow[], alternative: AlternativeLabel): Set<string> {
  return new Set(links.filter((link) => link.alternative === alternative).map((link) => link.item_id));
}

/** Progress of the accepted alternative, or null when none is accepted (or it is gone). */
export function acceptedProgress(
  alternatives: readonly PlanAlternativeInput[],
  label: AlternativeLabel | null,
  links: readonly PlanItemLinkRow[],
): PlanProgress | null {
  if (!label) return null;
  const alternative = alternatives.find((candidate) => candidate.label === label);
  if (!alternative) return null;
  return planProgress(alternativeTotals(alternative), doneItemIds(links, label));
}

/**
 * The stored status and open remaining amount once the accepted alternative's progress is known: all
 * done → finalizat, some → în lucru, none → acceptat; the remaining amount counts only while open.
 */
export function progressColumns(
  stored: StoredPlanStatus,
  progress: PlanProgress | null,
): { status: StoredPlanStatus; open_remaining_bani: number } {
  if (!progress) return { status: stored, open_remaining_bani: 0 };
  const status = statusAfterProgress(stored, progress);
  const open = OPEN_PLAN_STATUSES.includes(status);
  return { status, open_remaining_bani: open ? progress.amountRemainingBani : 0 };
}
