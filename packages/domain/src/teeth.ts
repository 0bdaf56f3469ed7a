/**
 * The 32 permanent teeth in FDI notation (SPEC.md §3 tooth lists, §4 bridge), as the chart draws them.
 *
 * The chart shows two rows of 16 teeth as the dentist faces the patient: TOP_ROW is the upper jaw,
 * 1.8 … 1.1 then 2.1 … 2.8, and BOTTOM_ROW is the lower jaw, 4.8 … 4.1 then 3.1 … 3.8. A tooth's `index`
 * is its place in its row (0–15, left to right as drawn); bridge directions compare these indexes.
 *
 * `side` is the row a tooth is in: 'top' (upper jaw, quadrants 1 and 2) or 'bottom' (lower jaw,
 * quadrants 3 and 4). SPEC.md's History entry `side` uses the same values: the row of the entry's tooth,
 * and for a bridge the row both of its ends are in (a bridge never crosses from one jaw to the other).
 */

/** Every permanent tooth, quadrant by quadrant. */
// prettier-ignore
export const TOOTH_IDS = [
  '1.1', '1.2', '1.3', '1.4', '1.5', '1.6', '1.7', '1.8',
  '2.1', '2.2', '2.3', '2.4', '2.5', '2.6', '2.7', '2.8',
  '3.1', '3.2', '3.3', '3.4', '3.5', '3.6', '3.7', '3.8',
  '4.1', '4.2', '4.3', '4.4', '4.5', '4.6', '4.7', '4.8',
] as const;
export type ToothId = (typeof TOOTH_IDS)[number];

export type Quadrant = 1 | 2 | 3 | 4;
/** 1 = central incisor … 8 = third molar, counted from the midline. */
export type ToothPosition = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
/** The shape the chart draws. */
export type ToothType = 'incisor' | 'canine' | 'premolar' | 'molar';
/** The chart row: 'top' is the upper jaw, 'bottom' the lower jaw. */
export type Side = 'top' | 'bottom';

export interface Tooth {
  id: ToothId;
  quadrant: Quadrant;
  position: ToothPosition;
  /** Romanian name of the tooth kind, e.g. 'molar 1'. */
  name: string;
  type: ToothType;
  side: Side;
  /** Place in its row, 0–15, left to right as drawn. */
  index: number;
  /** '1.6 — molar 1 superior dreapta': for dropdowns, tooltips and prints. */
  label: string;
}

/** Romanian names by position; the third molar is also called 'molar de minte'. */
export const TOOTH_NAMES: Record<ToothPosition, string> = {
  1: 'incisiv central',
  2: 'incisiv lateral',
  3: 'canin',
  4: 'premolar 1',
  5: 'premolar 2',
  6: 'molar 1',
  7: 'molar 2',
  8: 'molar 3 (de minte)',
};

const TOOTH_TYPES: Record<ToothPosition, ToothType> = {
  1: 'incisor',
  2: 'incisor',
  3: 'canine',
  4: 'premolar',
  5: 'premolar',
  6: 'molar',
  7: 'molar',
  8: 'molar',
};

/** Where each quadrant is, in Romanian, from the patient's point of view (FDI convention). */
export const QUADRANT_NAMES: Record<Quadrant, string> = {
  1: 'superior dreapta',
  2: 'superior stânga',
  3: 'inferior stânga',
  4: 'inferior dreapta',
};

/** The upper row as drawn: 1.8 … 1.1 then 2.1 … 2.8. */
// prettier-ignore
export const TOP_ROW: readonly ToothId[] = [
  '1.8', '1.7', '1.6', '1.5', '1.4', '1.3', '1.2', '1.1',
  '2.1', '2.2', '2.3', '2.4', '2.5', '2.6', '2.7', '2.8',
];

/** The lower row as drawn: 4.8 … 4.1 then 3.1 … 3.8. */
// prettier-ignore
export const BOTTOM_ROW: readonly ToothId[] = [
  '4.8', '4.7', '4.6', '4.5', '4.4', '4.3', '4.2', '4.1',
  '3.1', '3.2', '3.3', '3.4', '3.5', '3.6', '3.7', '3.8',
];

export const ROWS: Record<Side, readonly ToothId[]> = { top: TOP_ROW, bottom: BOTTOM_ROW };

function buildTooth(id: ToothId): Tooth {
  const quadrant = Number(id[0]) as Quadrant;
  const position = Number(id[2]) as ToothPosition;
  const side: Side = quadrant <= 2 ? 'top' : 'bottom';
  const name = TOOTH_NAMES[position];
  return {
    id,
    quadrant,
    position,
    name,
    type: TOOTH_TYPES[position],
    side,
    index: ROWS[side].indexOf(id),
    label: `${id} — ${name} ${QUADRANT_NAMES[quadrant]}`,
  };
}

/** The 32 teeth in FDI order (1.1 … 1.8, 2.1 … 2.8, 3.1 … 3.8, 4.1 … 4.8). */
export const TEETH: readonly Tooth[] = TOOTH_IDS.map(buildTooth);

const TEETH_BY_ID: ReadonlyMap<string, Tooth> = new Map(TEETH.map((tooth) => [tooth.id, tooth]));

/** True when the value is one of the 32 tooth ids ('1.1' … '4.8'). */
export function isTooth(value: unknown): value is ToothId {
  return typeof value === 'string' && TEETH_BY_ID.has(value);
}

/** The tooth with that FDI id, or undefined for anything else. */
export function toothById(id: string): Tooth | undefined {
  return TEETH_BY_ID.get(id);
}

// For callers that hold a ToothId, which is always known: saves them an undefined check.
function known(id: ToothId): Tooth {
  const tooth = TEETH_BY_ID.get(id);
  if (!tooth) throw new RangeError(`Dinte necunoscut: ${String(id)}`);
  return tooth;
}

/** The chart row ('top' or 'bottom') of the tooth. */
export function sideOf(id: ToothId): Side {
  return known(id).side;
}

/** The row the tooth is in, left to right as drawn. */
export function rowOf(id: ToothId): readonly ToothId[] {
  return ROWS[known(id).side];
}

/** The tooth's place in its row, 0–15. */
export function rowIndexOf(id: ToothId): number {
  return known(id).index;
}

/** The tooth at that place of a row, or undefined outside 0–15. */
export function toothAt(side: Side, index: number): ToothId | undefined {
  return ROWS[side][index];
}

/** The teeth drawn beside it in its row (across the midline too); null at the ends of the row. */
export function neighbours(id: ToothId): { left: ToothId | null; right: ToothId | null } {
  const { side, index } = known(id);
  return { left: toothAt(side, index - 1) ?? null, right: toothAt(side, index + 1) ?? null };
}

/** True when both teeth are in the same chart row (the only way a bridge may join them). */
export function sameRow(a: ToothId, b: ToothId): boolean {
  return known(a).side === known(b).side;
}

/** The Romanian display label, e.g. '1.6 — molar 1 superior dreapta'. */
export function toothLabel(id: ToothId): string {
  return known(id).label;
}
