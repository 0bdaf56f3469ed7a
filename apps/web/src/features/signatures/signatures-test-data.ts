import type { PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import type { SignatureRecord, StationEvent } from '@odonto/domain/contracts/signatures';

/** A signature record as the server answers it (test data, not a test file). */
export function makeSignature(overrides: Partial<SignatureRecord> = {}): SignatureRecord {
  return {
    id: 'sig-1',
    kind: 'entry',
    patientId: 'p7',
    entryId: 1767225600001,
    image: 'semnatura-1.png',
    signedAt: '2026-03-12T10:00:00.000Z',
    signedBy: 'Dr. Ana Pop',
    via: 'direct',
    sha256: 'a'.repeat(64),
    snapshot: {
      kind: 'entry',
      patientId: 'p7',
      entryId: 1767225600001,
      fields: {
        createdAt: '2026-03-11T22:00:00.000Z',
        denumire: 'coroană metalo-ceramică',
        dinte: '1.6',
        dinteStart: null,
        dinteDestinatie: null,
        medic: 'Dr. Ana Pop',
        detalii: 'culoare A2',
      },
    },
    matches: true,
    changed: [],
    ...overrides,
  };
}

export const STATION_REQUEST: StationEvent = {
  request: {
    id: 'req-1',
    patientName: 'Popescu Ana',
    content: makeSignature().snapshot,
    expiresAt: '2026-03-12T10:15:00.000Z',
  },
};

/** The crown on 1.6 the signatures cover, as GET /api/get-pacient answers it (unsigned). */
export const CROWN_ENTRY: PatientHistoryEntry = {
  id: 1767225600001,
  type: 'tratament',
  denumire: 'coroană metalo-ceramică',
  createdAt: '2026-03-11T22:00:00.000Z',
  updated_at: null,
  dinte: '1.6',
  dinteStart: null,
  dinteDestinatie: null,
  side: 'top',
  start: null,
  end: null,
  direction: null,
  fill: null,
  mapID: 1,
  pics: [],
  deleted: [],
  sterilizari: [],
  detalii: 'culoare A2',
  signature: null,
  signed: null,
  medic: 'Dr. Ana Pop',
  version: 3,
};

/** A station request to accept alternative B of a plan (a 50 lei discount on the alternative). */
export const PLAN_REQUEST: StationEvent['request'] = {
  id: 'req-3',
  patientName: 'Popescu Ana',
  content: {
    kind: 'plan',
    patientId: 'p7',
    planId: 'plan-4',
    revision: 2,
    title: 'Reabilitare molari',
    validUntil: '2026-04-30',
    alternative: 'B',
    items: [
      {
        id: 'b1',
        phase: 'Vizita 1',
        name: 'coroană zirconiu',
        teeth: ['1.6'],
        quantity: 1,
        unitPriceBani: 125_000,
        discountBani: 0,
        finalBani: 120_968,
      },
      {
        id: 'b2',
        phase: 'Vizita 1',
        name: 'obturație compozit',
        teeth: ['2.6'],
        quantity: 1,
        unitPriceBani: 30_000,
        discountBani: 0,
        finalBani: 29_032,
      },
    ],
    discountBani: 5_000,
    totalBani: 150_000,
  },
  expiresAt: '2026-03-12T10:15:00.000Z',
};
