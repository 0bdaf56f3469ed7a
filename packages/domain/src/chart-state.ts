/**
 * The patient's mouth as it is now, folded from the treatment history and the removed-teeth list
 * (SPEC.md §3 History entry, dintiStersi; §4 teeth and bridges). The chart draws it, the bridge and crown
 * rules read it (it is a BridgeRulesState) and the printed patient file lists it.
 *
 * Entries are applied oldest first (by `createdAt`, then by `id`, the creation timestamp, for entries of
 * the same day), so a later entry overrides an earlier one:
 * - an extraction (mapID 3) makes the tooth absent and takes its crown, implant and root treatment with it;
 * - an implant (mapID 4) stands where the tooth was: present again, with no old crown or root treatment;
 * - a crown (ids below 2, not a bridge) replaces the tooth's previous crown;
 * - an endodontic treatment (ids 5 to 6) marks the root;
 * - a bridge (a name containing 'punte', with a start and a destination in one row) covers its span; it
 *   takes the crowns off its teeth (they are cut off to make it) and replaces any earlier bridge it
 *   overlaps, whole, because a bridge is remade as one piece;
 * - anything else on a tooth is listed in its `others`.
 * A tooth in dintiStersi is absent, unless an implant stands there: dintiStersi has no date, and an
 * implant is placed where a tooth is missing, so the implant is the newer fact.
 */
import { bridgeDirection, bridgeSpan, type BridgeDirection, type BridgeRulesState } from './bridges';
import { catalogueEntryById, isBridge, isCrown, isEndodontic, isExtraction, isImplant } from './catalogue';
import { toInstant } from './clinic-time';
import { isTooth, sideOf, TEETH, type Side, type ToothId } from './teeth';

/** The fields of a History entry the chart reads; contracts/history.ts's HistoryEntry has them all. */
export interface ChartHistoryEntry {
  id: number;
  denumire: string;
  createdAt: string | number;
  dinte?: string | null;
  dinteStart?: string | null;
  dinteDestinatie?: string | null;
  mapID?: number | null;
  fill?: string | null;
  /**
   * Set on an entry that was deleted (soft delete), which the chart ignores. Not SPEC.md's `deleted`,
   * which lists the entry's removed pictures.
   */
  deletedAt?: string | null;
}

export type Absence = 'extracted' | 'removed';
/** A pillar carries the bridge (its ends, and any tooth still present under it); a pontic replaces a tooth. */
export type BridgeRole = 'pillar' | 'pontic';

export interface CrownState<E> {
  entry: E;
  /** The catalogue colour of the crown's material (the entry's own `fill` for an unknown mapID). */
  fill: string | null;
}

export interface BridgeState<E> {
  entryId: number;
  entry: E;
  start: ToothId;
  end: ToothId;
  side: Side;
  direction: BridgeDirection;
  /** Left to right as drawn. */
  teeth: readonly ToothId[];
  fill: string | null;
}

export interface BridgeMembership<E> {
  entryId: number;
  bridge: BridgeState<E>;
  role: BridgeRole;
}

export interface ToothState<E> {
  id: ToothId;
  side: Side;
  index: number;
  present: boolean;
  /** Why the tooth is absent: an extraction entry, or dintiStersi; null when present. */
  absence: Absence | null;
  crown: CrownState<E> | null;
  bridge: BridgeMembership<E> | null;
  implant: E | null;
  endodontic: E | null;
  /** Every live entry on this tooth, bridges over it included, oldest first: the tooth's timeline. */
  entries: readonly E[];
  /** The entries of no drawn kind (fillings, hygiene, imaging, …), oldest first. */
  others: readonly E[];
}

export interface ChartState<E = ChartHistoryEntry> extends BridgeRulesState {
  teeth: Readonly<Record<ToothId, ToothState<E>>>;
  /** The bridges in place, oldest first. */
  bridges: readonly BridgeState<E>[];
  /** Entries on no tooth (consultation, OPG, whole-mouth hygiene), oldest first. */
  general: readonly E[];
  /** Every live entry, oldest first. */
  entries: readonly E[];
}

interface MutableTooth<E> {
  id: ToothId;
  side: Side;
  index: number;
  present: boolean;
  absence: Absence | null;
  crown: CrownState<E> | null;
  bridge: BridgeMembership<E> | null;
  implant: E | null;
  endodontic: E | null;
  entries: E[];
  others: E[];
}

/** Live entries oldest first: by treatment date, then by id (creation time) within the same date. */
export function chronological<E extends ChartHistoryEntry>(history: readonly E[]): E[] {
  // A date that does not parse (legacy data) falls back on the id, which is a timestamp too.
  const when = (entry: E) => {
    const instant = toInstant(entry.createdAt);
    return Number.isNaN(instant) ? entry.id : instant;
  };
  return history.filter((entry) => !entry.deletedAt).sort((a, b) => when(a) - when(b) || a.id - b.id);
}

function fillOf(entry: ChartHistoryEntry): string | null {
  return catalogueEntryById(entry.mapID)?.fill ?? entry.fill ?? null;
}

function bridgeOf<E extends ChartHistoryEntry>(entry: E): BridgeState<E> | null {
  if (!isBridge(entry.denumire)) return null;
  const start = entry.dinteStart ?? entry.dinte;
  const end = entry.dinteDestinatie;
  if (!isTooth(start) || !isTooth(end)) return null;
  const teeth = bridgeSpan(start, end);
  if (!teeth) return null;
  const direction = bridgeDirection(start, end);
  return { entryId: entry.id, entry, start, end, side: sideOf(start), direction, teeth, fill: fillOf(entry) };
}

/** The current state of every tooth from the history entries (deleted ones ignored) and dintiStersi. */
export function chartState<E extends ChartHistoryEntry>(
  history: readonly E[],
  dintiStersi: readonly string[] = [],
): ChartState<E> {
  const teeth = Object.fromEntries(
    TEETH.map((tooth): [ToothId, MutableTooth<E>] => [
      tooth.id,
      {
        id: tooth.id,
        side: tooth.side,
        index: tooth.index,
        present: true,
        absence: null,
        crown: null,
        bridge: null,
        implant: null,
        endodontic: null,
        entries: [],
        others: [],
      },
    ]),
  ) as Record<ToothId, MutableTooth<E>>;
  const bridges: BridgeState<E>[] = [];
  const general: E[] = [];
  const entries = chronological(history);

  for (const entry of entries) {
    const bridge = bridgeOf(entry);
    if (bridge) {
      placeBridge(teeth, bridges, bridge);
      continue;
    }
    if (!isTooth(entry.dinte)) {
      general.push(entry);
      continue;
    }
    applyToTooth(teeth[entry.dinte], entry);
  }

  const removed = new Set(dintiStersi);
  for (const tooth of Object.values(teeth)) {
    if (removed.has(tooth.id) && !tooth.implant) tooth.absence ??= 'removed';
    tooth.present = tooth.absence === null;
  }
  for (const bridge of bridges) {
    for (const id of bridge.teeth) {
      const isEnd = id === bridge.start || id === bridge.end;
      const membership = teeth[id].bridge;
      if (membership) membership.role = isEnd || teeth[id].present ? 'pillar' : 'pontic';
    }
  }
  return { teeth, bridges, general, entries };
}

function placeBridge<E>(
  teeth: Record<ToothId, MutableTooth<E>>,
  bridges: BridgeState<E>[],
  bridge: BridgeState<E>,
): void {
  const replaced = new Set(bridge.teeth.flatMap((id) => teeth[id].bridge?.bridge ?? []));
  for (const old of replaced) {
    for (const id of old.teeth) if (teeth[id].bridge?.bridge === old) teeth[id].bridge = null;
    bridges.splice(bridges.indexOf(old), 1);
  }
  bridges.push(bridge);
  for (const id of bridge.teeth) {
    const tooth = teeth[id];
    tooth.crown = null;
    // The role is settled once every entry is applied: it depends on whether the tooth is still there.
    tooth.bridge = { entryId: bridge.entryId, bridge, role: 'pontic' };
    tooth.entries.push(bridge.entry);
  }
}

function applyToTooth<E extends ChartHistoryEntry>(tooth: MutableTooth<E>, entry: E): void {
  tooth.entries.push(entry);
  if (isExtraction(entry.mapID)) {
    tooth.absence = 'extracted';
    tooth.crown = null;
    tooth.implant = null;
    tooth.endodontic = null;
  } else if (isImplant(entry.mapID)) {
    tooth.absence = null;
    tooth.implant = entry;
    tooth.crown = null;
    tooth.endodontic = null;
  } else if (isCrown(entry.mapID) && !isBridge(entry.denumire)) {
    tooth.crown = { entry, fill: fillOf(entry) };
  } else if (isEndodontic(entry.mapID)) {
    tooth.endodontic = entry;
  } else {
    tooth.others.push(entry);
  }
}
