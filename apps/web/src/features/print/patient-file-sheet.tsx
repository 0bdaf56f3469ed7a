import type { Appointment } from '@odonto/domain/contracts/appointments';
import type { ClinicSettings } from '@odonto/domain/contracts/clinic';
import type { Patient } from '@odonto/domain/contracts/patients';
import type { SignatureRecord } from '@odonto/domain/contracts/signatures';
import { DentalChart } from '../chart/dental-chart';
import { PrintedDocument } from './letterhead';
import {
  AppointmentTable,
  MedicalHistory,
  PatientFacts,
  SignatureTable,
  TreatmentTable,
} from './patient-file-sections';
import classes from './print.module.css';

export interface PatientFileSheetProps {
  patient: Patient;
  clinic: ClinicSettings;
  /** When the print was recorded (printed at the foot of every page). */
  printedAt: string;
  appointments: readonly Appointment[];
  signatures: readonly SignatureRecord[];
  /** Shown in a modal rather than printed. */
  isPreview?: boolean;
}

/** The printed patient file (A4): letterhead, data, allergies and history, chart, treatments, appointments, signatures. */
export function PatientFileSheet({
  patient,
  clinic,
  printedAt,
  appointments,
  signatures,
  isPreview = false,
}: PatientFileSheetProps) {
  const name = `${patient.nume} ${patient.prenume}`;
  return (
    <PrintedDocument
      clinic={clinic}
      printedAt={printedAt}
      label={`Fișa pacientului ${name}`}
      isPreview={isPreview}
    >
      <h1 className={classes.title}>Fișa pacientului</h1>
      <PatientFacts patient={patient} />
      <MedicalHistory patient={patient} />
      <section className={`${classes.section} ${classes.chart}`} aria-label="Schiță dentară">
        <h2 className={classes.sectionTitle}>Schiță dentară</h2>
        <DentalChart history={patient.history} dintiStersi={patient.dintiStersi} printable />
      </section>
      <TreatmentTable history={patient.history} cancelled={patient.anulate} />
      <AppointmentTable appointments={appointments} />
      <SignatureTable
        patientId={patient._id}
        signatures={signatures}
        history={[...patient.history, ...patient.anulate]}
      />
    </PrintedDocument>
  );
}
