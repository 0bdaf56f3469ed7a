import { isBridge } from '@odonto/domain/catalogue';
import { bridgeSpan } from '@odonto/domain/bridges';
import { wallTimeAt } from '@odonto/domain/clinic-time';
import type {
  Plan,
  PlanAlternativeInput,
  PlanContentInput,
  PlanItemInput,
  PlanPhaseInput,
} from '@odonto/domain/contracts/plans';
import type { PriceItem } from '@odonto/domain/contracts/price-list';
import { ALTERNATIVE_LABELS, type AlternativeLabel } from '@odonto/domain/plans';
import { rowIndexOf, sameRow, sideOf, type ToothId } from '@odonto/domain/teeth';

/** Plans are valid for three months unless the doctor says otherwise. */
const DEFAULT_VALIDITY_MONTHS = 3;

const two = (value: number) => String(value).padStart(2, '0');

/** Today in the clinic, 'YYYY-MM-DD'. */
export function clinicToday(now: number = Date.now()): string {
  const { year, month, day } = wallTimeAt(now);
  return `${year}-${two(month)}-${two(day)}`;
}

/** The day `months` after `day` ('YYYY-MM-DD'), clamped to the month's last day. */
export function addMonths(day: string, months: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return `${target.getUTCFullYear()}-${two(target.getUTCMonth() + 1)}-${two(Math.min(date, last))}`;
}

/** '25.11.2026' for a clinic day. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${date}.${month}.${year}` : day;
}

/** A fresh id for an item or a phase (kept across versions, so progress stays linked). */
export function newId(): string {
  return crypto.randomUUID();
}

export function emptyPhase(index: number): PlanPhaseInput {
  return { id: newId(), title: `Etapa ${index + 1}`, items: [] };
}

export function emptyAlternative(label: AlternativeLabel): PlanAlternativeInput {
  return { label, title: '', discount: null, notes: '', phases: [emptyPhase(0)] };
}

/** The editor's values for a new plan: one alternative with one empty phase. */
export function newPlanValues(doctorId: string, today: string): PlanContentInput {
  return {
    title: '',
    doctorId,
    validUntil: addMonths(today, DEFAULT_VALIDITY_MONTHS),
    notes: '',
    alternatives: [emptyAlternative('A')],
  };
}

/** The editable content of a saved plan (its totals are the server's). */
export function contentOf(plan: Plan): PlanContentInput {
  return {
    title: plan.title,
    doctorId: plan.doctorId,
    validUntil: plan.validUntil,
    notes: plan.notes,
    alternatives: plan.alternatives.map((alternative) => ({
      label: alternative.label,
      title: alternative.title,
      discount: alternative.discount,
      notes: alternative.notes,
      phases: alternative.phases,
    })),
  };
}

/** The first label not yet used (A, B, C), or null when the plan has three alternatives. */
export function nextLabel(
  alternatives: readonly Pick<PlanAlternativeInput, 'label'>[],
): AlternativeLabel | null {
  return ALTERNATIVE_LABELS.find((label) => !alternatives.some((a) => a.label === label)) ?? null;
}

/** A copy of an alternative under another label: the same work, with ids of its own. */
export function copyAlternative(source: PlanAlternativeInput, label: AlternativeLabel): PlanAlternativeInput {
  return {
    ...source,
    label,
    phases: source.phases.map((phase) => ({
      ...phase,
      id: newId(),
      items: phase.items.map((item) => ({ ...item, id: newId(), teeth: [...item.teeth] })),
    })),
  };
}

/** Teeth in the order the chart draws them (upper row, then lower, each left to right). */
export function sortTeeth(teeth: readonly ToothId[]): ToothId[] {
  const rowRank = (tooth: ToothId) => (sideOf(tooth) === 'top' ? 0 : 1);
  return [...teeth].sort((a, b) => rowRank(a) - rowRank(b) || rowIndexOf(a) - rowIndexOf(b));
}

export type NewItemResult = { item: PlanItemInput } | { error: string };

export const BRIDGE_TEETH_MESSAGE = 'Pentru o punte alegeți cel puțin doi dinți de pe aceeași arcadă.';
export const TOOTH_REQUIRED_MESSAGE = 'Alegeți dinții pe schiță pentru o lucrare per dinte.';

/**
 * The plan item for a price-list entry on the chosen teeth: a bridge ('punte' in its name) becomes one
 * span from the leftmost to the rightmost chosen tooth; a per-tooth item counts the teeth; anything else
 * is one unit (with the teeth noted, if any).
 */
export function itemFromPrice(price: PriceItem, teeth: readonly ToothId[]): NewItemResult {
  const sorted = sortTeeth(teeth);
  const base = {
    id: newId(),
    priceItemId: price.id,
    catalogueId: price.catalogueId,
    name: price.name,
    unit: price.unit,
    unitPriceBani: price.price?.amountBani ?? 0,
    listPriceBani: price.price?.amountBani ?? null,
    priceReason: null,
    vatRateBp: price.vatRateBp,
    discount: null,
    notes: '',
  };
  if (isBridge(price.name)) {
    const first = sorted[0];
    const last = sorted[sorted.length - 1];
    const span = first && last && sameRow(first, last) ? bridgeSpan(first, last) : null;
    if (!first || !last || !span) return { error: BRIDGE_TEETH_MESSAGE };
    const quantity = price.unit === 'dinte' ? span.length : 1;
    return { item: { ...base, teeth: [...span], span: { start: first, end: last }, quantity } };
  }
  if (price.unit === 'dinte') {
    if (sorted.length === 0) return { error: TOOTH_REQUIRED_MESSAGE };
    return { item: { ...base, teeth: sorted, span: null, quantity: sorted.length } };
  }
  return { item: { ...base, teeth: sorted, span: null, quantity: 1 } };
}
