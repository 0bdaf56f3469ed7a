import { ageInYears } from '@odonto/domain/dates';
import { toInstant } from '@odonto/domain/clinic-time';
import { isTooth } from '@odonto/domain/teeth';
import {
  antecedente,
  type CancelledHistoryEntry,
  type Patient,
  type PatientData,
  type PatientHistoryEntry,
  type PatientListItem,
} from '@odonto/domain/contracts/patients';
import type { PatientRow, PatientsTable } from '../../db/database';
import { parseStringArray, toJsonText } from '../../db/json';
import { filterValue, patientSearchKey } from './patient-search';

/** The columns a patient form writes, with the normalised copies the search and the filters read. */
export type PatientFormColumns = Pick<
  PatientsTable,
  | 'nume'
  | 'prenume'
  | 'email'
  | 'telefon'
  | 'birthdate'
  | 'judet'
  | 'oras'
  | 'tara'
  | 'medic'
  | 'igienizare'
  | 'antecedente'
  | 'antecedente_detalii'
  | 'search_key'
  | 'judet_norm'
  | 'oras_norm'
  | 'tara_norm'
  | 'medic_norm'
>;

export function formColumns(data: PatientData): PatientFormColumns {
  return {
    nume: data.nume,
    prenume: data.prenume,
    email: data.email,
    telefon: data.telefon,
    birthdate: data.birthdate,
    judet: data.judet,
    oras: data.oras,
    tara: data.tara,
    medic: data.medic,
    igienizare: data.igienizare ? 1 : 0,
    antecedente: toJsonText(data.antecedente),
    antecedente_detalii: data.antecedenteDetalii,
    search_key: patientSearchKey(data),
    judet_norm: filterValue(data.judet) ?? '',
    oras_norm: filterValue(data.oras) ?? '',
    tara_norm: filterValue(data.tara) ?? '',
    medic_norm: filterValue(data.medic) ?? '',
  };
}

/** The form's fields of a stored patient, to compare with what a form sends. */
export function formData(row: PatientRow): PatientData {
  return {
    nume: row.nume,
    prenume: row.prenume,
    email: row.email,
    telefon: row.telefon,
    birthdate: row.birthdate,
    judet: row.judet,
    oras: row.oras,
    tara: row.tara,
    medic: row.medic,
    igienizare: row.igienizare === 1,
    antecedente: parseAntecedente(row.antecedente),
    antecedenteDetalii: row.antecedente_detalii,
  };
}

/** The names of the form fields whose values differ, in the form's order (for the audit log). */
export function changedFields(before: PatientData, after: PatientData): string[] {
  return (Object.keys(after) as (keyof PatientData)[]).filter(
    (key) => canonicalJson(before[key]) !== canonicalJson(after[key]),
  );
}

/** A full patient as GET /api/get-pacient answers it, with its history when given; later lists start empty. */
export function toPatient(
  row: PatientRow,
  now: Date,
  history: PatientHistoryEntry[] = [],
  anulate: CancelledHistoryEntry[] = [],
): Patient {
  return {
    ...toListItem(row),
    birthdate: row.birthdate,
    varsta: ageOf(row.birthdate, now),
    anonimizatLa: row.anonymised_at,
    updatedAt: row.updated_at,
    antecedente: parseAntecedente(row.antecedente),
    antecedenteDetalii: row.antecedente_detalii,
    _attachments: {},
    history,
    anulate,
    dintiStersi: parseStringArray(row.dinti_stersi).filter(isTooth),
    programari: [],
    signature: null,
    version: row.version,
  };
}

export type PatientListRow = Pick<
  PatientRow,
  | 'id'
  | 'file_number'
  | 'nume'
  | 'prenume'
  | 'telefon'
  | 'email'
  | 'judet'
  | 'oras'
  | 'tara'
  | 'medic'
  | 'igienizare'
  | 'blocked'
  | 'avatar'
  | 'created_at'
  | 'deleted_at'
>;

/** A row of the patient list; `planOpenBani` from the plans feature (planOpenBani). */
export function toListItem(row: PatientListRow, planOpenBani = 0): PatientListItem {
  return {
    _id: row.id,
    id: Number(row.file_number),
    nume: row.nume,
    prenume: row.prenume,
    telefon: row.telefon,
    email: row.email,
    judet: row.judet,
    oras: row.oras,
    tara: row.tara,
    medic: row.medic,
    igienizare: row.igienizare === 1,
    blocked: row.blocked === 1,
    avatar: row.avatar,
    createdAt: row.created_at,
    deletedAt: row.deleted_at,
    planOpenBani,
  };
}

function ageOf(birthdate: string | null, now: Date): number | null {
  // A value that is not a real day (imported data) shows no age rather than failing the whole answer.
  if (birthdate === null || Number.isNaN(toInstant(birthdate))) return null;
  return ageInYears(birthdate, now);
}

function parseAntecedente(text: string): PatientData['antecedente'] {
  try {
    const parsed = antecedente.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, nested: unknown) =>
    nested && typeof nested === 'object' && !Array.isArray(nested)
      ? Object.fromEntries(Object.entries(nested).sort(([a], [b]) => a.localeCompare(b)))
      : nested,
  );
}
