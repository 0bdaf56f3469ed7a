import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { Patient, PatientData, patientInput } from '@odonto/domain/contracts/patients';
import { ANTECEDENT_KEYS } from '@odonto/domain/antecedents';
import { stripSpaces } from '@odonto/domain/filters';
import { isApiError } from '../../lib/http';
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

const FORM_FIELDS = new Set<string>(Object.keys(emptyPatientValues()));

/**
 * Puts the server's field messages (a 400 with `fields`) under their fields; answers whether any was
 * placed. 'antecedente.alergii.text' lands on that note.
 */
export function showServerFieldErrors(form: PatientForm, error: unknown): boolean {
  if (!isApiError(error, 400)) return false;
  let isPlaced = false;
  for (const [path, message] of Object.entries(error.fields)) {
    const root = path.split('.')[0] ?? '';
    if (!FORM_FIELDS.has(root)) continue;
    form.setError(path as keyof PatientFormInput, { type: 'server', message }, { shouldFocus: !isPlaced });
    isPlaced = true;
  }
  return isPlaced;
}
