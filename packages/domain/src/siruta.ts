/**
 * The SIRUTA importer: turns the INS register of localities (CSV text) into the per-county locality
 * lists of SPEC.md §3. Pure: the caller reads and decodes the file.
 *
 * Which rows become localities, and why:
 * - NIV 1 rows are the counties. They only tell which county a row belongs to, through JUD; the
 *   counties themselves are built in (places.ts).
 * - NIV 2 rows (municipalities, towns, communes) are localities without `comuna`, named without their
 *   administrative prefix ('MUNICIPIUL ALBA IULIA' → 'Alba Iulia', 'ORAȘ ABRUD' → 'Abrud',
 *   'COMUNA ALBAC' → 'Albac'): a patient says "I live in Abrud", and a commune name is what people
 *   write when their village is its seat.
 * - NIV 3 rows (component localities and villages) are localities with `comuna` = the ASCII name of
 *   their NIV 2 parent, because village names repeat under different communes and the commune tells
 *   them apart.
 * - A NIV 3 row whose name equals its parent's (ignoring diacritics, case and punctuation) is the
 *   parent itself: 'ALBA IULIA' under 'MUNICIPIUL ALBA IULIA' is the city's own seat, 'ALBAC' under
 *   'ALBAC' the commune's seat village. It is listed once, as the town or commune. If the parent's
 *   name has no diacritics and the child's has, the child's spelling wins: INS's known regressions
 *   drop every diacritic of a name ('CUZA VODA' commune with its seat 'CUZA VODĂ').
 * - A seat with another name than its commune ('CERGĂU MARE', seat of 'CERGĂU') stays a village of it,
 *   so both names can be found.
 * - București: the sectors (TIP 6) are its localities, 'Sector 1' … 'Sector 6', without `comuna`; the
 *   municipality they belong to is not listed, because in the picker the city is the county.
 * - The same name and commune twice in a county is listed once. Each county's list is sorted by name
 *   in Romanian collation, then by commune.
 */
import {
  countyBySiruta,
  simplify,
  titleCaseRo,
  toCommaBelow,
  type CountyAuto,
  type Locality,
} from './places';

/** The importer's answer: localities per county (by registration code) and counts for the admin screen. */
export interface SirutaResult {
  /** Only the counties the file has localities for; each list sorted by name. */
  localitati: Partial<Record<CountyAuto, Locality[]>>;
  counts: { counties: number; localities: number };
}

/** The text is not a SIRUTA register the importer understands; `message` is Romanian, shown to the admin. */
export class SirutaFormatError extends Error {
  override readonly name = 'SirutaFormatError';
  /** The 1-based line of the file the problem is on, when it is on one line. */
  readonly line: number | undefined;

  constructor(message: string, line?: number) {
    super(line === undefined ? message : `Linia ${line}: ${message}`);
    this.line = line;
  }
}

// Found by header name: editions add, drop and reorder the other columns (FSL, NUTS, LAU, REGIUNE...).
const COLUMNS = ['SIRUTA', 'DENLOC', 'JUD', 'SIRSUP', 'TIP', 'NIV'] as const;
type Column = (typeof COLUMNS)[number];

const TIP_SECTOR = 6;
const UNIT_PREFIX = /^(?:MUNICIPIUL|ORA[ȘS](?:UL)?|COMUNA)\s+/iu;
const SECTOR_NUMBER = /SECTOR(?:UL)?\s*(\d+)/iu;
const NOT_ALPHANUMERIC = /[^A-Z0-9]/g;

interface Row {
  line: number;
  code: number;
  name: string;
  county: CountyAuto;
  parent: number;
  tip: number;
  niv: number;
}

interface Unit {
  row: Row;
  nume: string;
  hasSectors: boolean;
}

/** Parses a SIRUTA register (any edition's CSV layout) into per-county localities; throws SirutaFormatError. */
export function parseSiruta(csvText: string): SirutaResult {
  const rows = readRows(csvText);
  const codes = new Set(rows.map((r) => r.code));

  const units = new Map<number, Unit>();
  for (const row of rows) {
    if (row.niv === 2) {
      units.set(row.code, { row, nume: cleanName(row.name.replace(UNIT_PREFIX, '')), hasSectors: false });
    }
  }

  const lists = new Map<CountyAuto, Locality[]>();
  const add = (county: CountyAuto, nume: string, comuna?: string): void => {
    const list = lists.get(county) ?? [];
    lists.set(county, list);
    const simplu = simplify(nume);
    list.push({ nume, ...(simplu === nume ? {} : { simplu }), ...(comuna === undefined ? {} : { comuna }) });
  };

  // Villages are added after every seat is seen, so `comuna` uses the unit's final spelling.
  const villages: { county: CountyAuto; nume: string; unit: Unit }[] = [];
  for (const row of rows) {
    if (row.niv !== 3) continue;
    const nume = cleanName(row.name);
    const unit = units.get(row.parent);
    if (row.tip === TIP_SECTOR) {
      if (unit) unit.hasSectors = true;
      add(row.county, sectorName(nume));
    } else if (unit === undefined) {
      if (!codes.has(row.parent)) {
        throw new SirutaFormatError(
          `„${nume}” aparține unității SIRSUP ${row.parent}, care lipsește din fișier.`,
          row.line,
        );
      }
      add(row.county, nume); // directly under a county: a top-level place
    } else if (sameName(nume, unit.nume)) {
      if (simplify(unit.nume) === unit.nume && simplify(nume) !== nume) unit.nume = nume;
    } else {
      villages.push({ county: row.county, nume, unit });
    }
  }
  for (const { county, nume, unit } of villages) add(county, nume, simplify(unit.nume));
  for (const unit of units.values()) {
    if (!unit.hasSectors) add(unit.row.county, unit.nume);
  }

  const localitati: Partial<Record<CountyAuto, Locality[]>> = {};
  let localities = 0;
  for (const [county, list] of lists) {
    const sorted = uniqueSorted(list);
    localitati[county] = sorted;
    localities += sorted.length;
  }
  if (localities === 0) throw new SirutaFormatError('Fișierul SIRUTA nu conține nicio localitate.');
  return { localitati, counts: { counties: lists.size, localities } };
}

/** Upper-case register name → display name: spacing tidied, normal capitalisation. */
function cleanName(raw: string): string {
  // 'SÂRBII - MĂGURA' is the only name spaced around its hyphen; the usual spelling has none.
  return titleCaseRo(
    raw
      .replace(/\s*-\s*/gu, '-')
      .replace(/\s+/gu, ' ')
      .trim(),
  );
}

function sectorName(nume: string): string {
  const number = SECTOR_NUMBER.exec(nume)?.[1];
  return number === undefined ? nume : `Sector ${Number(number)}`;
}

function sameName(a: string, b: string): boolean {
  return nameKey(a) === nameKey(b);
}

function nameKey(name: string): string {
  return simplify(name).toUpperCase().replace(NOT_ALPHANUMERIC, '');
}

const collator = new Intl.Collator('ro');

function uniqueSorted(list: readonly Locality[]): Locality[] {
  const seen = new Set<string>();
  const unique = list.filter((l) => {
    const key = `${l.nume}\u0000${l.comuna ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.sort(
    (a, b) => collator.compare(a.nume, b.nume) || collator.compare(a.comuna ?? '', b.comuna ?? ''),
  );
}

/** Splits the text into typed rows, checking the header and every value the importer relies on. */
function readRows(csvText: string): Row[] {
  // Normalising the whole text once makes ş/ș and ţ/ț (and decomposed letters) one spelling everywhere.
  const lines = toCommaBelow(csvText.replace(/^\uFEFF/u, '')).split(/\r\n|\r|\n/u);
  const headerIndex = lines.findIndex((l) => l.trim() !== '');
  const headerLine = lines[headerIndex];
  if (headerLine === undefined) throw new SirutaFormatError('Fișierul SIRUTA este gol.');

  const separator = detectSeparator(headerLine);
  const header = splitFields(headerLine, separator).map((h) => h.toUpperCase());
  const missing = COLUMNS.filter((c) => !header.includes(c));
  if (missing.length > 0) {
    throw new SirutaFormatError(
      `Fișierul nu este un registru SIRUTA: lipsesc coloanele ${missing.join(', ')} ` +
        `(sunt necesare ${COLUMNS.join(', ')}).`,
    );
  }
  const index = Object.fromEntries(COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<Column, number>;
  const needed = Math.max(...Object.values(index)) + 1;

  const rows: Row[] = [];
  const codes = new Set<number>();
  for (let i = headerIndex + 1; i < lines.length; i++) {
    const text = lines[i] ?? '';
    if (text.trim() === '') continue;
    const line = i + 1;
    const fields = splitFields(text, separator);
    if (fields.length < needed) {
      throw new SirutaFormatError(
        `are ${fields.length} coloane, dar antetul cere cel puțin ${needed}.`,
        line,
      );
    }
    const at = { fields, index, line };
    const jud = numberAt(at, 'JUD');
    const county = countyBySiruta(jud);
    if (county === undefined)
      throw new SirutaFormatError(`codul de județ JUD ${jud} nu este cunoscut.`, line);
    const code = numberAt(at, 'SIRUTA');
    if (codes.has(code)) throw new SirutaFormatError(`codul SIRUTA ${code} apare de două ori.`, line);
    codes.add(code);
    const name = fields[index.DENLOC] ?? '';
    if (name === '') throw new SirutaFormatError('denumirea (DENLOC) lipsește.', line);
    const [parent, tip, niv] = [numberAt(at, 'SIRSUP'), numberAt(at, 'TIP'), numberAt(at, 'NIV')];
    rows.push({ line, code, name, county: county.auto, parent, tip, niv });
  }
  return rows;
}

interface Cells {
  fields: readonly string[];
  index: Readonly<Record<Column, number>>;
  line: number;
}

function numberAt({ fields, index, line }: Cells, column: Column): number {
  const value = fields[index[column]] ?? '';
  if (!/^\d+$/u.test(value))
    throw new SirutaFormatError(`valoarea „${value}” din coloana ${column} nu este un număr.`, line);
  return Number(value);
}

/** The separator the header uses most: ';' in the INS exports, ',' in some re-publications. */
function detectSeparator(header: string): string {
  const count = (s: string): number => header.split(s).length - 1;
  return [';', ',', '\t'].reduce((best, s) => (count(s) > count(best) ? s : best));
}

/** One CSV line's fields, unquoted ("a ""b""" → a "b") and trimmed. Quoted line breaks are not supported. */
function splitFields(line: string, separator: string): string[] {
  if (!line.includes('"')) return line.split(separator).map((f) => f.trim());
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line.charAt(i);
    if (quoted && ch === '"' && line.charAt(i + 1) === '"') {
      field += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (ch === separator && !quoted) {
      fields.push(field.trim());
      field = '';
    } else {
      field += ch;
    }
  }
  fields.push(field.trim());
  return fields;
}
