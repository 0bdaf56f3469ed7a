/**
 * Bridge (punte) and crown rules of SPEC.md §4, used by the treatment modal to offer teeth and by the
 * server to refuse a bridge the modal would not have offered.
 *
 * A bridge runs along one chart row from its start tooth (`dinteStart`, the modal's 'dinte origine') to
 * its destination tooth (`dinteDestinatie`). Its ends are pillars, so they must be teeth that can carry a
 * crown; the teeth between may be missing (pontics) or present (extra pillars). A bridge never crosses
 * from one row to the other: the two jaws are not joined.
 */
import { isTooth, rowIndexOf, rowOf, sideOf, TOOTH_IDS, type Side, type ToothId } from './teeth';

export type BridgeDirection = 'left' | 'right';

/** What the rules need to know about one tooth; chart-state.ts's ToothState is one. */
export interface ToothOccupancy {
  /** False when the tooth was extracted or is listed in dintiStersi (and no implant stands there). */
  present: boolean;
  /** The tooth's own crown (not a bridge), or null. */
  crown: object | null;
  /** The bridge the tooth is part of, or null. */
  bridge: { entryId: number } | null;
}

/** The mouth as the rules see it, built by chartState(history, dintiStersi). */
export interface BridgeRulesState {
  teeth: Readonly<Record<ToothId, ToothOccupancy>>;
}

export interface BridgeRuleOptions {
  /** The bridge being edited: its own teeth do not count as "inside another bridge". */
  ignoreEntryId?: number | null;
}

/** Why a tooth cannot be a bridge's destination. */
export type BridgeProblem =
  | 'same-tooth'
  | 'other-row'
  | 'start-unavailable'
  | 'destination-absent'
  | 'destination-crowned'
  | 'destination-in-bridge'
  | 'span-crosses-crown'
  | 'span-crosses-bridge';

/** The Romanian message for each BridgeProblem, for the form and the API. */
export const BRIDGE_PROBLEM_MESSAGES: Record<BridgeProblem, string> = {
  'same-tooth': 'Dintele destinație trebuie să fie altul decât dintele de origine.',
  'other-row': 'O punte nu poate uni dinți de pe arcade diferite.',
  'start-unavailable': 'Dintele de origine nu poate susține o coroană.',
  'destination-absent': 'Dintele destinație lipsește.',
  'destination-crowned': 'Dintele destinație are deja o coroană.',
  'destination-in-bridge': 'Dintele destinație face parte din altă punte.',
  'span-crosses-crown': 'Puntea ar trece peste un dinte cu coroană.',
  'span-crosses-bridge': 'Puntea ar trece peste altă punte.',
};

/** SPEC.md §4: 'right' when the start's index in its row is lower than the destination's, else 'left'. */
export function bridgeDirection(start: ToothId, destination: ToothId): BridgeDirection {
  return rowIndexOf(start) < rowIndexOf(destination) ? 'right' : 'left';
}

/**
 * The teeth a bridge from `start` to `destination` covers, both ends included, left to right as the row
 * is drawn; null when the two cannot be the ends of one bridge (not teeth, the same tooth, other rows).
 */
export function bridgeSpan(start: string, destination: string): readonly ToothId[] | null {
  if (!isTooth(start) || !isTooth(destination) || start === destination) return null;
  if (sideOf(start) !== sideOf(destination)) return null;
  const [from, to] = [rowIndexOf(start), rowIndexOf(destination)].sort((a, b) => a - b) as [number, number];
  return rowOf(start).slice(from, to + 1);
}

/** The fields a bridge's history entry stores about where it is (SPEC.md §7 save-punte). */
export interface BridgeGeometry {
  dinte: ToothId;
  dinteStart: ToothId;
  dinteDestinatie: ToothId;
  side: Side;
  /** Row index of the start tooth. */
  start: number;
  /** Row index of the destination tooth. */
  end: number;
  direction: BridgeDirection;
}

/**
 * Where a bridge lies, as its history entry records it: `dinte` is the start tooth, `start` and `end` the
 * row indexes of the start and destination (so `start > end` when the direction is 'left'); null when
 * bridgeSpan is.
 */
export function bridgeGeometry(start: string, destination: string): BridgeGeometry | null {
  if (!bridgeSpan(start, destination) || !isTooth(start) || !isTooth(destination)) return null;
  return {
    dinte: start,
    dinteStart: start,
    dinteDestinatie: destination,
    side: sideOf(start),
    start: rowIndexOf(start),
    end: rowIndexOf(destination),
    direction: bridgeDirection(start, destination),
  };
}

function inOtherBridge(tooth: ToothOccupancy, options: BridgeRuleOptions): boolean {
  return tooth.bridge !== null && tooth.bridge.entryId !== options.ignoreEntryId;
}

function canCarryCrown(tooth: ToothOccupancy, options: BridgeRuleOptions): boolean {
  return tooth.present && !inOtherBridge(tooth, options);
}

/**
 * SPEC.md §4: the teeth that can take a crown, and so begin a bridge: every tooth except removed ones
 * (dintiStersi), extracted ones and those in a bridge. A crowned tooth stays a candidate: its crown can be
 * redone. In FDI order.
 */
export function crownCandidates(state: BridgeRulesState, options: BridgeRuleOptions = {}): ToothId[] {
  return TOOTH_IDS.filter((id) => canCarryCrown(state.teeth[id], options));
}

/**
 * Why `destination` cannot end a bridge begun at `start`, or null when it can. SPEC.md §4 excludes removed
 * teeth, crowned teeth and teeth of other bridges; beyond that, the teeth between the two ends must not be
 * crowned or in another bridge either, because a pontic cannot sit on a crown and bridges cannot overlap.
 * Missing teeth between the ends are what a bridge replaces, so they are allowed.
 */
export function bridgeProblem(
  start: ToothId,
  destination: ToothId,
  state: BridgeRulesState,
  options: BridgeRuleOptions = {},
): BridgeProblem | null {
  if (start === destination) return 'same-tooth';
  const span = bridgeSpan(start, destination);
  if (!span) return 'other-row';
  if (!canCarryCrown(state.teeth[start], options)) return 'start-unavailable';
  const end = state.teeth[destination];
  if (!end.present) return 'destination-absent';
  if (end.crown !== null) return 'destination-crowned';
  if (inOtherBridge(end, options)) return 'destination-in-bridge';
  const between = span.filter((id) => id !== start && id !== destination).map((id) => state.teeth[id]);
  if (between.some((tooth) => tooth.crown !== null)) return 'span-crosses-crown';
  if (between.some((tooth) => inOtherBridge(tooth, options))) return 'span-crosses-bridge';
  return null;
}

/**
 * The teeth the modal offers as the destination of a bridge begun at `start`, left to right in the start's
 * row (never the other row); empty when `start` cannot begin a bridge.
 */
export function destinationCandidates(
  start: ToothId,
  state: BridgeRulesState,
  options: BridgeRuleOptions = {},
): ToothId[] {
  return rowOf(start).filter((id) => bridgeProblem(start, id, state, options) === null);
}
