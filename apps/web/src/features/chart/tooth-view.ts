import { TREATMENT_KINDS, type TreatmentKindId } from '@odonto/domain/catalogue';
import type { Absence, ChartHistoryEntry, ToothState } from '@odonto/domain/chart-state';

/**
 * What the chart shows of one tooth, first match wins: a tooth in a bridge is drawn as part of it, an
 * absent tooth as its empty place, then its own crown, then an implant without a crown.
 */
export type ToothDrawState = 'bridge-pillar' | 'bridge-pontic' | 'absent' | 'crown' | 'implant' | 'present';

export interface ToothView {
  state: ToothDrawState;
  /** The colour of the crown or bridge over the tooth, null when it has none. */
  fill: string | null;
  /** Why the tooth is missing: extracted, or marked removed (dintiStersi); null when it is there. */
  absence: Absence | null;
  isEndodontic: boolean;
  hasImplant: boolean;
  /** How many treatments of no drawn kind (fillings, surgery, imaging, …) the tooth had. */
  othersCount: number;
  /** What the chart shows of the tooth, in Romanian, e.g. 'coroană zirconiu monolitic'. */
  summary: string;
  /** The description read out for the tooth, e.g. 'Dinte 1.6 — coroană zirconiu monolitic'. */
  label: string;
  /** Under a kind filter: whether the tooth has a treatment of that kind; null without a filter. */
  matchesKind: boolean | null;
}

function drawStateOf(tooth: ToothState<ChartHistoryEntry>): ToothDrawState {
  if (tooth.bridge) return tooth.bridge.role === 'pillar' ? 'bridge-pillar' : 'bridge-pontic';
  if (!tooth.present) return 'absent';
  if (tooth.crown) return 'crown';
  if (tooth.implant) return 'implant';
  return 'present';
}

function describe(tooth: ToothState<ChartHistoryEntry>): string[] {
  const parts: string[] = [];
  if (tooth.bridge) {
    const { bridge, role } = tooth.bridge;
    const span = `${bridge.entry.denumire} ${bridge.start} → ${bridge.end}`;
    parts.push(role === 'pillar' ? `stâlp de punte (${span})` : `element intermediar de punte (${span})`);
  }
  if (tooth.absence === 'extracted') parts.push('extras');
  if (tooth.absence === 'removed') parts.push('marcat lipsă');
  if (tooth.crown) parts.push(tooth.crown.entry.denumire);
  if (tooth.implant) parts.push('implant');
  if (tooth.endodontic) parts.push(`tratament endodontic (${tooth.endodontic.denumire})`);
  if (tooth.others.length > 0) {
    const names = [...new Set(tooth.others.map((entry) => entry.denumire))];
    parts.push(`alte tratamente: ${names.join(', ')}`);
  }
  return parts;
}

/** The chart's view of one tooth, under an optional kind filter (SPEC.md §4's four kinds). */
export function toothView(
  tooth: ToothState<ChartHistoryEntry>,
  kind: TreatmentKindId | null = null,
): ToothView {
  const state = drawStateOf(tooth);
  const parts = describe(tooth);
  const summary = parts.length > 0 ? parts.join(', ') : 'fără tratamente';
  const filter = kind ? TREATMENT_KINDS.find((candidate) => candidate.id === kind) : undefined;
  return {
    state,
    fill: tooth.bridge ? tooth.bridge.bridge.fill : (tooth.crown?.fill ?? null),
    absence: tooth.absence,
    isEndodontic: tooth.endodontic !== null,
    hasImplant: tooth.implant !== null,
    othersCount: tooth.others.length,
    summary,
    label: `Dinte ${tooth.id} — ${summary}`,
    matchesKind: filter ? tooth.entries.some((entry) => filter.matches(entry.mapID)) : null,
  };
}
