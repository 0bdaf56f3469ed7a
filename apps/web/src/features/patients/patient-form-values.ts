import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { Patient, PatientData, patientInput } from '@odonto/domain/contracts/patients';
import { ANTECEDENT_ITEMS, ANTECEDENT_KEYS } from '@odonto/domain/antecedents';
import { stripSpaces } from '@odonto/domain/filters';
import { DEFAULT_COUNTRY } from '../places/place-pickers';

/** What the form holds while the user types, and what it hands over once valid. */
export type PatientFormInput = z.input<typeof patientInput>;
export type PatientForm = UseFormReturn<PatientFormInput, unknown, PatientData>;

/** Every checklist item, unticked unless `marked` has it: each checkbox needs a value of its own. */
function checklist(marked: PatientData['antecedente']): PatientData['antecedente'] {
  return Object.fromEntries(
    ANTECEDENT_KEYS.map((key) => [key, { val: marked[key]?.val === true, text: marked[key]?.text ?? '' }]),
  );
}

/** The empty form of a new patient: România, nothing else chosen. */
export function emptyPatientValues(): PatientData {
  return {
    nume: '',
    prenume: '',
    email: '',
    telefon: '',
    birthdate: null,
    judet: '',
    oras: '',
    tara: DEFAULT_COUNTRY,
    medic: '',
    igienizare: false,
    antecedente: checklist({}),
    antecedenteDetalii: '',
  };
}

/** The form's values for a loaded patient. */
export function patientValues(patient: Patient): PatientData {
  return {
    nume: patient.nume,
    prenume: patient.prenume,
    email: patient.email,
    telefon: patient.telefon,
    birthdate: patient.birthdate,
    judet: patient.judet,
    oras: patient.oras,
    tara: patient.tara || DEFAULT_COUNTRY,
    medic: patient.medic,
    igienizare: patient.igienizare,
    antecedente: checklist(patient.antecedente),
    antecedenteDetalii: patient.antecedenteDetalii,
  };
}

/** The body to send: phone without spaces (SPEC.md §5), only the ticked medical-history items. */
export function patientPayload(values: PatientData): PatientData {
  const antecedente = Object.fromEntries(
    Object.entries(values.antecedente)
      .filter(([, item]) => item.val)
      .map(([key, item]) => [key, item.text ? { val: true, text: item.text } : { val: true }]),
  );
  return { ...values, telefon: stripSpaces(values.telefon), antecedente };
}

/** The fields' labels in the form's order, for the list of errors above the form. */
export const PATIENT_FIELD_LABELS: Readonly<Record<string, string>> = {
  nume: 'Nume',
  prenume: 'Prenume',
  telefon: 'Telefon',
  email: 'Email',
  birthdate: 'Data nașterii',
  tara: 'Țară',
  judet: 'Județ',
  oras: 'Oraș / localitate',
  medic: 'Medic',
  igienizare: 'Igienizare',
  ...Object.fromEntries(
    ANTECEDENT_ITEMS.map((item) => [`antecedente.${item.key}.text`, `Notă: ${item.label}`]),
  ),
  antecedenteDetalii: 'Detalii antecedente',
};
