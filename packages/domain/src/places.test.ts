import { describe, expect, it } from 'vitest';
import {
  COUNTIES,
  countyByAuto,
  countyByName,
  countyBySiruta,
  searchLocalities,
  simplify,
  titleCaseRo,
  toCommaBelow,
  type Locality,
} from './places';

// The registration codes every county picker must offer (41 counties + București).
const AUTOS = [
  ...['AB', 'AR', 'AG', 'BC', 'BH', 'BN', 'BT', 'BR', 'BV', 'BZ', 'CL', 'CS', 'CJ', 'CT'],
  ...['CV', 'DB', 'DJ', 'GL', 'GR', 'GJ', 'HR', 'HD', 'IL', 'IS', 'IF', 'MM', 'MH', 'MS'],
  ...['NT', 'OT', 'PH', 'SJ', 'SM', 'SB', 'SV', 'TR', 'TM', 'TL', 'VL', 'VS', 'VN', 'B'],
];

describe('COUNTIES', () => {
  it('has the 41 counties and București, each code and SIRUTA number once', () => {
    expect(COUNTIES).toHaveLength(42);
    expect(new Set(COUNTIES.map((c) => c.auto))).toEqual(new Set(AUTOS));
    expect(new Set(COUNTIES.map((c) => c.siruta)).size).toBe(42);
  });

  it('is in Romanian alphabetical order', () => {
    const names = COUNTIES.map((c) => c.nume);
    expect([...names].sort((a, b) => a.localeCompare(b, 'ro'))).toEqual(names);
  });

  it('writes names with comma-below ș ț, never the cedilla letters', () => {
    for (const c of COUNTIES) expect(c.nume).not.toMatch(/[şţŞŢ]/);
  });

  it.each([
    ['AB', 'Alba', 1],
    ['AG', 'Argeș', 3],
    ['BN', 'Bistrița-Năsăud', 6],
    ['CS', 'Caraș-Severin', 11],
    ['IF', 'Ilfov', 23],
    ['SM', 'Satu Mare', 30],
    ['VN', 'Vrancea', 39],
    ['B', 'București', 40],
    ['CL', 'Călărași', 51],
    ['GR', 'Giurgiu', 52],
  ])('%s is %s, JUD %i in the register', (auto, nume, siruta) => {
    expect(countyByAuto(auto)).toEqual({ auto, nume, siruta });
    expect(countyBySiruta(siruta)?.auto).toBe(auto);
  });
});

describe('county lookups', () => {
  it.each([
    ['CJ', 'Cluj'],
    ['cj', 'Cluj'],
    [' b ', 'București'],
    ['XX', undefined],
    ['', undefined],
  ])('countyByAuto(%j) → %s', (auto, nume) => {
    expect(countyByAuto(auto)?.nume).toBe(nume);
  });

  it.each([
    ['București', 'B'],
    ['Bucureşti', 'B'], // SPEC.md's cedilla spelling
    ['bucuresti', 'B'],
    ['ARGEȘ', 'AG'],
    ['Caras-Severin', 'CS'],
    ['Timiş', 'TM'],
    ['Atlantida', undefined],
  ])('countyByName(%j) → %s', (name, auto) => {
    expect(countyByName(name)?.auto).toBe(auto);
  });

  it('has no county for an unknown JUD number', () => {
    expect(countyBySiruta(41)).toBeUndefined();
  });
});

describe('simplify', () => {
  it.each([
    ['Bărăbanț', 'Barabant'],
    ['Sânmartin', 'Sanmartin'],
    ['Întorsura Buzăului', 'Intorsura Buzaului'],
    ['ȘTEFĂNEȘTI', 'STEFANESTI'],
    ['Ştefăneşti', 'Stefanesti'], // cedilla letters
    ['Țăndărei', 'Tandarei'],
    ['Ţăndărei', 'Tandarei'],
    ['Ș'.normalize('NFD') + 'ag', 'Sag'], // decomposed input
    ['Székelyudvarhely', 'Szekelyudvarhely'],
    ['Alba Iulia', 'Alba Iulia'],
    ['', ''],
  ])('%j → %j', (name, plain) => {
    expect(simplify(name)).toBe(plain);
  });
});

describe('toCommaBelow', () => {
  it.each([
    ['Ştefăneşti', 'Ștefănești'],
    ['ŢĂNDĂREI', 'ȚĂNDĂREI'],
    ['S\u0327i', 'Și'], // 'S' + combining cedilla
    ['Ș'.normalize('NFD'), 'Ș'],
    ['Argeș', 'Argeș'],
  ])('%j → %j', (text, fixed) => {
    expect(toCommaBelow(text)).toBe(fixed);
  });
});

describe('titleCaseRo', () => {
  it.each([
    ['ALBA IULIA', 'Alba Iulia'],
    ['BĂRĂBANȚ', 'Bărăbanț'],
    ['SATU MARE', 'Satu Mare'],
    ['DRĂGĂȘANI', 'Drăgășani'],
    ['SÂNMARTIN', 'Sânmartin'],
    ['ÎNTORSURA BUZĂULUI', 'Întorsura Buzăului'],
    ['ȘTEFĂNEȘTI', 'Ștefănești'],
    ['CURTEA DE ARGEȘ', 'Curtea de Argeș'],
    ['VALEA LUI MIHAI', 'Valea lui Mihai'],
    ['BAIA DE ARIEȘ', 'Baia de Arieș'],
    ['ANINIȘU DIN DEAL', 'Aninișu din Deal'],
    ['REMEȚI PE SOMEȘ', 'Remeți pe Someș'],
    ['LUNCA LA TISA', 'Lunca la Tisa'],
    ['BĂIȚA DE SUB CODRU', 'Băița de sub Codru'],
    ['VALEA CU APĂ', 'Valea cu Apă'],
    ['ȘTEFAN CEL MARE', 'Ștefan cel Mare'],
    ['VALE IN JOS', 'Vale in Jos'],
    ['DE SUS', 'De Sus'], // a particle that starts the name is capitalised
    ['LUNCA DE', 'Lunca De'], // ...and so is one that ends it
    ['ABRUD-SAT', 'Abrud-Sat'],
    ['BISTRIȚA-NĂSĂUD', 'Bistrița-Năsăud'],
    ['DRĂGANU-OLTENI', 'Drăganu-Olteni'],
    ['GERSA I', 'Gersa I'],
    ['GERSA II', 'Gersa II'],
    ['APELE VII', 'Apele Vii'], // "vii" = vineyards, not seven
    ['ARDUD-VII', 'Ardud-Vii'],
    ['I. L. CARAGIALE', 'I. L. Caragiale'],
    ['C.A.ROSETTI', 'C.A.Rosetti'],
    ['COLONIA 1 MAI', 'Colonia 1 Mai'],
    ['2 MAI', '2 Mai'],
    ['  SIGHIȘOARA ', 'Sighișoara'],
    ['Alba Iulia', 'Alba Iulia'],
    ['', ''],
  ])('%j → %j', (upper, normal) => {
    expect(titleCaseRo(upper)).toBe(normal);
  });
});

describe('searchLocalities', () => {
  const list: Locality[] = [
    { nume: 'Alba Iulia' },
    { nume: 'Bărăbanț', simplu: 'Barabant', comuna: 'Alba Iulia' },
    { nume: 'Sâncrai', simplu: 'Sancrai', comuna: 'Aiud' },
    { nume: 'Ștefănești', simplu: 'Stefanesti' },
    { nume: 'Valea Albă', simplu: 'Valea Alba', comuna: 'Stefanesti' },
    { nume: 'Abrud-Sat', comuna: 'Abrud' },
  ];
  const names = (query: string): string[] => searchLocalities(list, query).map((l) => l.nume);

  it.each([
    ['alba', ['Alba Iulia', 'Valea Albă']], // prefix first, then a later word
    ['ALBĂ', ['Alba Iulia', 'Valea Albă']],
    ['stef', ['Ștefănești']],
    ['ştefăneşti', ['Ștefănești']], // cedilla query
    ['crai', ['Sâncrai']], // inside a word
    ['baraban', ['Bărăbanț']],
    ['abrud sat', ['Abrud-Sat']], // a space finds a hyphen
    ['  iulia ', ['Alba Iulia']],
    ['a', ['Alba Iulia', 'Abrud-Sat', 'Valea Albă', 'Bărăbanț', 'Sâncrai', 'Ștefănești']],
    ['zzz', []],
  ])('%j → %j', (query, expected) => {
    expect(names(query)).toEqual(expected);
  });

  // Issue 19: typed without diacritics, as on a tablet's keyboard.
  it.each([
    ['Pitesti', 'Pitești'],
    ['pitesti', 'Pitești'],
    ['ramnicu valcea', 'Râmnicu Vâlcea'],
    ['Ramnicu-Valcea', 'Râmnicu Vâlcea'],
    ['râmnicu vâlcea', 'Râmnicu Vâlcea'],
  ])('%j finds %s first', (query, expected) => {
    const towns: Locality[] = [
      { nume: 'Valea Râmnicului', simplu: 'Valea Ramnicului', comuna: 'Ramnicu Valcea' },
      { nume: 'Pitești', simplu: 'Pitesti' },
      { nume: 'Râmnicu Vâlcea', simplu: 'Ramnicu Valcea' },
    ];
    expect(searchLocalities(towns, query)[0]?.nume).toBe(expected);
  });

  it('returns the whole list for an empty query and keeps extra fields', () => {
    expect(searchLocalities(list, ' ')).toEqual(list);
    const tagged = [{ nume: 'Aiud', id: 7 }];
    expect(searchLocalities(tagged, 'aiu')[0]?.id).toBe(7);
  });
});
