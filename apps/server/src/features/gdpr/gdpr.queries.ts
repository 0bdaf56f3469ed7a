import type { Kysely } from 'kysely';
import type {
  AllocationRow,
  AuditLogRow,
  ChargeRow,
  Database,
  DocumentRow,
  FileRow,
  HistoryEntryRow,
  HistoryPictureRow,
  InvoiceLineRow,
  InvoiceRow,
  LetterRow,
  PatientRow,
  PaymentRow,
  SignatureRow,
  TreatmentPlanRevisionRow,
  TreatmentPlanRow,
} from '../../db/database';

/** Every row that holds one patient's data (GDPR right of access), deleted and cancelled ones included. */
export interface PatientDataRows {
  patient: PatientRow;
  entries: HistoryEntryRow[];
  pictures: HistoryPictureRow[];
  files: FileRow[];
  appointments: (AppointmentWithDoctor & { deleted_at: string | null })[];
  documents: DocumentRow[];
  signatures: SignatureRow[];
  letters: LetterRow[];
  plans: TreatmentPlanRow[];
  revisions: TreatmentPlanRevisionRow[];
  charges: ChargeRow[];
  payments: PaymentRow[];
  allocations: AllocationRow[];
  invoices: InvoiceRow[];
  invoiceLines: InvoiceLineRow[];
  audit: (AuditLogRow & { user_name: string | null })[];
}

export interface AppointmentWithDoctor {
  id: string;
  starts_at: string;
  ends_at: string;
  note: string;
  trimite_sms: number;
  created_at: string;
  doctor_name: string | null;
}

/** A patient that is not deleted (an export is of a live record), or undefined. */
export async function findExportablePatient(
  db: Kysely<Database>,
  patientId: string,
): Promise<PatientRow | undefined> {
  return db
    .selectFrom('patients')
    .selectAll()
    .where('id', '=', patientId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Reads everything the clinic holds about the patient, in a stable order (oldest first). */
export async function readPatientData(db: Kysely<Database>, patient: PatientRow): Promise<PatientDataRows> {
  const id = patient.id;
  const [entries, pictures, files, appointments, documents, signatures, letters, plans, charges, payments] =
    await Promise.all([
      db
        .selectFrom('history_entries')
        .selectAll()
        .where('patient_id', '=', id)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('history_pictures')
        .selectAll()
        .where('patient_id', '=', id)
        .orderBy('entry_id')
        .orderBy('position')
        .execute(),
      db
        .selectFrom('files')
        .selectAll()
        .where('patient_id', '=', id)
        .where('deleted_at', 'is', null)
        .orderBy('created_at')
        .orderBy('name')
        .execute(),
      db
        .selectFrom('appointments')
        .leftJoin('users', 'users.id', 'appointments.doctor_id')
        .select([
          'appointments.id',
          'appointments.starts_at',
          'appointments.ends_at',
          'appointments.note',
          'appointments.trimite_sms',
          'appointments.created_at',
          'appointments.deleted_at',
          'users.nume as doctor_name',
        ])
        .where('appointments.patient_id', '=', id)
        .orderBy('appointments.starts_at')
        .orderBy('appointments.id')
        .execute(),
      db
        .selectFrom('documents')
        .selectAll()
        .where('patient_id', '=', id)
        .orderBy('day')
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('signatures')
        .selectAll()
        .where('patient_id', '=', id)
        .orderBy('signed_at')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('letters')
        .selectAll()
        .where('patient_id', '=', id)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
      db.selectFrom('treatment_plans').selectAll().where('patient_id', '=', id).orderBy('number').execute(),
      db
        .selectFrom('charges')
        .selectAll()
        .where('patient_id', '=', id)
        .orderBy('day')
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('payments')
        .selectAll()
        .where('patient_id', '=', id)
        .orderBy('day')
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
    ]);
  const [revisions, allocations, invoices, audit] = await Promise.all([
    db
      .selectFrom('treatment_plan_revisions')
      .innerJoin('treatment_plans', 'treatment_plans.id', 'treatment_plan_revisions.plan_id')
      .selectAll('treatment_plan_revisions')
      .where('treatment_plans.patient_id', '=', id)
      .orderBy('treatment_plan_revisions.plan_id')
      .orderBy('treatment_plan_revisions.revision')
      .execute(),
    db
      .selectFrom('allocations')
      .innerJoin('payments', 'payments.id', 'allocations.payment_id')
      .selectAll('allocations')
      .where('payments.patient_id', '=', id)
      .orderBy('allocations.created_at')
      .orderBy('allocations.id')
      .execute(),
    db
      .selectFrom('invoices')
      .selectAll()
      .where('patient_id', '=', id)
      .orderBy('issue_date')
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('audit_log')
      .leftJoin('users', 'users.id', 'audit_log.user_id')
      .selectAll('audit_log')
      .select('users.nume as user_name')
      .where('audit_log.patient_id', '=', id)
      .orderBy('audit_log.id')
      .execute(),
  ]);
  const invoiceLines =
    invoices.length === 0
      ? []
      : await db
          .selectFrom('invoice_lines')
          .selectAll()
          .where(
            'invoice_id',
            'in',
            invoices.map((invoice) => invoice.id),
          )
          .orderBy('invoice_id')
          .orderBy('position')
          .execute();
  return {
    patient,
    entries,
    pictures,
    files,
    appointments,
    documents,
    signatures,
    letters,
    plans,
    revisions,
    charges,
    payments,
    allocations,
    invoices,
    invoiceLines,
    audit,
  };
}
