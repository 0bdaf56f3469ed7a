import { describe, expect, it } from 'vitest';
import { bridge, entry } from '../__fixtures__/history-entries';
import { BRIDGE_PROBLEM_MESSAGES, bridgeGeometry } from '../bridges';
import { MATERIALS } from '../catalogue';
import { chartState } from '../chart-state';
import {
  entryFieldsFromForm,
  HISTORY_MESSAGES as M,
  historyEntry,
  historyObj,
  savePunteRequest,
  stergeDinteRequest,
  treatmentForm,
  treatmentNeedsTooth,
  type TreatmentFormInput,
  type TreatmentRulesContext,
} from './history';

const REQUIRED = 'Câmpul este obligatoriu.';
const NOW = '2026-03-10T09:00:00+02:00';
const EXISTING_BRIDGE = bridge('punte zirconiu', '2.3', '2.5');
// The patient of every case: a crown on 1.6, 3.8 extracted, 4.4 removed by hand, a bridge 2.3→2.5.
const CHART = chartState(
  [entry('coroană metalo-ceramică', '1.6'), entry('extracție dentară', '3.8'), EXISTING_BRIDGE],
  ['4.4'],
);
const CREATE: TreatmentRulesContext = { mode: 'create', now: NOW, chart: CHART };
const base: TreatmentFormInput = {
  createdAt: '2026-03-10',
  dinte: null,
  dinteDestinatie: null,
  denumire: 'consultație',
  medic: 'Dr. Ionescu',
  detalii: '',
};

function outcome(input: Partial<Record<keyof TreatmentFormInput, unknown>>, context = CREATE) {
  const result = treatmentForm(context).safeParse({ ...base, ...input });
  if (result.success) return 'ok';
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

type Case = [
  name: string,
  input: Partial<Record<keyof TreatmentFormInput, unknown>>,
  expected: 'ok' | Record<string, string>,
];

// prettier-ignore
const CREATE_CASES: Case[] = [
  ['a consultation needs no tooth', {}, 'ok'],
  ['a date is required', { createdAt: '' }, { createdAt: REQUIRED }],
  ['a cleared date is required', { createdAt: null }, { createdAt: REQUIRED }],
  ['a date must exist', { createdAt: '2026-02-30' }, { createdAt: M.invalidDate }],
  ['a date must be a date', { createdAt: 'mâine' }, { createdAt: M.invalidDate }],
  ['a new entry is not dated in the past', { createdAt: '2026-03-09' }, { createdAt: M.pastDate }],
  ['today is fine', { createdAt: '2026-03-10' }, 'ok'],
  ['a later day is fine', { createdAt: '2026-04-01' }, 'ok'],
  ['a date-time today is fine', { createdAt: '2026-03-10T08:00:00.000Z' }, 'ok'],
  ['the treatment is required', { denumire: '' }, { denumire: REQUIRED }],
  ['a blank treatment is required', { denumire: '   ' }, { denumire: REQUIRED }],
  ['a missing treatment is required', { denumire: undefined }, { denumire: REQUIRED }],
  ['the treatment comes from the catalogue', { denumire: 'masaj' }, { denumire: M.unknownTreatment }],
  ['case and diacritics of the name do not matter', { denumire: 'CONSULTATIE' }, 'ok'],
  ['the doctor is required', { medic: '' }, { medic: REQUIRED }],
  ['a cleared doctor is required', { medic: null }, { medic: REQUIRED }],
  ['everything missing at once', { createdAt: '', denumire: '', medic: '' },
    { createdAt: REQUIRED, denumire: REQUIRED, medic: REQUIRED }],
  ['a procedure with dinteDD needs a tooth', { denumire: 'obturație compozit o suprafață' }, { dinte: REQUIRED }],
  ['an empty tooth dropdown is no tooth', { denumire: 'extracție dentară', dinte: '' }, { dinte: REQUIRED }],
  ['a procedure with dinteDD and a tooth', { denumire: 'obturație compozit o suprafață', dinte: '2.6' }, 'ok'],
  ['a whole-mouth procedure may still name a tooth', { denumire: 'detartraj ultrasonic', dinte: '2.6' }, 'ok'],
  ['the tooth must be one of the 32', { denumire: 'extracție dentară', dinte: '5.1' }, { dinte: M.unknownTooth }],
  ['a crown on a crowned tooth (redone)', { denumire: 'coroană zirconiu monolitic', dinte: '1.6' }, 'ok'],
  ['no crown on an extracted tooth', { denumire: 'coroană zirconiu monolitic', dinte: '3.8' }, { dinte: M.noCrown }],
  ['no crown on a removed tooth', { denumire: 'coroană zirconiu monolitic', dinte: '4.4' }, { dinte: M.noCrown }],
  ['no crown on a bridge tooth', { denumire: 'coroană zirconiu monolitic', dinte: '2.4' }, { dinte: M.noCrown }],
  ['a bridge needs its start tooth and destination', { denumire: 'punte zirconiu' },
    { dinte: REQUIRED, dinteDestinatie: REQUIRED }],
  ['a bridge needs its destination', { denumire: 'punte zirconiu', dinte: '1.3' }, { dinteDestinatie: REQUIRED }],
  ['a bridge 1.3→1.5', { denumire: 'punte zirconiu', dinte: '1.3', dinteDestinatie: '1.5' }, 'ok'],
  ['a bridge name in capitals is a bridge', { denumire: 'PUNTE ZIRCONIU', dinte: '1.3' }, { dinteDestinatie: REQUIRED }],
  ['a bridge does not end on a crown', { denumire: 'punte zirconiu', dinte: '1.3', dinteDestinatie: '1.6' },
    { dinteDestinatie: BRIDGE_PROBLEM_MESSAGES['destination-crowned'] }],
  ['a bridge does not pass over a crown', { denumire: 'punte zirconiu', dinte: '1.3', dinteDestinatie: '1.7' },
    { dinteDestinatie: BRIDGE_PROBLEM_MESSAGES['span-crosses-crown'] }],
  ['a bridge does not join the two rows', { denumire: 'punte zirconiu', dinte: '1.3', dinteDestinatie: '4.3' },
    { dinteDestinatie: BRIDGE_PROBLEM_MESSAGES['other-row'] }],
  ['a bridge does not end in another bridge', { denumire: 'punte zirconiu', dinte: '2.7', dinteDestinatie: '2.5' },
    { dinteDestinatie: BRIDGE_PROBLEM_MESSAGES['destination-in-bridge'] }],
  ['a bridge does not end on a missing tooth', { denumire: 'punte zirconiu', dinte: '3.6', dinteDestinatie: '3.8' },
    { dinteDestinatie: BRIDGE_PROBLEM_MESSAGES['destination-absent'] }],
  ['a bridge does not start on a missing tooth', { denumire: 'punte zirconiu', dinte: '3.8', dinteDestinatie: '3.6' },
    { dinte: M.noCrown }],
  ['a bridge does not start inside another bridge', { denumire: 'punte zirconiu', dinte: '2.4', dinteDestinatie: '2.7' },
    { dinte: M.noCrown }],
];

describe('treatmentForm: create mode (SPEC.md §5 treatment rules)', () => {
  it.each(CREATE_CASES)('%s', (_name, input, expected) => {
    expect(outcome(input)).toEqual(expected);
  });

  it.each([
    ['a consultation', { denumire: 'consultație', dinteDestinatie: '1.5' }],
    ['a crown', { denumire: 'coroană metalo-ceramică', dinte: '1.3', dinteDestinatie: '1.5' }],
  ])('clears the destination of %s', (_name, input) => {
    expect(treatmentForm(CREATE).parse({ ...base, ...input }).dinteDestinatie).toBeNull();
  });

  it('keeps the destination of a bridge and trims the text fields', () => {
    const data = treatmentForm(CREATE).parse({
      ...base,
      denumire: ' punte zirconiu ',
      medic: ' Dr. Ionescu ',
      dinte: '1.3',
      dinteDestinatie: '1.5',
    });
    expect(data).toEqual({ ...base, denumire: 'punte zirconiu', dinte: '1.3', dinteDestinatie: '1.5' });
  });

  it('reads "today" in the clinic time zone', () => {
    const lateEvening = { ...CREATE, now: '2026-03-10T21:30:00Z' }; // 23:30 in Bucharest, still 10 March
    expect(outcome({ createdAt: '2026-03-10' }, lateEvening)).toBe('ok');
    const afterMidnight = { ...CREATE, now: '2026-03-10T22:30:00Z' }; // 00:30 on 11 March
    expect(outcome({ createdAt: '2026-03-10' }, afterMidnight)).toEqual({ createdAt: M.pastDate });
  });
});

const BRIDGE_ORIGINAL = {
  id: EXISTING_BRIDGE.id,
  denumire: 'punte zirconiu',
  dinte: '2.3',
  dinteDestinatie: '2.5',
};
const bridgeUpdate: TreatmentRulesContext = {
  mode: 'update',
  now: NOW,
  chart: CHART,
  original: BRIDGE_ORIGINAL,
};
const crownUpdate: TreatmentRulesContext = {
  mode: 'update',
  now: NOW,
  chart: CHART,
  original: { id: 1, denumire: 'coroană metalo-ceramică', dinte: '1.6', dinteDestinatie: null },
};
const asBridge = { denumire: 'punte zirconiu', dinte: '2.3', dinteDestinatie: '2.5' };
const asCrown = { denumire: 'coroană metalo-ceramică', dinte: '1.6' };

// prettier-ignore
const UPDATE_CASES: [name: string, input: Case[1], context: TreatmentRulesContext, expected: Case[2]][] = [
  ['a bridge saved again unchanged (its own teeth do not block it)', asBridge, bridgeUpdate, 'ok'],
  ['an old date is kept when updating', { ...asBridge, createdAt: '2025-01-05' }, bridgeUpdate, 'ok'],
  ['the destination is locked', { ...asBridge, dinteDestinatie: '2.6' }, bridgeUpdate, { dinteDestinatie: M.destinationLocked }],
  ["a bridge's tooth is locked", { ...asBridge, dinte: '2.2' }, bridgeUpdate, { dinte: M.bridgeToothLocked }],
  ["a bridge's treatment is locked", { ...asBridge, denumire: 'punte provizorie' }, bridgeUpdate,
    { denumire: M.bridgeTreatmentLocked }],
  ['a bridge cannot become a crown', { ...asBridge, denumire: 'coroană metalo-ceramică' }, bridgeUpdate,
    { dinteDestinatie: M.destinationLocked, denumire: M.bridgeTreatmentLocked }],
  ['a crown saved again on its tooth', asCrown, crownUpdate, 'ok'],
  ['a crown may move to a tooth that can carry it', { ...asCrown, dinte: '1.5' }, crownUpdate, 'ok'],
  ['a crown may not move to an extracted tooth', { ...asCrown, dinte: '3.8' }, crownUpdate, { dinte: M.noCrown }],
  ['a crown may become a filling', { ...asCrown, denumire: 'obturație compozit o suprafață' }, crownUpdate, 'ok'],
  ['a treatment cannot gain a destination', { ...asCrown, denumire: 'punte zirconiu', dinteDestinatie: '1.4' }, crownUpdate,
    { dinteDestinatie: M.destinationLocked }],
];

describe('treatmentNeedsTooth: the tooth the modal marks as required', () => {
  it.each([
    ['a consultation', 'consultație', false],
    ['a filling (dinteDD)', 'obturație compozit o suprafață', true],
    ['an extraction (dinteDD)', 'extracție dentară', true],
    ['a bridge', 'punte zirconiu', true],
    ['no treatment chosen yet', '', false],
    ['a name outside the catalogue', 'tratament necunoscut', false],
  ])('%s', (_name, denumire, expected) => {
    expect(treatmentNeedsTooth(denumire)).toBe(expected);
  });
});

describe('treatmentForm: update mode (SPEC.md §4)', () => {
  it.each(UPDATE_CASES)('%s', (_name, input, context, expected) => {
    expect(outcome(input, context)).toEqual(expected);
  });
});

describe('entryFieldsFromForm', () => {
  // prettier-ignore
  it.each([
    [{ denumire: 'consultație', dinte: null, dinteDestinatie: null },
      { type: 'tratament', denumire: 'consultație', mapID: 101, fill: null, dinte: null, side: null }],
    [{ denumire: 'Coroana zirconiu monolitic', dinte: '3.6', dinteDestinatie: null },
      { type: 'tratament', denumire: 'coroană zirconiu monolitic', mapID: 1.2, fill: MATERIALS.zirconiu.fill, dinte: '3.6', side: 'bottom' }],
    [{ denumire: 'extracție dentară', dinte: '3.8', dinteDestinatie: null },
      { type: 'tratament', mapID: 3, dinte: '3.8', side: 'bottom', start: null, end: null, direction: null }],
    [{ denumire: 'punte zirconiu', dinte: '1.3', dinteDestinatie: '1.5' },
      { type: 'punte', mapID: 0.2, fill: MATERIALS.zirconiu.fill, ...bridgeGeometry('1.3', '1.5') }],
  ] as const)('%j', (form, expected) => {
    expect(entryFieldsFromForm(form)).toMatchObject(expected);
  });
});

const punte = {
  type: 'punte',
  denumire: 'punte zirconiu',
  createdAt: '2026-03-10',
  id: 1_773_130_000_000,
  fill: MATERIALS.zirconiu.fill,
  ...bridgeGeometry('1.3', '1.5'),
};

describe('savePunteRequest (SPEC.md §7)', () => {
  it('takes the fields SPEC.md lists, with the geometry of the two teeth', () => {
    expect(savePunteRequest.parse(punte)).toEqual(punte);
    expect(savePunteRequest.parse({ ...punte, medic: 'Dr. Ionescu', detalii: '' })).toMatchObject({
      medic: 'Dr. Ionescu',
    });
  });

  // prettier-ignore
  it.each([
    ['a direction that does not follow the indexes', { direction: 'right' }, { direction: M.bridgeGeometry }],
    ['start and end swapped', { start: 3, end: 5 }, { start: M.bridgeGeometry, end: M.bridgeGeometry }],
    ['the wrong row', { side: 'bottom' }, { side: M.bridgeGeometry }],
    ['a tooth other than the start', { dinte: '1.4' }, { dinte: M.bridgeGeometry }],
    ['teeth of the two rows', { dinteDestinatie: '4.5' }, { dinteDestinatie: BRIDGE_PROBLEM_MESSAGES['other-row'] }],
    ['the same tooth twice', { dinteDestinatie: '1.3' }, { dinteDestinatie: BRIDGE_PROBLEM_MESSAGES['same-tooth'] }],
    ['a name that is not a bridge', { denumire: 'coroană metalo-ceramică' }, { denumire: M.notBridge }],
    ['a bridge name not in the catalogue', { denumire: 'punte de lemn' }, { denumire: M.notBridge }],
  ])('refuses %s', (_name, change, expected) => {
    const result = savePunteRequest.safeParse({ ...punte, ...change });
    expect(result.success).toBe(false);
    expect(Object.fromEntries(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [])).toEqual(expected);
  });

  it.each([
    ['type tratament', { type: 'tratament' }],
    ['an unknown field', { pret: 100 }],
    ['a row index beyond 15', { start: 16 }],
    ['a colour name', { fill: 'blue' }],
    ['no date', { createdAt: '' }],
    ['a missing field', { side: undefined }],
  ])('refuses %s', (_name, change) => {
    expect(savePunteRequest.safeParse({ ...punte, ...change }).success).toBe(false);
  });
});

describe('stergeDinteRequest', () => {
  it.each([
    [{ dinte: '1.1' }, true],
    [{ dinte: '4.8' }, true],
    [{ dinte: '9.9' }, false],
    [{ dinte: 1.1 }, false],
    [{}, false],
    [{ dinte: '1.1', extra: true }, false],
  ])('%j → %s', (body, ok) => {
    expect(stergeDinteRequest.safeParse(body).success).toBe(ok);
  });
});

describe('historyEntry (SPEC.md §3)', () => {
  const minimal = {
    id: 1_773_130_000_000,
    type: 'tratament',
    denumire: 'consultație',
    createdAt: '2026-03-10',
    dinte: null,
    mapID: 101,
  };

  it('fills the optional fields with their empty values', () => {
    expect(historyEntry.parse(minimal)).toEqual({
      ...minimal,
      updated_at: null,
      dinteStart: null,
      dinteDestinatie: null,
      side: null,
      start: null,
      end: null,
      direction: null,
      fill: null,
      pics: [],
      deleted: [],
      sterilizari: [],
      detalii: '',
      signature: null,
      medic: '',
    });
  });

  it('reads a full entry', () => {
    const full = {
      ...minimal,
      ...bridgeGeometry('2.3', '2.5'),
      type: 'punte',
      denumire: 'punte zirconiu',
      mapID: 0.2,
      fill: '#2F80C8',
      updated_at: '2026-03-11T10:00:00.000Z',
      pics: [{ name: '1773130000000-4821-inainte.jpg', w: 1200, h: 900, index: 0 }],
      deleted: ['1773130000000-17-dupa.jpg'],
      sterilizari: [{ name: 'Sondă', id_sterilizare: 'S-104', used_at: 1_773_130_000_000 }],
      detalii: 'Amprentă luată.',
      signature: 'semnatura-1773130000000.png',
      medic: 'Dr. Ionescu',
    };
    expect(historyEntry.parse(full)).toEqual(full);
  });

  // prettier-ignore
  it.each([
    ['a tooth that does not exist', { dinte: '1.9' }],
    ['a picture name that climbs out of the folder', { pics: [{ name: '../secret', w: 1, h: 1, index: 0 }] }],
    ['a removed picture name that is a path', { deleted: ['/etc/passwd'] }],
    ['an unknown type', { type: 'nota' }],
    ['a direction other than left or right', { direction: 'up' }],
    ['an id that is not a timestamp', { id: 'abc' }],
  ])('refuses %s', (_name, change) => {
    expect(historyEntry.safeParse({ ...minimal, ...change }).success).toBe(false);
  });

  it('historyObj is the entry without updated_at, and refuses unknown fields', () => {
    expect(historyObj.safeParse(minimal).success).toBe(true);
    expect(historyObj.safeParse({ ...minimal, updated_at: null }).success).toBe(false);
    expect(historyObj.safeParse({ ...minimal, pret: 1 }).success).toBe(false);
  });
});
