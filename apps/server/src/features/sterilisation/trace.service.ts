import {
  STERILISATION_MESSAGES as M,
  type Cycle,
  type CycleTraceResponse,
  type InstrumentUse,
  type PatientTraceResponse,
} from '@odonto/domain/contracts/sterilisation';
import { formatInstrumentDate, formatTreatmentDate } from '@odonto/domain/dates';
import { LOAD_STATUS_LABELS, PACKAGING_LABELS, RESULT_LABELS } from '@odonto/domain/sterilisation';
import { AppError } from '../../plugins/errors';
import { CSV_BOM, csvLine } from '../audit/audit-csv';
import { findCycle } from './cycles.service';
import type { SterilisationDeps } from './sterilisation-deps';
import { toInstrumentUse } from './sterilisation.presenter';
import { findPatientByFileNumber, findUsesOfCycle, findUsesOfPatient } from './trace.queries';

/** GET /api/instrument/sterilizare/{cycleId}/pacienti: the load and the treatments its pouches went to. */
export async function traceCycle(deps: SterilisationDeps, cycleId: number): Promise<CycleTraceResponse> {
  const cycle = await findCycle(deps, cycleId);
  const uses = await findUsesOfCycle(deps.db, cycleId);
  return { cycle, uses: uses.map(toInstrumentUse) };
}

/** GET /api/instrument/pacient/{fileNumber}: the pouches (and their loads) used on the patient. */
export async function tracePatient(
  deps: SterilisationDeps,
  fileNumber: number,
): Promise<PatientTraceResponse> {
  const patient = await findPatientByFileNumber(deps.db, fileNumber);
  if (!patient) throw new AppError(404, 'not_found', M.patientNotFound);
  const uses = await findUsesOfPatient(deps.db, patient.id);
  return {
    patient: { _id: patient.id, id: patient.file_number, name: `${patient.nume} ${patient.prenume}` },
    uses: uses.map(toInstrumentUse),
  };
}

const time = (ms: number) =>
  new Date(ms).toLocaleString('ro-RO', {
    timeZone: 'Europe/Bucharest',
    dateStyle: 'short',
    timeStyle: 'short',
  });

/** The trace-back as a CSV download (UTF-8 with BOM, `;`). */
export function traceCsv(trace: CycleTraceResponse): string {
  const header = [
    'Șarja',
    'ID sterilizare',
    'Instrument',
    'Folosit la',
    'Pacient',
    'Fișa',
    'Tratament',
    'Data tratamentului',
    'Medic',
    'De informat',
  ];
  return (
    CSV_BOM +
    csvLine(header) +
    trace.uses
      .map((use: InstrumentUse) =>
        csvLine([
          String(use.cycleId),
          String(use.id_sterilizare),
          use.name,
          time(use.used_at),
          use.patient,
          String(use.fileNumber),
          use.denumire,
          formatTreatmentDate(use.treatmentDate),
          use.medic,
          use.recalled ? 'DA' : 'NU',
        ]),
      )
      .join('')
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
