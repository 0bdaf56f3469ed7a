import type { PatientHistoryEntry } from '@odonto/domain/contracts/patients';

/** A stored history entry as GET /api/get-pacient answers it (test data for the chart). */
export function makeEntry(overrides: Partial<PatientHistoryEntry> = {}): PatientHistoryEntry {
  return {
    id: 1767225600000,
    type: 'tratament',
    denumire: 'coroană metalo-ceramică',
    createdAt: '2026-03-10',
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
    detalii: '',
    signature: null,
    medic: 'Dr. Ioana Stănescu',
    version: 1,
    ...overrides,
  };
}
