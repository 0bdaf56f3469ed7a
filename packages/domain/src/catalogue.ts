/**
 * The treatment catalogue (SPEC.md §3 Treatment catalogue entry, DESIGN.md §7) and the treatment kinds
 * of SPEC.md §4. The data is in catalogue-data.ts.
 *
 * Id scheme. SPEC.md §9 gives the kinds by id: crowns below 2, extraction 3 (mapID 3), implant 4,
 * endodontic 5 to 6. Ids are unique numbers, so:
 * - single crowns are 1, 1.1 … 1.9 and bridges 0.1 … 0.8: both below 2, because a bridge is joined crowns
 *   and the 'adaugă coroană' filter is where a bridge is started; a bridge is told apart by its name
 *   (SPEC.md §4: it contains 'punte'), and the tests check the names and the 0.x ids agree;
 * - extraction is exactly 3 and implant exactly 4, one catalogue entry each;
 * - endodontic treatments are 5, 5.1 … 5.9 and 6;
 * - every other procedure is `group × 100 + n` (101 consultație, 1202 OPG, …): never below 7, so it falls
 *   in no kind, and adding a procedure never renumbers another (history entries keep their mapID).
 * Decimal ids are written with one decimal (1.1, never 1.10, which is the same number).
 */
import { CATALOGUE_ENTRIES, CATALOGUE_GROUPS } from './catalogue-data';
import { normalizeSearchText } from './text';

/** A procedure the treatment modal offers. */
export interface TreatmentCatalogueEntry {
  /** The treatment id; a history entry stores it as `mapID`. */
  id: number;
  name: string;
  /** The chart colour (#rrggbb), for crowns and bridges by material, and for a few other kinds. */
  fill?: string;
  /** True when a tooth must be chosen for this procedure. */
  dinteDD: boolean;
  /** A CatalogueGroup id. */
  group: number;
}

export interface CatalogueGroup {
  id: number;
  /** Romanian heading in the treatment dropdown. */
  name: string;
}

/** Every procedure, in dropdown order. */
export const TREATMENT_CATALOGUE: readonly TreatmentCatalogueEntry[] = CATALOGUE_ENTRIES;
export { CATALOGUE_GROUPS, MATERIALS } from './catalogue-data';

/** The id of the extraction (SPEC.md §9: mapID 3). */
export const EXTRACTION_ID = 3;
/** The id of the implant. */
export const IMPLANT_ID = 4;

// Ids arrive from stored history entries (mapID may be null) and from forms.
type MaybeId = number | null | undefined;
function isId(id: MaybeId): id is number {
  return typeof id === 'number' && Number.isFinite(id);
}

/** Crown kind (SPEC.md: ids below 2); bridges are in it too, see isBridge. */
export function isCrown(id: MaybeId): boolean {
  return isId(id) && id > 0 && id < 2;
}

/** Extraction kind: id 3. */
export function isExtraction(id: MaybeId): boolean {
  return id === EXTRACTION_ID;
}

/** Implant kind: id 4. */
export function isImplant(id: MaybeId): boolean {
  return id === IMPLANT_ID;
}

/** Endodontic kind: ids 5 to 6, both included. */
export function isEndodontic(id: MaybeId): boolean {
  return isId(id) && id >= 5 && id <= 6;
}

/**
 * A bridge treatment: its name contains 'punte' (SPEC.md §4), ignoring case and diacritics so a name
 * typed 'Punte' or imported in upper case still switches the modal to bridge mode.
 */
export function isBridge(name: string | null | undefined): boolean {
  return typeof name === 'string' && normalizeSearchText(name).includes('punte');
}

/** A crown on one tooth: crown kind and not a bridge. */
export function isSingleCrown(id: MaybeId, name: string | null | undefined): boolean {
  return isCrown(id) && !isBridge(name);
}

export type TreatmentKindId = 'crown' | 'extraction' | 'implant' | 'endodontic';

export interface TreatmentKind {
  id: TreatmentKindId;
  /** SPEC.md §4's label, shown on the filter. */
  label: string;
  matches: (treatmentId: MaybeId) => boolean;
}

/** The four kind filters of SPEC.md §4, in its order and with its labels. */
export const TREATMENT_KINDS: readonly TreatmentKind[] = [
  { id: 'crown', label: 'adaugă coroană', matches: isCrown },
  { id: 'extraction', label: 'extracție', matches: isExtraction },
  { id: 'implant', label: 'implant', matches: isImplant },
  { id: 'endodontic', label: 'tratament endodontic', matches: isEndodontic },
];

/** The kind a treatment id belongs to, or null for the procedures of no kind (fillings, hygiene, …). */
export function treatmentKindOf(id: MaybeId): TreatmentKindId | null {
  return TREATMENT_KINDS.find((kind) => kind.matches(id))?.id ?? null;
}

/** The catalogue entries of one kind, in dropdown order (the modal's list when a kind filter is on). */
export function catalogueOfKind(kind: TreatmentKindId): readonly TreatmentCatalogueEntry[] {
  const filter = TREATMENT_KINDS.find((candidate) => candidate.id === kind);
  return filter ? TREATMENT_CATALOGUE.filter((entry) => filter.matches(entry.id)) : [];
}

const BY_ID: ReadonlyMap<number, TreatmentCatalogueEntry> = new Map(
  TREATMENT_CATALOGUE.map((entry) => [entry.id, entry]),
);
const BY_NAME: ReadonlyMap<string, TreatmentCatalogueEntry> = new Map(
  TREATMENT_CATALOGUE.map((entry) => [normalizeSearchText(entry.name), entry]),
);

/** The procedure with that id (a history entry's mapID), or undefined. */
export function catalogueEntryById(id: MaybeId): TreatmentCatalogueEntry | undefined {
  return isId(id) ? BY_ID.get(id) : undefined;
}

/** The procedure with that name, ignoring case, diacritics and extra spaces, or undefined. */
export function catalogueEntryByName(name: string | null | undefined): TreatmentCatalogueEntry | undefined {
  return typeof name === 'string' ? BY_NAME.get(normalizeSearchText(name)) : undefined;
}

/** The Romanian name of a group, or undefined. */
export function catalogueGroupName(groupId: number): string | undefined {
  return CATALOGUE_GROUPS.find((group) => group.id === groupId)?.name;
}

/** True when the modal must ask for a tooth: the procedure has dinteDD, or it is a bridge (SPEC.md §5). */
export function requiresTooth(entry: Pick<TreatmentCatalogueEntry, 'name' | 'dinteDD'>): boolean {
  return entry.dinteDD || isBridge(entry.name);
}

/** The catalogue entries whose name contains the query, ignoring case and diacritics (dropdown search). */
export function searchCatalogue(query: string): readonly TreatmentCatalogueEntry[] {
  const needle = normalizeSearchText(query);
  if (needle === '') return TREATMENT_CATALOGUE;
  return TREATMENT_CATALOGUE.filter((entry) => normalizeSearchText(entry.name).includes(needle));
}
