import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  compareSignature,
  signedConsentContent,
  signedEntryContent,
  type SignedContent,
} from './signatures';

const ENTRY = {
  id: 1772442000000,
  createdAt: '2026-03-01T22:00:00.000Z',
  denumire: 'coroană metalo-ceramică',
  dinte: '1.6',
  dinteStart: null,
  dinteDestinatie: null,
  medic: 'Dr. Ana Pop',
  detalii: 'culoare A2',
  // Not signed: pictures and instruments may be added later without breaking the signature.
  pics: [{ name: 'x' }],
};

describe('signedEntryContent', () => {
  it('keeps the clinical fields only, with the patient and the entry id', () => {
    expect(signedEntryContent('p1', ENTRY)).toEqual({
      kind: 'entry',
      patientId: 'p1',
      entryId: ENTRY.id,
      fields: {
        createdAt: ENTRY.createdAt,
        denumire: ENTRY.denumire,
        dinte: '1.6',
        dinteStart: null,
        dinteDestinatie: null,
        medic: 'Dr. Ana Pop',
        detalii: 'culoare A2',
      },
    });
  });

  it('treats a missing field as null', () => {
    expect(signedEntryContent('p1', { id: 5 }).fields.detalii).toBeNull();
  });
});

describe('signedConsentContent', () => {
  it.each([
    ['  Acord\r\ntext  ', 'Acord\ntext'],
    ['Acord\rtext', 'Acord\ntext'],
    ['Acord', 'Acord'],
  ])('%j is signed as %j', (text, signed) => {
    expect(signedConsentContent('p1', text)).toEqual({ kind: 'consent', patientId: 'p1', text: signed });
  });
});

describe('canonicalJson', () => {
  it.each<[unknown, string]>([
    [{ b: 1, a: 2 }, '{"a":2,"b":1}'],
    [{ a: { d: [3, { z: 1, y: 2 }], c: null } }, '{"a":{"c":null,"d":[3,{"y":2,"z":1}]}}'],
    [{ a: undefined, b: 'ș' }, '{"b":"ș"}'],
    [[undefined, 1], '[null,1]'],
    ['text "quoted"', '"text \\"quoted\\""'],
    [null, 'null'],
    [true, 'true'],
  ])('%j → %s', (value, text) => {
    expect(canonicalJson(value)).toBe(text);
  });

  it('gives the same text whatever the key order', () => {
    expect(canonicalJson({ x: 1, y: { a: 1, b: 2 } })).toBe(canonicalJson({ y: { b: 2, a: 1 }, x: 1 }));
  });

  it('refuses numbers JSON cannot carry', () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow();
  });
});

describe('compareSignature', () => {
  const signed = signedEntryContent('p1', ENTRY);
  const edited = signedEntryContent('p1', { ...ENTRY, detalii: 'culoare A3', dinte: '1.7' });
  const consent = signedConsentContent('p1', 'Acord');
  const cases: [string, Parameters<typeof compareSignature>[0], { matches: boolean; changed: string[] }][] = [
    [
      'unchanged entry',
      { signedSha256: 'h1', snapshotSha256: 'h1', currentSha256: 'h1', snapshot: signed, current: signed },
      { matches: true, changed: [] },
    ],
    [
      'entry edited after signing',
      { signedSha256: 'h1', snapshotSha256: 'h1', currentSha256: 'h2', snapshot: signed, current: edited },
      { matches: false, changed: ['dinte', 'detalii'] },
    ],
    [
      'entry deleted',
      { signedSha256: 'h1', snapshotSha256: 'h1', currentSha256: null, snapshot: signed, current: null },
      { matches: false, changed: [] },
    ],
    [
      'snapshot altered after signing (hash no longer its own)',
      { signedSha256: 'h1', snapshotSha256: 'h9', currentSha256: 'h9', snapshot: signed, current: signed },
      { matches: false, changed: ['semnătură'] },
    ],
    [
      'same fields, different entry',
      {
        signedSha256: 'h1',
        snapshotSha256: 'h1',
        currentSha256: 'h3',
        snapshot: signed,
        current: { ...signed, entryId: 7 },
      },
      { matches: false, changed: ['pacient'] },
    ],
    [
      'unchanged consent',
      { signedSha256: 'c', snapshotSha256: 'c', currentSha256: 'c', snapshot: consent, current: consent },
      { matches: true, changed: [] },
    ],
    [
      'consent text differs',
      {
        signedSha256: 'c',
        snapshotSha256: 'c',
        currentSha256: 'd',
        snapshot: consent,
        current: signedConsentContent('p1', 'Alt acord') as SignedContent,
      },
      { matches: false, changed: ['text'] },
    ],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(compareSignature(input)).toEqual(expected);
  });
});
