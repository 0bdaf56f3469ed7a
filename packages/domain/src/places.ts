/**
 * Place reference data (DESIGN.md §7, SPEC.md §3 "County reference data"): the 42 counties built in,
 * the locality shape the SIRUTA importer produces, and the name helpers both the importer and the
 * locality picker use.
 *
 * Spelling: every name uses the comma-below letters ș ț, the correct Romanian ones. SPEC.md writes
 * "Bucureşti" with the legacy cedilla ş, an artefact of old 8-bit encodings, not a different name; we
 * write "București" like every other county so one spelling rule holds for the whole list. Lookups by
 * name go through `simplify`, so 'Bucureşti', 'București' and 'Bucuresti' all find it.
 */
import { normalizeSearchText } from './text';

// `siruta` is the county number in the register's JUD column, read from the INS register (2025_S1):
// 1..39 in the historical alphabetical order, București 40, then the counties created in 1981
// (Călărași 51, Giurgiu 52). Ilfov kept its old number, 23.
const COUNTY_TABLE = [
  { auto: 'AB', nume: 'Alba', siruta: 1 },
  { auto: 'AR', nume: 'Arad', siruta: 2 },
  { auto: 'AG', nume: 'Argeș', siruta: 3 },
  { auto: 'BC', nume: 'Bacău', siruta: 4 },
  { auto: 'BH', nume: 'Bihor', siruta: 5 },
  { auto: 'BN', nume: 'Bistrița-Năsăud', siruta: 6 },
  { auto: 'BT', nume: 'Botoșani', siruta: 7 },
  { auto: 'BV', nume: 'Brașov', siruta: 8 },
  { auto: 'BR', nume: 'Brăila', siruta: 9 },
  { auto: 'B', nume: 'București', siruta: 40 },
  { auto: 'BZ', nume: 'Buzău', siruta: 10 },
  { auto: 'CS', nume: 'Caraș-Severin', siruta: 11 },
  { auto: 'CL', nume: 'Călărași', siruta: 51 },
  { auto: 'CJ', nume: 'Cluj', siruta: 12 },
  { auto: 'CT', nume: 'Constanța', siruta: 13 },
  { auto: 'CV', nume: 'Covasna', siruta: 14 },
  { auto: 'DB', nume: 'Dâmbovița', siruta: 15 },
  { auto: 'DJ', nume: 'Dolj', siruta: 16 },
  { auto: 'GL', nume: 'Galați', siruta: 17 },
  { auto: 'GR', nume: 'Giurgiu', siruta: 52 },
  { auto: 'GJ', nume: 'Gorj', siruta: 18 },
  { auto: 'HR', nume: 'Harghita', siruta: 19 },
  { auto: 'HD', nume: 'Hunedoara', siruta: 20 },
  { auto: 'IL', nume: 'Ialomița', siruta: 21 },
  { auto: 'IS', nume: 'Iași', siruta: 22 },
  { auto: 'IF', nume: 'Ilfov', siruta: 23 },
  { auto: 'MM', nume: 'Maramureș', siruta: 24 },
  { auto: 'MH', nume: 'Mehedinți', siruta: 25 },
  { auto: 'MS', nume: 'Mureș', siruta: 26 },
  { auto: 'NT', nume: 'Neamț', siruta: 27 },
  { auto: 'OT', nume: 'Olt', siruta: 28 },
  { auto: 'PH', nume: 'Prahova', siruta: 29 },
  { auto: 'SM', nume: 'Satu Mare', siruta: 30 },
  { auto: 'SJ', nume: 'Sălaj', siruta: 31 },
  { auto: 'SB', nume: 'Sibiu', siruta: 32 },
  { auto: 'SV', nume: 'Suceava', siruta: 33 },
  { auto: 'TR', nume: 'Teleorman', siruta: 34 },
  { auto: 'TM', nume: 'Timiș', siruta: 35 },
  { auto: 'TL', nume: 'Tulcea', siruta: 36 },
  { auto: 'VS', nume: 'Vaslui', siruta: 37 },
  { auto: 'VL', nume: 'Vâlcea', siruta: 38 },
  { auto: 'VN', nume: 'Vrancea', siruta: 39 },
] as const satisfies readonly { auto: string; nume: string; siruta: number }[];

/** A county's car registration code: 'AB' … 'VN', and 'B' for București. */
export type CountyAuto = (typeof COUNTY_TABLE)[number]['auto'];

/** A county: registration code, proper name with diacritics, SIRUTA county number (JUD). */
export interface County {
  readonly auto: CountyAuto;
  readonly nume: string;
  readonly siruta: number;
}

/** A locality of a county, as SPEC.md §3 describes it. */
export interface Locality {
  nume: string;
  /** The name without diacritics; present only when it differs from `nume`. */
  simplu?: string;
  /** The parent commune/town in plain ASCII; absent for towns, communes and cities themselves. */
  comuna?: string;
}

/** The 41 counties and București, in Romanian alphabetical order. */
export const COUNTIES: readonly County[] = COUNTY_TABLE;

const ROMANIAN_LETTERS = /[ăâîșşțţĂÂÎȘŞȚŢ]/g;
// prettier-ignore
const PLAIN_LETTER: Readonly<Record<string, string>> = {
  ă: 'a', â: 'a', î: 'i', ș: 's', ş: 's', ț: 't', ţ: 't',
  Ă: 'A', Â: 'A', Î: 'I', Ș: 'S', Ş: 'S', Ț: 'T', Ţ: 'T',
};
const NON_ASCII = /[^\p{ASCII}]/u;
const COMBINING_MARKS = /\p{M}/gu;

/** The ASCII form of a name: 'Bărăbanț' → 'Barabant', 'ŞTEFAN' → 'STEFAN' (case is kept). */
export function simplify(name: string): string {
  // A table for the Romanian letters keeps the importer fast (it simplifies every name of the register);
  // anything else, like a Hungarian 'ő' or a decomposed 'ș', goes through canonical decomposition.
  const plain = name.replace(ROMANIAN_LETTERS, (letter) => PLAIN_LETTER[letter] ?? letter);
  return NON_ASCII.test(plain) ? plain.normalize('NFD').replace(COMBINING_MARKS, '').normalize('NFC') : plain;
}

const CEDILLA_TO_COMMA: Readonly<Record<string, string>> = { ş: 'ș', ţ: 'ț', Ş: 'Ș', Ţ: 'Ț' };
const CEDILLA_LETTERS = /[şţŞŢ]/g;

/** Text in NFC with the legacy cedilla letters ş ţ Ş Ţ replaced by the correct comma-below ș ț Ș Ț. */
export function toCommaBelow(text: string): string {
  // NFC first: a decomposed 's' + combining cedilla becomes 'ş', which the map then fixes.
  return text.normalize('NFC').replace(CEDILLA_LETTERS, (letter) => CEDILLA_TO_COMMA[letter] ?? letter);
}

const BY_AUTO = new Map<string, County>(COUNTIES.map((c) => [c.auto, c]));
const BY_SIRUTA = new Map<number, County>(COUNTIES.map((c) => [c.siruta, c]));
const BY_NAME = new Map<string, County>(COUNTIES.map((c) => [simplify(c.nume).toLowerCase(), c]));

/** The county with this registration code ('cj', ' CJ ' are accepted), or undefined. */
export function countyByAuto(auto: string): County | undefined {
  return BY_AUTO.get(auto.trim().toUpperCase());
}

/** The county with this SIRUTA county number (the JUD column), or undefined. */
export function countyBySiruta(jud: number): County | undefined {
  return BY_SIRUTA.get(jud);
}

/** The county with this name, ignoring case and diacritics ('Bucureşti', 'arges'), or undefined. */
export function countyByName(name: string): County | undefined {
  return BY_NAME.get(simplify(name.trim()).toLowerCase());
}

// Small words Romanian writes in lower case inside a place name: 'Curtea de Argeș', 'Valea lui Mihai',
// 'Aninișu din Deal', 'Remeți pe Someș', 'Lunca la Tisa', 'Băița de sub Codru', 'Valea cu Apă',
// 'Ștefan cel Mare'. 'in' is 'în' as INS writes it without the circumflex ('Vale in Jos').
const PARTICLES = new Set(['de', 'din', 'lui', 'pe', 'sub', 'la', 'cu', 'cel', 'în', 'in']);
// Roman numerals stay upper case ('Gersa II'). VII is left out on purpose: in place names it is the
// word "vii" (vineyards), as in 'Apele Vii' or 'Ardud-Vii', never the number seven.
const ROMAN_NUMERAL = /^(?:I{1,3}|IV|VI?|IX|X{1,3})$/;
const SEPARATORS = /([^\p{L}\p{N}]+)/u;
const BLANK = /^\s+$/u;

/** SIRUTA's upper-case name in normal Romanian capitalisation: 'BAIA DE ARIEȘ' → 'Baia de Arieș'. */
export function titleCaseRo(upperName: string): string {
  // split with a capture group alternates words (even indexes) and separators (odd indexes).
  const parts = upperName.trim().split(SEPARATORS);
  const wordIndexes = parts.flatMap((part, i) => (i % 2 === 0 && part !== '' ? [i] : []));
  const first = wordIndexes[0];
  const last = wordIndexes[wordIndexes.length - 1];
  return parts
    .map((part, i) => {
      if (i % 2 === 1 || part === '') return part;
      const lower = part.toLowerCase();
      const spaced = BLANK.test(parts[i - 1] ?? '') && BLANK.test(parts[i + 1] ?? '');
      if (i !== first && i !== last && spaced && PARTICLES.has(lower)) return lower;
      if (i !== first && ROMAN_NUMERAL.test(part)) return part;
      return lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join('');
}

// Hyphens and dots count as spaces so 'abrud sat' finds 'Abrud-Sat' and 'ca rosetti' 'C.A. Rosetti'.
const PUNCTUATION = /[-.,'’()]+/g;

function searchKey(text: string): string {
  return normalizeSearchText(text.replace(PUNCTUATION, ' '));
}

/**
 * Localities whose name contains the query, ignoring case and diacritics: names starting with it first,
 * then names with a word starting with it, then the other matches, each group in the list's order.
 */
export function searchLocalities<T extends Locality>(list: readonly T[], query: string): T[] {
  const q = searchKey(query);
  if (q === '') return [...list];
  const starts: T[] = [];
  const wordStarts: T[] = [];
  const contains: T[] = [];
  for (const locality of list) {
    const key = searchKey(locality.nume);
    if (key.startsWith(q)) starts.push(locality);
    else if (key.includes(` ${q}`)) wordStarts.push(locality);
    else if (key.includes(q)) contains.push(locality);
  }
  return [...starts, ...wordStarts, ...contains];
}
