import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_GROUPS,
  catalogueEntryById,
  catalogueEntryByName,
  catalogueGroupName,
  catalogueOfKind,
  isBridge,
  isCrown,
  isEndodontic,
  isExtraction,
  isImplant,
  isSingleCrown,
  MATERIALS,
  requiresTooth,
  searchCatalogue,
  TREATMENT_CATALOGUE,
  TREATMENT_KINDS,
  treatmentKindOf,
} from './catalogue';
import { normalizeSearchText } from './text';

const ids = TREATMENT_CATALOGUE.map((entry) => entry.id);
const named = (pattern: RegExp) => TREATMENT_CATALOGUE.filter((entry) => pattern.test(entry.name));

describe('the catalogue as a whole (SPEC.md §9 id rules)', () => {
  it('holds about 100 procedures', () => {
    expect(TREATMENT_CATALOGUE.length).toBeGreaterThanOrEqual(90);
    expect(TREATMENT_CATALOGUE.length).toBeLessThanOrEqual(120);
  });

  it('has no two procedures with the same id', () => {
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has no two procedures with the same name, even ignoring case and diacritics', () => {
    const names = TREATMENT_CATALOGUE.map((entry) => normalizeSearchText(entry.name));
    expect(new Set(names).size).toBe(names.length);
  });

  it('uses positive ids written with at most one decimal (1.10 would equal 1.1)', () => {
    for (const id of ids) {
      expect(id).toBeGreaterThan(0);
      expect(Math.round(id * 10)).toBe(id * 10);
    }
  });

  it('names every crown "coroană …" or "punte …" and gives every id below 2 a crown or a bridge', () => {
    for (const entry of TREATMENT_CATALOGUE.filter((candidate) => candidate.id < 2)) {
      expect(entry.name).toMatch(/^(coroană|punte) /);
    }
    for (const entry of named(/^coroană /)) expect(entry.id).toBeLessThan(2);
  });

  it('gives every bridge a name containing "punte", an id 0.x and a fill', () => {
    const bridges = TREATMENT_CATALOGUE.filter((entry) => isBridge(entry.name));
    expect(bridges.length).toBeGreaterThanOrEqual(4);
    for (const entry of bridges) {
      expect(entry.id).toBeGreaterThan(0);
      expect(entry.id).toBeLessThan(1);
      expect(entry.fill).toMatch(/^#[0-9A-F]{6}$/i);
    }
    expect(TREATMENT_CATALOGUE.filter((entry) => entry.id < 1).every((entry) => isBridge(entry.name))).toBe(
      true,
    );
  });

  it('gives every crown a fill colour for the chart', () => {
    for (const entry of TREATMENT_CATALOGUE.filter((candidate) => isCrown(candidate.id))) {
      expect(entry.fill).toMatch(/^#[0-9A-F]{6}$/i);
    }
  });

  it('has exactly one extraction (id 3) and one implant (id 4)', () => {
    expect(TREATMENT_CATALOGUE.filter((entry) => isExtraction(entry.id)).map((entry) => entry.name)).toEqual([
      'extracție dentară',
    ]);
    expect(TREATMENT_CATALOGUE.filter((entry) => isImplant(entry.id)).map((entry) => entry.name)).toEqual([
      'implant dentar',
    ]);
  });

  it('keeps endodontic treatments within 5 to 6 and names them as such', () => {
    const endodontic = TREATMENT_CATALOGUE.filter((entry) => isEndodontic(entry.id));
    expect(endodontic.length).toBeGreaterThanOrEqual(5);
    expect(endodontic.map((entry) => entry.name)).toEqual(
      expect.arrayContaining(['tratament endodontic monoradicular', 'retratament endodontic monoradicular']),
    );
    for (const entry of named(/endodontic/)) expect(isEndodontic(entry.id)).toBe(true);
  });

  it('puts every procedure of no kind at group × 100 + n, so none falls in a kind range', () => {
    for (const entry of TREATMENT_CATALOGUE.filter((candidate) => treatmentKindOf(candidate.id) === null)) {
      expect(Number.isInteger(entry.id)).toBe(true);
      expect(entry.id).toBeGreaterThanOrEqual(7);
      expect(Math.floor(entry.id / 100)).toBe(entry.group);
    }
  });

  it('gives every procedure a known group and every group a procedure', () => {
    const groupIds = CATALOGUE_GROUPS.map((group) => group.id);
    expect(new Set(groupIds).size).toBe(groupIds.length);
    for (const entry of TREATMENT_CATALOGUE) expect(groupIds).toContain(entry.group);
    for (const id of groupIds) expect(TREATMENT_CATALOGUE.some((entry) => entry.group === id)).toBe(true);
  });

  it('uses only #rrggbb colours, and different ones for the crown materials', () => {
    for (const entry of TREATMENT_CATALOGUE) if (entry.fill) expect(entry.fill).toMatch(/^#[0-9A-F]{6}$/i);
    const fills = Object.values(MATERIALS).map((material) => material.fill);
    expect(new Set(fills).size).toBe(fills.length);
  });

  it.each([
    ['consultație', false],
    ['control periodic', false],
    ['detartraj ultrasonic', false],
    ['periaj profesional', false],
    ['airflow', false],
    ['radiografie panoramică (OPG)', false],
    ['tomografie computerizată CBCT', false],
    ['proteză totală acrilică', false],
    ['aparat ortodontic fix metalic', false],
    ['sigilare', true],
    ['obturație compozit două suprafețe', true],
    ['obturație ciment ionomer de sticlă o suprafață', true],
    ['obturație amalgam o suprafață', true],
    ['coroană zirconiu monolitic', true],
    ['punte metalo-ceramică', true],
    ['extracție dentară', true],
    ['implant dentar', true],
    ['tratament endodontic pluriradicular', true],
    ['radiografie retroalveolară', true],
  ])('%s: a tooth must be chosen → %s', (name, dinteDD) => {
    expect(catalogueEntryByName(name)?.dinteDD).toBe(dinteDD);
  });

  it.each([
    'consultație',
    'control periodic',
    'fluorizare',
    'coroană metalo-ceramică',
    'coroană integral ceramică e.max',
    'coroană provizorie',
    'coroană zirconiu pe implant',
    'punte zirconiu',
    'punte provizorie',
    'adiție osoasă',
    'sinus lift extern',
    'membrană resorbabilă',
    'bont protetic pe implant',
    'retratament endodontic pluriradicular',
    'pulpotomie',
    'drenaj endodontic',
    'chiuretaj subgingival',
    'gingivectomie',
    'proteză scheletată',
    'gutieră de relaxare (bruxism)',
    'aparat ortodontic mobil',
    'contenție fixă (fir lingual)',
    'extracție dinte temporar',
    'menținător de spațiu',
    'fluorizare la copii',
  ])('offers %s', (name) => {
    expect(catalogueEntryByName(name)).toBeDefined();
  });
});

describe('kind predicates', () => {
  it.each([
    // id, crown, extraction, implant, endodontic, kind
    [0.1, true, false, false, false, 'crown'],
    [1, true, false, false, false, 'crown'],
    [1.9, true, false, false, false, 'crown'],
    [1.99, true, false, false, false, 'crown'],
    [2, false, false, false, false, null],
    [3, false, true, false, false, 'extraction'],
    [3.1, false, false, false, false, null],
    [4, false, false, true, false, 'implant'],
    [4.5, false, false, false, false, null],
    [4.99, false, false, false, false, null],
    [5, false, false, false, true, 'endodontic'],
    [5.5, false, false, false, true, 'endodontic'],
    [6, false, false, false, true, 'endodontic'],
    [6.1, false, false, false, false, null],
    [7, false, false, false, false, null],
    [101, false, false, false, false, null],
    [0, false, false, false, false, null],
    [-1, false, false, false, false, null],
    [Number.NaN, false, false, false, false, null],
    [null, false, false, false, false, null],
    [undefined, false, false, false, false, null],
  ])(
    '%s → crown %s, extraction %s, implant %s, endodontic %s',
    (id, crown, extraction, implant, endo, kind) => {
      expect(isCrown(id)).toBe(crown);
      expect(isExtraction(id)).toBe(extraction);
      expect(isImplant(id)).toBe(implant);
      expect(isEndodontic(id)).toBe(endo);
      expect(treatmentKindOf(id)).toBe(kind);
    },
  );

  it.each([
    ['punte metalo-ceramică', true],
    ['Punte zirconiu', true],
    ['PUNTE PROVIZORIE', true],
    ['  punte  ', true],
    ['o punte nouă', true],
    ['coroană metalo-ceramică', false],
    ['pune', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('isBridge(%j) → %s', (name, expected) => {
    expect(isBridge(name)).toBe(expected);
  });

  it.each([
    [1, 'coroană metalo-ceramică', true],
    [0.2, 'punte zirconiu', false],
    [3, 'extracție dentară', false],
    [null, 'coroană metalo-ceramică', false],
  ])('isSingleCrown(%s, %j) → %s', (id, name, expected) => {
    expect(isSingleCrown(id, name)).toBe(expected);
  });
});

describe('the kind filters of SPEC.md §4', () => {
  it('are the four labels, in order', () => {
    expect(TREATMENT_KINDS.map((kind) => [kind.id, kind.label])).toEqual([
      ['crown', 'adaugă coroană'],
      ['extraction', 'extracție'],
      ['implant', 'implant'],
      ['endodontic', 'tratament endodontic'],
    ]);
  });

  it.each([
    ['crown', (id: number) => id < 2],
    ['extraction', (id: number) => id === 3],
    ['implant', (id: number) => id === 4],
    ['endodontic', (id: number) => id >= 5 && id <= 6],
  ] as const)('%s lists exactly the catalogue ids of its range', (kind, inRange) => {
    const listed = catalogueOfKind(kind);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.map((entry) => entry.id)).toEqual(ids.filter(inRange));
  });

  it('lists the bridges under "adaugă coroană"', () => {
    expect(catalogueOfKind('crown').some((entry) => isBridge(entry.name))).toBe(true);
  });
});

describe('lookups', () => {
  it.each([
    [3, 'extracție dentară'],
    [4, 'implant dentar'],
    [1, 'coroană metalo-ceramică'],
    [0.1, 'punte metalo-ceramică'],
    [1202, 'radiografie panoramică (OPG)'],
  ])('catalogueEntryById(%s) is %s', (id, name) => {
    expect(catalogueEntryById(id)?.name).toBe(name);
  });

  it.each([2, 999, null, undefined, Number.NaN])('catalogueEntryById(%s) is undefined', (id) => {
    expect(catalogueEntryById(id)).toBeUndefined();
  });

  it.each([
    ['EXTRACTIE DENTARA', 3],
    ['  coroană   metalo-ceramică ', 1],
    ['punte zirconiu', 0.2],
    ['obturatie compozit o suprafata', 301],
  ])('catalogueEntryByName(%j) finds id %s', (name, id) => {
    expect(catalogueEntryByName(name)?.id).toBe(id);
  });

  it.each(['necunoscut', '', null])('catalogueEntryByName(%j) is undefined', (name) => {
    expect(catalogueEntryByName(name)).toBeUndefined();
  });

  it.each([
    [1, 'Consultații'],
    [5, 'Punți'],
    [8, 'Endodonție'],
    [99, undefined],
  ])('group %i is %s', (groupId, name) => {
    expect(catalogueGroupName(groupId)).toBe(name);
  });

  it.each([
    [{ name: 'consultație', dinteDD: false }, false],
    [{ name: 'obturație provizorie', dinteDD: true }, true],
    [{ name: 'punte zirconiu', dinteDD: false }, true], // a bridge always needs its start tooth
  ])('requiresTooth(%j) → %s', (entry, expected) => {
    expect(requiresTooth(entry)).toBe(expected);
  });

  it.each([
    ['punte', 8],
    ['PUNTE', 8],
    ['obturatie amalgam', 2],
    ['zzz', 0],
  ])('searchCatalogue(%j) finds %i', (query, count) => {
    expect(searchCatalogue(query)).toHaveLength(count);
  });

  it('searchCatalogue("") lists everything', () => {
    expect(searchCatalogue('  ')).toHaveLength(TREATMENT_CATALOGUE.length);
  });
});
