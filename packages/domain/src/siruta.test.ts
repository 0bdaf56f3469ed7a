/// <reference types="node" />
// Node types for this test only: it reads the fixtures and the real register from disk.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COUNTIES, countyBySiruta, simplify, titleCaseRo, type CountyAuto, type Locality } from './places';
import { parseSiruta, SirutaFormatError, type SirutaResult } from './siruta';

const fixture = (name: string): string =>
  readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
const base = fixture('siruta-2025.csv');

// What SPEC.md §3 asks for, worked out by hand from the fixture's rows.
const EXPECTED: SirutaResult = {
  localitati: {
    AB: [
      { nume: 'Baia de Sus' }, // 'ORAȘ BAIA DE SUS' and its own seat, once
      { nume: 'Baia de Sus-Sat', comuna: 'Baia de Sus' },
      { nume: 'Dealu Mare' }, // a commune and its seat village of the same name, once
      { nume: 'Gârla II', simplu: 'Garla II', comuna: 'Dealu Mare' },
      { nume: 'Pădureni', simplu: 'Padureni' }, // commune 'PADURENI' lost its diacritics; its seat kept them
      { nume: 'Piatra Albă', simplu: 'Piatra Alba' },
      { nume: 'Poiana', comuna: 'Dealu Mare' }, // the same village name under two units
      { nume: 'Poiana', comuna: 'Piatra Alba' },
      { nume: 'Roșieni', simplu: 'Rosieni' }, // 'COMUNA ROȘIENI' and its village 'ROȘIENI' (not the seat)
      { nume: 'Roșienii de Jos', simplu: 'Rosienii de Jos', comuna: 'Rosieni' }, // a seat with its own name
      { nume: 'Săliște-Deal', simplu: 'Saliste-Deal', comuna: 'Padureni' },
      { nume: 'Valea cu Apă', simplu: 'Valea cu Apa', comuna: 'Rosieni' },
      { nume: 'Valea lui Ștefan', simplu: 'Valea lui Stefan', comuna: 'Piatra Alba' },
    ],
    CJ: [
      { nume: 'Poiana', comuna: 'Turnu de Cris' },
      { nume: 'Turnu de Criș', simplu: 'Turnu de Cris' },
    ],
    B: [1, 2, 3, 4, 5, 6].map((n) => ({ nume: `Sector ${n}` })),
  },
  counts: { counties: 3, localities: 21 },
};

describe('parseSiruta on the fixture', () => {
  it('lists each town, commune and village once, as SPEC.md §3 describes', () => {
    expect(parseSiruta(base)).toEqual(EXPECTED);
  });

  it.each([
    ['2026 layout: cedilla ş ţ, FSL dropped, LAU added', fixture('siruta-2026.csv')],
    [
      '2024 layout: "," separated, quoted, cedilla, no NUTS, BOM, CRLF, no final newline',
      fixture('siruta-2024.csv'),
    ],
    ['CRLF line ends', base.replace(/\n/g, '\r\n')],
    ['a BOM and no final newline', `\uFEFF${base.trimEnd()}`],
    ['blank lines', `\n${base.replace(/\n/g, '\n\n')}`],
    ['letters in decomposed form (NFD)', base.normalize('NFD')],
    ['lower-case header names', base.replace(/^[^\n]*/, (header) => header.toLowerCase())],
    ['columns in another order', reorderColumns(base, [6, 5, 4, 3, 2, 1, 0])],
    ['villages before their communes (rows reversed)', reverseRows(base)],
    ['quoted fields with doubled quotes in others', base.replace(/;RO(\d+)$/gm, ';"R""O$1"')],
  ])('gives the same result for %s', (_layout, text) => {
    expect(parseSiruta(text)).toEqual(EXPECTED);
  });

  it('lists a NIV 3 row directly under a county without comuna', () => {
    const text = `${base}9990;SATU ORFAN;0;12;912;23;3;0;6;13;0;RO113\n`;
    expect(parseSiruta(text).localitati.CJ).toContainEqual({ nume: 'Satu Orfan' });
  });

  it('lists the same name under the same unit once', () => {
    const text = `${base}9014;POIANA;0;1;9010;11;3;1;7;1;0;RO121\n`;
    expect(parseSiruta(text).counts.localities).toBe(21);
  });
});

describe('parseSiruta rejects what it cannot read', () => {
  const header = 'SIRUTA;DENLOC;CODP;JUD;SIRSUP;TIP;NIV';
  it.each([
    ['an empty file', '', 'Fișierul SIRUTA este gol.', undefined],
    ['blank lines only', '\r\n\n  \n', 'Fișierul SIRUTA este gol.', undefined],
    ['a header without rows', `${header}\n`, 'Fișierul SIRUTA nu conține nicio localitate.', undefined],
    [
      'another CSV',
      'nume,prenume,telefon\nPopescu,Ion,0722\n',
      'Fișierul nu este un registru SIRUTA: lipsesc coloanele SIRUTA, DENLOC, JUD, SIRSUP, TIP, NIV ' +
        '(sunt necesare SIRUTA, DENLOC, JUD, SIRSUP, TIP, NIV).',
      undefined,
    ],
    [
      'missing columns',
      'SIRUTA;DENLOC;JUD;TIP\n1;X;1;3\n',
      'Fișierul nu este un registru SIRUTA: lipsesc coloanele SIRSUP, NIV (sunt necesare SIRUTA, DENLOC, JUD, SIRSUP, TIP, NIV).',
      undefined,
    ],
    ['a short row', `${header}\n1;X;0;1\n`, 'Linia 2: are 4 coloane, dar antetul cere cel puțin 7.', 2],
    [
      'a text JUD',
      `${header}\n1;X;0;AB;1;3;2\n`,
      'Linia 2: valoarea „AB” din coloana JUD nu este un număr.',
      2,
    ],
    [
      'an unknown JUD',
      `${header}\n\n1;X;0;99;1;3;2\n`,
      'Linia 3: codul de județ JUD 99 nu este cunoscut.',
      3,
    ],
    ['an empty name', `${header}\n1;;0;1;1;3;2\n`, 'Linia 2: denumirea (DENLOC) lipsește.', 2],
    [
      'a repeated code',
      `${header}\n1;X;0;1;9;3;2\n1;Y;0;1;9;3;2\n`,
      'Linia 3: codul SIRUTA 1 apare de două ori.',
      3,
    ],
    [
      'a village without its commune',
      `${header}\n5;SATU MIC;0;1;4;23;3\n`,
      'Linia 2: „Satu Mic” aparține unității SIRSUP 4, care lipsește din fișier.',
      2,
    ],
  ])('%s', (_case, text, message, line) => {
    let error: unknown;
    try {
      parseSiruta(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SirutaFormatError);
    expect(error).toMatchObject({ name: 'SirutaFormatError', message, line });
  });
});

// The real INS register (../shared/data, next to the repository); reference data for tests only.
const REGISTER = new URL('../../../../shared/data/siruta.csv', import.meta.url);
const hasRegister = existsSync(REGISTER);

describe.skipIf(!hasRegister)('parseSiruta on the real SIRUTA register', () => {
  const text = hasRegister ? readFileSync(REGISTER, 'utf8') : '';
  const result = hasRegister ? parseSiruta(text) : EXPECTED;
  const all = Object.entries(result.localitati).flatMap(([auto, list]) =>
    (list ?? []).map((l) => ({ auto, ...l })),
  );
  const find = (auto: CountyAuto, nume: string): Locality[] =>
    (result.localitati[auto] ?? []).filter((l) => l.nume === nume);

  it('covers the 42 counties and about 13,850 localities', () => {
    expect(Object.keys(result.localitati).sort()).toEqual(COUNTIES.map((c) => c.auto).sort());
    expect(result.counts.counties).toBe(42);
    expect(result.counts.localities).toBe(all.length);
    // 2025_S1: 3,180 towns and communes + 13,749 localities under them − 3,084 that are a town's or
    // commune's own name + 6 sectors = 13,851. Editions differ by a few renames, hence the small margin.
    expect(result.counts.localities).toBeGreaterThanOrEqual(13_830);
    expect(result.counts.localities).toBeLessThanOrEqual(13_870);
  });

  it('gives București exactly Sector 1 … Sector 6, without comuna', () => {
    expect(result.localitati.B).toEqual([1, 2, 3, 4, 5, 6].map((n) => ({ nume: `Sector ${n}` })));
  });

  it('knows each county of the register by its JUD number and name', () => {
    const counties = text
      .split('\n')
      .map((line) => line.split(';'))
      .filter((fields) => fields[6] === '1') // NIV 1
      .map((fields) => ({
        jud: Number(fields[3]),
        name: titleCaseRo((fields[1] ?? '').replace(/^\S+ /u, '')),
      }));
    expect(counties).toHaveLength(42);
    for (const { jud, name } of counties) expect(countyBySiruta(jud)?.nume).toBe(name);
  });

  it.each([
    ['AB', 'Alba Iulia', [{ nume: 'Alba Iulia' }]],
    ['AB', 'Bărăbanț', [{ nume: 'Bărăbanț', simplu: 'Barabant', comuna: 'Alba Iulia' }]],
    ['AB', 'Albac', [{ nume: 'Albac' }]],
    ['AG', 'Curtea de Argeș', [{ nume: 'Curtea de Argeș', simplu: 'Curtea de Arges' }]],
    ['BH', 'Valea lui Mihai', [{ nume: 'Valea lui Mihai' }]],
    ['SM', 'Satu Mare', [{ nume: 'Satu Mare' }]],
    ['VL', 'Drăgășani', [{ nume: 'Drăgășani', simplu: 'Dragasani' }]],
    ['CJ', 'Cluj-Napoca', [{ nume: 'Cluj-Napoca' }]],
    ['TR', 'Roșiori de Vede', [{ nume: 'Roșiori de Vede', simplu: 'Rosiori de Vede' }]],
    ['CL', 'Cuza Vodă', [{ nume: 'Cuza Vodă', simplu: 'Cuza Voda' }]],
    ['AB', 'Cergău Mare', [{ nume: 'Cergău Mare', simplu: 'Cergau Mare', comuna: 'Cergau' }]],
  ])('%s has %s', (auto, nume, expected) => {
    expect(find(auto as CountyAuto, nume)).toEqual(expected);
  });

  it('repeats village names only under different communes', () => {
    const keys = all.map((l) => `${l.auto}|${l.nume}|${l.comuna ?? ''}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(all.filter((l) => l.nume === 'Poiana').length).toBeGreaterThan(10);
  });

  it('gives simplu exactly when the name has diacritics, and comuna in ASCII naming a listed town', () => {
    expect(
      all.filter((l) => l.simplu !== (simplify(l.nume) === l.nume ? undefined : simplify(l.nume))),
    ).toEqual([]);
    expect(all.filter((l) => l.simplu !== undefined).length).toBeGreaterThan(5000);
    const topLevel = new Set(
      all.filter((l) => l.comuna === undefined).map((l) => `${l.auto}|${simplify(l.nume)}`),
    );
    const villages = all.filter((l) => l.comuna !== undefined);
    expect(villages.length).toBeGreaterThan(10_000);
    expect(villages.filter((l) => !/^[\x20-\x7e]+$/.test(l.comuna ?? ''))).toEqual([]);
    expect(villages.filter((l) => !topLevel.has(`${l.auto}|${l.comuna ?? ''}`))).toEqual([]);
  });

  it('writes names in normal capitalisation, sorted in Romanian order', () => {
    const shouting = all.filter((l) => /\p{Lu}{2}/u.test(l.nume) && !/ I{1,3}$/.test(l.nume));
    expect(shouting).toEqual([]);
    for (const list of Object.values(result.localitati)) {
      const names = (list ?? []).map((l) => l.nume);
      expect([...names].sort((a, b) => a.localeCompare(b, 'ro'))).toEqual(names);
    }
  });

  it('reads the register rewritten in the 2026 layout the same way', () => {
    // FSL dropped, LAU = RO_<siruta> added on NIV 2 rows, cedilla letters, and CRLF for good measure.
    const rewritten = reorderColumns(text, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11])
      .split('\n')
      .map(
        (line, i) =>
          `${line};${i === 0 ? 'LAU' : line.split(';')[6] === '2' ? `RO_${line.split(';')[0]}` : ''}`,
      )
      .join('\r\n')
      .replace(/[șțȘȚ]/g, (l) => ({ ș: 'ş', ț: 'ţ', Ș: 'Ş', Ț: 'Ţ' })[l] ?? l);
    expect(rewritten.slice(0, 80)).toContain('FSJ;NUTS;LAU\r\n');
    expect(parseSiruta(rewritten)).toEqual(result);
  });
});

/** The same CSV (';' separated) with only the given columns, in that order. */
function reorderColumns(csv: string, order: readonly number[]): string {
  return csv
    .split('\n')
    .map((line) => (line === '' ? line : order.map((i) => line.split(';')[i] ?? '').join(';')))
    .join('\n');
}

/** The same CSV with its data rows in reverse order, the header still first. */
function reverseRows(csv: string): string {
  const [header = '', ...rows] = csv.trimEnd().split('\n');
  return [header, ...rows.reverse()].join('\n');
}
