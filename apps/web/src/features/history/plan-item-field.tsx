import { useMemo } from 'react';
import { Badge } from '@mantine/core';
import type { OpenPlanItem, PlanItemRef } from '@odonto/domain/contracts/plans';
import { formatLei } from '@odonto/domain/money';
import { alternativeName, teethLabel } from '@odonto/domain/plans';
import { Dropdown } from '../../ui/dropdown';
import { useOpenPlanItems } from '../plans/open-items-api';

export const PLAN_ITEM_LABEL = 'Din plan';

const refValue = (ref: PlanItemRef) => `${ref.planId}/${ref.itemId}`;

/** 'Plan nr. 3 · Varianta B · coroană zirconiu (1.6) · 1.250,00 lei'. */
export function openItemLabel(item: OpenPlanItem): string {
  const teeth = teethLabel(item.teeth, item.span);
  return [
    `Plan nr. ${item.planNumber}`,
    alternativeName(item.alternative),
    teeth ? `${item.name} (${teeth})` : item.name,
    formatLei(item.finalBani),
  ].join(' · ');
}

/**
 * The open plan items this entry may do: those of the chosen tooth (or without teeth); with no tooth
 * chosen yet, every one. A bridge item is left out: a bridge is saved through save-punte, which links
 * nothing.
 */
export function itemsForTooth(items: readonly OpenPlanItem[], tooth: string | null): OpenPlanItem[] {
  return items.filter(
    (item) => item.span === null && (tooth === null || item.teeth.length === 0 || item.teeth.includes(tooth)),
  );
}

export interface PlanItemFieldProps {
  patientId: string;
  tooth: string | null;
  value: PlanItemRef | null;
  onChange: (item: OpenPlanItem | null) => void;
  /** The entry is already linked to a plan item: shown, not changed. */
  linked: PlanItemRef | null;
  disabled?: boolean;
}

/**
 * The treatment modal's "Din plan" choice (issue 12): the patient's open plan items for the tooth;
 * nothing at all when the patient has none.
 */
export function PlanItemField({ patientId, tooth, value, onChange, linked, disabled }: PlanItemFieldProps) {
  const openItems = useOpenPlanItems(patientId, { enabled: linked === null });
  const offered = useMemo(() => itemsForTooth(openItems.data ?? [], tooth), [openItems.data, tooth]);
  const options = useMemo(
    () => offered.map((item) => ({ value: refValue(item), label: openItemLabel(item) })),
    [offered],
  );

  if (linked) {
    return (
      <Badge variant="light" color="teal" data-testid="entry-plan-item">
        Lucrare din planul de tratament
      </Badge>
    );
  }
  if (!openItems.data || openItems.data.length === 0) return null;
  return (
    <Dropdown
      label={PLAN_ITEM_LABEL}
      placeholder={
        offered.length > 0 ? 'Alegeți lucrarea din plan' : 'Nicio lucrare din plan pentru acest dinte'
      }
      data={options}
      value={value ? refValue(value) : null}
      onChange={(next) => onChange(offered.find((item) => refValue(item) === next) ?? null)}
      disabled={disabled || offered.length === 0}
    />
  );
}
