import type { Patient, PatientListItem, PatientListResponse } from '@odonto/domain/contracts/patients';
import type { PlacesResponse } from '@odonto/domain/contracts/places';
import { COUNTIES } from '@odonto/domain/places';
import type { MockAnswer } from './mock-api';
import { pagedAnswer } from './paging';

/** A patient as GET /api/get-pacient answers it. */
export function makePatient(overrides: Partial<Patient> = {}): Patient {
  return {
    _id: 'p7',
    id: 7,
    nume: 'Popescu',
    prenume: 'Ana',
    email: 'ana.popescu@example.ro',
    telefon: '0722123456',
    birthdate: '1980-05-04',
    varsta: 45,
    createdAt: '2026-03-05T10:00:00.000Z',
    updatedAt: '2026-03-05T10:00:00.000Z',
    judet: 'Brașov',
    oras: 'Brașov',
    tara: 'România',
    medic: 'Dr. Mihai Ionescu',
    igienizare: false,
    blocked: false,
    antecedente: {},
    antecedenteDetalii: '',
    avatar: null,
    _attachments: {},
    history: [],
    anulate: [],
    dintiStersi: [],
    programari: [],
    signature: null,
    version: 3,
    deletedAt: null,
    ...overrides,
  };
}

/** A row of the patient list. */
export function makeListItem(overrides: Partial<PatientListItem> = {}): PatientListItem {
  const { _id, id, nume, prenume, telefon, email, judet, oras, tara, medic, igienizare, blocked, avatar } =
    makePatient();
  return {
    ...{ _id, id, nume, prenume, telefon, email, judet, oras, tara, medic, igienizare, blocked, avatar },
    createdAt: '2026-03-05T10:00:00.000Z',
    deletedAt: null,
    planOpenBani: 0,
    ...overrides,
  };
}

/** The page as the server answers it, its total capped past 1,000 the way the server caps it. */
export function listPage(page: number, total: number, pageSize = 10): PatientListResponse {
  const first = total - (page - 1) * pageSize;
  const { rowCount, ...paged } = pagedAnswer(page, total, pageSize);
  return {
    pacienti: Array.from({ length: rowCount }, (_, index) =>
      makeListItem({ _id: `p${first - index}`, id: first - index, nume: `Pacient${first - index}` }),
    ),
    ...paged,
  };
}

export const DOCTORS: MockAnswer = {
  body: [
    { _id: 'u2', nume: 'Dr. Ioana Stănescu', email: 'ioana@clinica.ro' },
    { _id: 'u3', nume: 'Dr. Mihai Ionescu', email: 'mihai@clinica.ro' },
  ],
};

const PLACES_BODY: PlacesResponse = {
  judete: COUNTIES.map((county) => ({
    auto: county.auto,
    nume: county.nume,
    localitati: county.auto === 'BV' ? 4 : 0,
  })),
  tari: [
    { code: 'RO', nume: 'România' },
    { code: 'DE', nume: 'Germania' },
    { code: 'MD', nume: 'Republica Moldova' },
  ],
};
export const PLACES: MockAnswer = { body: PLACES_BODY };

export const BRASOV_LOCALITIES: MockAnswer = {
  body: {
    auto: 'BV',
    nume: 'Brașov',
    localitati: [
      { nume: 'Brașov', simplu: 'Brasov' },
      { nume: 'Făgăraș', simplu: 'Fagaras' },
      { nume: 'Săcele', simplu: 'Sacele' },
      { nume: 'Bărăbanț', simplu: 'Barabant', comuna: 'Alba Iulia' },
    ],
  },
};

/** The reference data every patient screen reads: doctors, places, Brașov's localities. */
export const REFERENCE_DATA: Record<string, MockAnswer> = {
  'GET /api/get-medici': DOCTORS,
  'GET /api/places': PLACES,
  'GET /api/places/BV': BRASOV_LOCALITIES,
};

/**
 * Screens with lazy pages and Mantine's floating lists can take seconds on a busy machine: waits and
 * tests of these files get more time than the defaults, so a slow run is not a failure.
 */
export const SLOW_SCREEN = { asyncUtilTimeout: 5_000, testTimeout: 20_000 } as const;
