import { useOutletContext } from 'react-router';
import type { Patient } from '@odonto/domain/contracts/patients';

/** What the patient layout hands to the screen below its header. */
export interface PatientScreen {
  patient: Patient;
  /**
   * The version the open form is based on: the one loaded, moved on only by this screen's own avatar
   * changes (the server bumps it for them), never by a refresh that brings someone else's edit.
   */
  formVersion: number;
  /** Reads the patient again and bases the form on the fresh version; answers the fresh patient. */
  reload: () => Promise<Patient | undefined>;
}

export function usePatientScreen(): PatientScreen {
  return useOutletContext<PatientScreen>();
}

/** `/history-imgs/{patientId}/{name}`: where the server serves a patient's pictures. */
export function patientImageUrl(patientId: string, name: string): string {
  return `/history-imgs/${encodeURIComponent(patientId)}/${encodeURIComponent(name)}`;
}

/** 'Popescu Ana': surname first, as the clinic files them. */
export function fullName(patient: Pick<Patient, 'nume' | 'prenume'>): string {
  return `${patient.nume} ${patient.prenume}`.trim();
}
