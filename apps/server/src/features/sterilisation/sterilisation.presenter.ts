import type {
  Cycle,
  DailyTest,
  Instrument,
  InstrumentStatus,
  InstrumentUse,
} from '@odonto/domain/contracts/sterilisation';
import {
  initialsOf,
  isRecalledUse,
  loadStatus,
  unavailableReason,
  type BiologicalResult,
  type DailyTestKind,
  type IntegratorResult,
  type PackagingType,
} from '@odonto/domain/sterilisation';
import type { AutoclaveTestRow, CycleItemRow, SterilisationCycleRow } from '../../db/database';
import type { InstrumentWithPouch } from './instruments.queries';
import type { UseRow } from './trace.queries';

// The columns hold only these values (check constraints); the casts name them for TypeScript.
export const integratorOf = (value: string) => value as IntegratorResult;
export const biologicalOf = (value: string) => value as BiologicalResult;
const packagingOf = (value: string) => value as PackagingType;
export const ms = (iso: string) => Date.parse(iso);
const msOrNull = (iso: string | null) => (iso === null ? null : Date.parse(iso));

function instrumentStatus(row: InstrumentWithPouch, now: Date): InstrumentStatus {
  if (
    row.id_sterilizare === null ||
    row.use_by === null ||
    row.integrator === null ||
    row.biological === null
  )
    return 'nesterilizat';
  const reason = unavailableReason(
    {
      integrator: integratorOf(row.integrator),
      biological: biologicalOf(row.biological),
      useBy: row.use_by,
      usedAt: row.used_at,
      replaced: false,
    },
    now,
  );
  if (reason === 'load-failed') return 'neconform';
  if (reason === 'used') return 'folosit';
  if (reason === 'expired') return 'expirat';
  return 'disponibil';
}

export function toInstrument(row: InstrumentWithPouch, now: Date): Instrument {
  return {
    _id: row.id,
    name: row.name,
    packaging: packagingOf(row.packaging),
    id_sterilizare: row.id_sterilizare,
    cycleId: row.cycle_id,
    sterilizedAt: msOrNull(row.started_at),
    useBy: msOrNull(row.use_by),
    used_at: msOrNull(row.used_at),
    status: instrumentStatus(row, now),
    version: row.version,
  };
}

export function toCycle(row: SterilisationCycleRow, items: readonly CycleItemRow[]): Cycle {
  return {
    id: row.id,
    startedAt: ms(row.started_at),
    autoclave: row.autoclave,
    programme: row.programme,
    temperature: row.temperature,
    pressure: row.pressure,
    duration: row.duration,
    integrator: integratorOf(row.integrator),
    biological: biologicalOf(row.biological),
    packagingChecked: row.packaging_checked === 1,
    operator: row.operator_name,
    operatorInitials: initialsOf(row.operator_name),
    status: loadStatus(integratorOf(row.integrator), biologicalOf(row.biological)),
    items: items
      .filter((item) => item.cycle_id === row.id)
      .map((item) => ({
        id_sterilizare: item.id_sterilizare,
        instrumentId: item.instrument_id,
        name: item.instrument_name,
        packaging: packagingOf(item.packaging),
        useBy: ms(item.use_by),
        used_at: msOrNull(item.used_at),
      })),
    version: row.version,
  };
}

export function patientLabel(row: { nume: string; prenume: string; file_number: number }): string {
  return `${row.nume} ${row.prenume} (fișa nr. ${row.file_number})`;
}

export function toInstrumentUse(row: UseRow, seesPatients: boolean): InstrumentUse {
  return {
    id_sterilizare: row.id_sterilizare,
    name: row.instrument_name,
    cycleId: row.cycle_id,
    used_at: ms(row.used_at),
    patientId: seesPatients ? row.patient_id : null,
    patient: seesPatients ? `${row.nume} ${row.prenume}` : null,
    fileNumber: seesPatients ? row.file_number : null,
    entryId: Number(row.entry_id),
    denumire: row.denumire ?? '',
    treatmentDate: row.treatment_date ?? '',
    medic: row.medic ?? '',
    recalled: isRecalledUse(integratorOf(row.integrator), biologicalOf(row.biological)),
  };
}

export function toDailyTest(row: AutoclaveTestRow): DailyTest {
  return {
    id: row.id,
    day: row.day,
    at: ms(row.at),
    autoclave: row.autoclave,
    kind: row.kind as DailyTestKind,
    result: integratorOf(row.result),
    operator: row.operator_name,
  };
}
