import { describe, expect, it } from 'vitest';
import { bridge, entry } from './__fixtures__/history-entries';
import { MATERIALS } from './catalogue';
import { chartState, chronological, type ChartHistoryEntry, type ToothState } from './chart-state';
import { TOOTH_IDS, type ToothId } from './teeth';

const CROWN = 'coroană metalo-ceramică';
const ZIRCONIA = 'coroană zirconiu monolitic';
const EXTRACTION = 'extracție dentară';
const IMPLANT = 'implant dentar';
const ENDO = 'tratament endodontic monoradicular';
const FILLING = 'obturație compozit două suprafețe';

interface Expected {
  present?: boolean;
  absence?: ToothState<ChartHistoryEntry>['absence'];
  crown?: string | null; // the crown's procedure name
  crownFill?: string | null;
  implant?: boolean;
  endodontic?: boolean;
  others?: string[];
  entries?: number;
}

function summary(tooth: ToothState<ChartHistoryEntry>): Expected {
  return {
    present: tooth.present,
    absence: tooth.absence,
    crown: tooth.crown?.entry.denumire ?? null,
    crownFill: tooth.crown?.fill ?? null,
    implant: tooth.implant !== null,
    endodontic: tooth.endodontic !== null,
    others: tooth.others.map((item) => item.denumire),
    entries: tooth.entries.length,
  };
}

type ToothCase = [
  name: string,
  history: () => ChartHistoryEntry[],
  dintiStersi: string[],
  tooth: ToothId,
  expected: Expected,
];

// Tables stay one case per line or two, as written.
// prettier-ignore
const TOOTH_CASES: ToothCase[] = [
  ['a crown has its material colour', () => [entry(CROWN, '1.6')], [], '1.6',
    { present: true, crown: CROWN, crownFill: MATERIALS.metaloCeramica.fill }],
  ['a later crown replaces the earlier one', () => [entry(CROWN, '1.6'), entry(ZIRCONIA, '1.6')], [], '1.6',
    { crown: ZIRCONIA, crownFill: MATERIALS.zirconiu.fill, entries: 2 }],
  ['the treatment date orders entries, not the list order', () => [
    entry(ZIRCONIA, '1.6', { createdAt: '2026-02-01' }), entry(CROWN, '1.6', { createdAt: '2026-01-05' }),
  ], [], '1.6', { crown: ZIRCONIA }],
  ['on the same date, the id (creation time) orders entries', () => {
    const first = entry(CROWN, '1.6');
    const second = entry(ZIRCONIA, '1.6');
    return [second, first];
  }, [], '1.6', { crown: ZIRCONIA }],
  ['a date with a time is ordered with the plain dates', () => [
    entry(ZIRCONIA, '1.6', { createdAt: '2026-01-10T15:00:00+02:00' }), entry(CROWN, '1.6', { createdAt: '2026-01-10' }),
  ], [], '1.6', { crown: ZIRCONIA }],
  ['an entry with a date that does not parse is placed by its id', () => [
    entry(CROWN, '1.6', { createdAt: 'ieri', id: 1 }), entry(ZIRCONIA, '1.6', { createdAt: '2026-01-10' }),
  ], [], '1.6', { crown: ZIRCONIA }],
  ['an extraction (mapID 3) removes the tooth', () => [entry(EXTRACTION, '3.8')], [], '3.8',
    { present: false, absence: 'extracted' }],
  ['an extraction takes the crown and the root treatment with it', () => [
    entry(CROWN, '3.6'), entry(ENDO, '3.6'), entry(EXTRACTION, '3.6'),
  ], [], '3.6', { present: false, absence: 'extracted', crown: null, endodontic: false, entries: 3 }],
  ['a tooth in dintiStersi is absent', () => [], ['2.4'], '2.4', { present: false, absence: 'removed' }],
  ['an extracted tooth also in dintiStersi is absent as extracted', () => [entry(EXTRACTION, '2.4')], ['2.4'], '2.4',
    { present: false, absence: 'extracted' }],
  ['an implant after an extraction stands in its place', () => [entry(EXTRACTION, '4.6'), entry(IMPLANT, '4.6')], [], '4.6',
    { present: true, absence: null, implant: true }],
  ['an implant on a tooth in dintiStersi stands there', () => [entry(IMPLANT, '4.6')], ['4.6'], '4.6',
    { present: true, absence: null, implant: true }],
  ['an implant clears the old crown and root treatment', () => [
    entry(CROWN, '4.6'), entry(ENDO, '4.6'), entry(EXTRACTION, '4.6'), entry(IMPLANT, '4.6'),
  ], [], '4.6', { present: true, crown: null, endodontic: false, implant: true }],
  ['a crown on an implant', () => [entry(IMPLANT, '4.6'), entry('coroană zirconiu pe implant', '4.6')], [], '4.6',
    { implant: true, crown: 'coroană zirconiu pe implant' }],
  ['an extraction after an implant removes it', () => [entry(IMPLANT, '4.6'), entry(EXTRACTION, '4.6')], [], '4.6',
    { present: false, implant: false }],
  ['an endodontic treatment marks the root', () => [entry(ENDO, '1.1')], [], '1.1', { endodontic: true, others: [] }],
  ['a rezecție apicală (id 6) is endodontic', () => [entry('rezecție apicală', '1.1')], [], '1.1', { endodontic: true }],
  ['a filling is listed among the others', () => [entry(FILLING, '2.6')], [], '2.6', { others: [FILLING], crown: null }],
  ['a deleted entry is ignored', () => [entry(CROWN, '1.6', { deletedAt: '2026-01-11T10:00:00Z' })], [], '1.6',
    { crown: null, entries: 0 }],
  ['a deleted extraction leaves the tooth present', () => [entry(EXTRACTION, '3.8', { deletedAt: '2026-01-11' })], [], '3.8',
    { present: true }],
  ['a crown id missing from the catalogue keeps the entry colour', () => [
    entry('coroană veche', '1.2', { mapID: 1.95, fill: '#123456' }),
  ], [], '1.2', { crown: 'coroană veche', crownFill: '#123456' }],
  ['an entry of an unknown kind is listed among the others', () => [entry('procedură veche', '1.2', { mapID: null })], [], '1.2',
    { others: ['procedură veche'] }],
  ['a bridge-named entry without a destination is no bridge', () => [entry('punte zirconiu', '1.3')], [], '1.3',
    { others: ['punte zirconiu'], crown: null }],
  ['a bridge across the two rows is no bridge', () => [bridge('punte zirconiu', '1.3', '4.3')], [], '1.3',
    { others: ['punte zirconiu'] }],
];

describe('chartState: one tooth', () => {
  it('starts with every tooth present and untreated', () => {
    const state = chartState([]);
    expect(Object.keys(state.teeth).sort()).toEqual([...TOOTH_IDS].sort());
    for (const id of TOOTH_IDS) {
      expect(summary(state.teeth[id])).toEqual({
        present: true,
        absence: null,
        crown: null,
        crownFill: null,
        implant: false,
        endodontic: false,
        others: [],
        entries: 0,
      });
      expect(state.teeth[id].bridge).toBeNull();
    }
    expect(state).toMatchObject({ bridges: [], general: [], entries: [] });
  });

  it.each(TOOTH_CASES)('%s', (_name, history, dintiStersi, tooth, expected) => {
    expect(summary(chartState(history(), dintiStersi).teeth[tooth])).toMatchObject(expected);
  });

  it('leaves the other teeth alone', () => {
    const state = chartState([entry(CROWN, '1.6'), entry(EXTRACTION, '3.8')], ['2.4']);
    const touched = TOOTH_IDS.filter((id) => state.teeth[id].entries.length > 0 || !state.teeth[id].present);
    expect(touched.sort()).toEqual(['1.6', '2.4', '3.8']);
  });

  it('puts entries on no tooth in general, oldest first', () => {
    const late = entry('consultație', null, { createdAt: '2026-03-01' });
    const early = entry('radiografie panoramică (OPG)', null, { createdAt: '2026-02-01' });
    const state = chartState([late, early, entry(CROWN, '1.6')]);
    expect(state.general).toEqual([early, late]);
    expect(state.entries).toHaveLength(3);
  });

  it('ignores names in dintiStersi that are not teeth', () => {
    const state = chartState([], ['9.9', '', '1.1']);
    expect(TOOTH_IDS.filter((id) => !state.teeth[id].present)).toEqual(['1.1']);
  });
});

type Roles = Partial<Record<ToothId, 'pillar' | 'pontic' | null>>;
type BridgeCase = [name: string, history: () => ChartHistoryEntry[], dintiStersi: string[], roles: Roles];

// prettier-ignore
const BRIDGE_CASES: BridgeCase[] = [
  ['1.3→1.5 over a present 1.4: all pillars', () => [bridge('punte zirconiu', '1.3', '1.5')], [],
    { '1.6': null, '1.5': 'pillar', '1.4': 'pillar', '1.3': 'pillar', '1.2': null }],
  ['1.3→1.5 over an extracted 1.4: a pontic', () => [entry(EXTRACTION, '1.4'), bridge('punte zirconiu', '1.3', '1.5')], [],
    { '1.5': 'pillar', '1.4': 'pontic', '1.3': 'pillar' }],
  ['1.3→1.5 over a removed 1.4: a pontic', () => [bridge('punte zirconiu', '1.3', '1.5')], ['1.4'], { '1.4': 'pontic' }],
  ['an extraction after the bridge turns the middle tooth into a pontic', () => [
    bridge('punte zirconiu', '1.3', '1.5'), entry(EXTRACTION, '1.4'),
  ], [], { '1.4': 'pontic' }],
  ['an end stays a pillar even when extracted later', () => [
    bridge('punte zirconiu', '1.3', '1.5'), entry(EXTRACTION, '1.5'),
  ], [], { '1.5': 'pillar' }],
  ['across the midline, 1.1→2.2', () => [bridge('punte provizorie', '1.1', '2.2')], ['2.1'],
    { '1.2': null, '1.1': 'pillar', '2.1': 'pontic', '2.2': 'pillar', '2.3': null }],
  ['a later overlapping bridge replaces the earlier one whole', () => [
    bridge('punte zirconiu', '1.3', '1.5'), bridge('punte metalo-ceramică', '1.5', '1.7'),
  ], [], { '1.3': null, '1.4': null, '1.5': 'pillar', '1.6': 'pillar', '1.7': 'pillar' }],
  ['a deleted bridge is ignored', () => [bridge('punte zirconiu', '1.3', '1.5', { deletedAt: '2026-01-12' })], [],
    { '1.3': null, '1.4': null, '1.5': null }],
];

describe('chartState: bridges', () => {
  it.each(BRIDGE_CASES)('%s', (_name, history, dintiStersi, roles) => {
    const state = chartState(history(), dintiStersi);
    for (const [id, role] of Object.entries(roles)) {
      expect(state.teeth[id as ToothId].bridge?.role ?? null, id).toBe(role);
    }
  });

  it.each([
    ['1.3', '1.5', 'top', 'left', ['1.5', '1.4', '1.3']],
    ['1.5', '1.3', 'top', 'right', ['1.5', '1.4', '1.3']],
    ['2.3', '2.6', 'top', 'right', ['2.3', '2.4', '2.5', '2.6']],
    ['3.4', '4.4', 'bottom', 'left', ['4.4', '4.3', '4.2', '4.1', '3.1', '3.2', '3.3', '3.4']],
  ] as const)(
    'a bridge %s→%s lies in the %s row, direction %s, over %j',
    (start, end, side, direction, teeth) => {
      const made = bridge('punte zirconiu', start, end);
      const state = chartState([made]);
      expect(state.bridges).toEqual([
        { entryId: made.id, entry: made, start, end, side, direction, teeth, fill: MATERIALS.zirconiu.fill },
      ]);
      for (const id of teeth) {
        expect(state.teeth[id].bridge?.entryId).toBe(made.id);
        expect(state.teeth[id].entries).toEqual([made]);
      }
    },
  );

  it('takes the crowns off the teeth it covers', () => {
    const state = chartState([
      entry(CROWN, '1.3'),
      entry(CROWN, '1.6'),
      bridge('punte zirconiu', '1.3', '1.5'),
    ]);
    expect(state.teeth['1.3'].crown).toBeNull();
    expect(state.teeth['1.6'].crown?.entry.denumire).toBe(CROWN);
  });

  it('keeps a replaced bridge in the timeline of its teeth', () => {
    const old = bridge('punte zirconiu', '1.3', '1.5');
    const remade = bridge('punte metalo-ceramică', '1.3', '1.5');
    const state = chartState([old, remade]);
    expect(state.bridges.map((item) => item.entry)).toEqual([remade]);
    expect(state.teeth['1.4'].entries).toEqual([old, remade]);
  });
});

describe('chronological', () => {
  it('drops deleted entries and sorts by date, then id', () => {
    const a = entry(CROWN, '1.1', { createdAt: '2026-02-01' });
    const b = entry(CROWN, '1.1', { createdAt: '2026-01-01' });
    const c = entry(CROWN, '1.1', { createdAt: '2026-01-01' });
    const gone = entry(CROWN, '1.1', { createdAt: '2025-01-01', deletedAt: '2026-01-02' });
    expect(chronological([a, gone, c, b])).toEqual([b, c, a]);
  });

  it('does not change the list it is given', () => {
    const list = [
      entry(CROWN, '1.1', { createdAt: '2026-02-01' }),
      entry(CROWN, '1.1', { createdAt: '2026-01-01' }),
    ];
    const copy = [...list];
    chronological(list);
    expect(list).toEqual(copy);
  });
});
