import {
  STERILISATION_MESSAGES as M,
  type Cycle,
  type CycleTraceResponse,
  type InstrumentUse,
  type PatientTraceResponse,
} from '@odonto/domain/contracts/sterilisation';
import { formatInstrumentDate, formatTreatmentDate } from '@odonto/domain/dates';
import { LOAD_STATUS_LABELS, PACKAGING_LABELS, RESULT_LABELS } from '@odonto/domain/sterilisation';
import { writeAudit } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { CSV_BOM, csvLine } from '../audit/audit-csv';
import { findCycle } from './cycles.service';
import { auditActorOf, type Operator, type SterilisationDeps } from './sterilisation-deps';
import { toInstrumentUse } from './sterilisation.presenter';
import { findPatientByFileNumber, findUsesOfCycle, findUsesOfPatient } from './trace.queries';

/**
 * GET /api/instrument/sterilizare/{cycleId}/pacienti (and its CSV): the load and the treatments its
 * pouches went to, the patients named only for a reader who may see patients. Every trace-back is audited.
 */
export async function traceCycle(
  deps: SterilisationDeps,
  reader: Operator,
  cycleId: number,
  format: 'json' | 'csv' = 'json',
): Promise<CycleTraceResponse> {
  const cycle = await findCycle(deps, cycleId);
  const uses = await findUsesOfCycle(deps.db, cycleId);
  await writeAudit(deps.db, deps.now(), auditActorOf(reader), {
    action: 'sterilisation_trace',
    entity: 'sterilisation_cycle',
    entityId: String(cycleId),
    details: { from: 'cycle', format, uses: uses.length, identities: reader.seesPatients },
  });
  return { cycle, uses: uses.map((use) => toInstrumentUse(use, reader.seesPatients)) };
}

/**
 * GET /api/instrument/pacient/{fileNumber}: the pouches (and their loads) used on the patient. A reader
 * who may not see patients gets the pouches without the patient's name, so counting file numbers tells
 * them nothing about who is a patient here.
 */
export async function tracePatient(
  deps: SterilisationDeps,
  reader: Operator,
  fileNumber: number,
): Promise<PatientTraceResponse> {
  const patient = await findPatientByFileNumber(deps.db, fileNumber);
  if (!patient) throw new AppError(404, 'not_found', M.patientNotFound);
  const uses = await findUsesOfPatient(deps.db, patient.id);
  await writeAudit(deps.db, deps.now(), auditActorOf(reader), {
    action: 'sterilisation_trace',
    entity: 'patient',
    entityId: patient.id,
    patientId: patient.id,
    details: { from: 'patient', fileNumber, uses: uses.length, identities: reader.seesPatients },
  });
  return {
    patient: reader.seesPatients
      ? { _id: patient.id, id: patient.file_number, name: `${patient.nume} ${patient.prenume}` }
      : null,
    uses: uses.map((use) => toInstrumentUse(use, reader.seesPatients)),
  };
}

const time = (ms: number) =>
  new Date(ms).toLocaleString('ro-RO', {
    timeZone: 'Europe/Bucharest',
    dateStyle: 'short',
    timeStyle: 'short',
  });

/**
 * The trace-back as a CSV download (UTF-8 with BOM, `;`); without the patient columns for a reader who
 * may not see patients.
 */
export function traceCsv(trace: CycleTraceResponse, seesPatients: boolean): string {
  const columns: [string, (use: InstrumentUse) => string][] = [
    ['Șarja', (use) => String(use.cycleId)],
    ['ID sterilizare', (use) => String(use.id_sterilizare)],
    ['Instrument', (use) => use.name],
    ['Folosit la', (use) => time(use.used_at)],
    ...(seesPatients
      ? ([
          ['Pacient', (use) => use.patient ?? ''],
          ['Fișa', (use) => String(use.fileNumber ?? '')],
        ] satisfies [string, (use: InstrumentUse) => string][])
      : []),
    ['Tratament', (use) => use.denumire],
    ['Data tratamentului', (use) => formatTreatmentDate(use.treatmentDate)],
    ['Medic', (use) => use.medic],
    ['De informat', (use) => (use.recalled ? 'DA' : 'NU')],
  ];
  return (
    CSV_BOM +
    csvLine(columns.map(([title]) => title)) +
    trace.uses.map((use) => csvLine(columns.map(([, value]) => value(use)))).join('')
  );
}

/** The register as a CSV download: one line per pouch, the load's columns repeated. */
export function registerCsv(cycles: readonly Cycle[]): string {
  const header = [
    'Șarja',
    'Data și ora',
    'Autoclav',
    'Program',
    'Temperatura (°C)',
    'Presiunea (bar)',
    'Durata (min)',
    'Integrator clasa 5',
    'Indicator biologic',
    'Ambalaje verificate',
    'Operator',
    'Starea șarjei',
    'ID sterilizare',
    'Instrument',
    'Ambalare',
    'Valabil până la',
  ];
  const lines = cycles.flatMap((cycle) =>
    cycle.items.map((item) =>
      csvLine([
        String(cycle.id),
        time(cycle.startedAt),
        cycle.autoclave,
        cycle.programme,
        String(cycle.temperature).replace('.', ','),
        String(cycle.pressure).replace('.', ','),
        String(cycle.duration),
        cycle.integrator === 'pass' ? 'Conform' : 'Neconform',
        RESULT_LABELS[cycle.biological],
        cycle.packagingChecked ? 'DA' : 'NU',
        cycle.operator,
        LOAD_STATUS_LABELS[cycle.status],
        String(item.id_sterilizare),
        item.name,
        PACKAGING_LABELS[item.packaging],
        formatInstrumentDate(item.useBy),
      ]),
    ),
  );
  return CSV_BOM + csvLine(header) + lines.join('');
}
