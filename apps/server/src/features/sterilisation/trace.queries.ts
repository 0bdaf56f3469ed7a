import type { Kysely } from 'kysely';
import type { AutoclaveTestRow, Database } from '../../db/database';

/** Uses of pouches with the treatment, the patient and the load's results. */
function usesQuery(db: Kysely<Database>) {
  return db
    .selectFrom('instrument_usages as u')
    .innerJoin('cycle_items as ci', 'ci.id_sterilizare', 'u.id_sterilizare')
    .innerJoin('sterilisation_cycles as c', 'c.id', 'ci.cycle_id')
    .innerJoin('patients as p', 'p.id', 'u.patient_id')
    .leftJoin('history_entries as h', (join) =>
      join.onRef('h.patient_id', '=', 'u.patient_id').onRef('h.id', '=', 'u.entry_id'),
    )
    .select([
      'u.id_sterilizare',
      'ci.instrument_name',
      'ci.cycle_id',
      'u.used_at',
      'u.patient_id',
      'u.entry_id',
      'p.nume',
      'p.prenume',
      'p.file_number',
      'h.denumire',
      'h.created_at as treatment_date',
      'h.medic',
      'c.integrator',
      'c.biological',
    ]);
}
export type UseRow = Awaited<ReturnType<ReturnType<typeof usesQuery>['execute']>>[number];

export async function findUsesOfCycle(db: Kysely<Database>, cycleId: number): Promise<UseRow[]> {
  return usesQuery(db)
    .where('ci.cycle_id', '=', cycleId)
    .orderBy('u.used_at')
    .orderBy('u.id_sterilizare')
    .execute();
}

export async function findUsesOfPatient(db: Kysely<Database>, patientId: string): Promise<UseRow[]> {
  return usesQuery(db).where('u.patient_id', '=', patientId).orderBy('u.used_at', 'desc').execute();
}

export async function findPatientByFileNumber(db: Kysely<Database>, fileNumber: number) {
  return db
    .selectFrom('patients')
    .select(['id', 'file_number', 'nume', 'prenume'])
    .where('file_number', '=', fileNumber)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export interface EventFilter {
  instrumentId?: string;
  /** Normalised name prefix. */
  prefixKey?: string;
  /** A whole day [from, to], ISO instants. */
  from?: string;
  to?: string;
}

/** Sterilisations of the matching instruments, newest first. */
export async function findSterilisationEvents(db: Kysely<Database>, filter: EventFilter) {
  let query = db
    .selectFrom('cycle_items as ci')
    .innerJoin('sterilisation_cycles as c', 'c.id', 'ci.cycle_id')
    .innerJoin('instruments as i', 'i.id', 'ci.instrument_id')
    .select([
      'ci.id_sterilizare',
      'ci.instrument_id',
      'ci.instrument_name',
      'ci.cycle_id',
      'ci.use_by',
      'c.started_at',
      'c.integrator',
      'c.biological',
      'c.operator_name',
    ]);
  if (filter.instrumentId) query = query.where('ci.instrument_id', '=', filter.instrumentId);
  if (filter.prefixKey) {
    const prefix = filter.prefixKey;
    query = query.where((eb) =>
      eb(eb.fn('substr', ['i.name_key', eb.val(1), eb.val(prefix.length)]), '=', prefix),
    );
  }
  if (filter.from && filter.to)
    query = query.where('c.started_at', '>=', filter.from).where('c.started_at', '<=', filter.to);
  return query.orderBy('c.started_at', 'desc').orderBy('ci.id_sterilizare', 'desc').limit(500).execute();
}

/** Uses of the matching instruments' pouches, newest first. */
export async function findUseEvents(db: Kysely<Database>, filter: EventFilter) {
  let query = usesQuery(db)
    .innerJoin('instruments as i', 'i.id', 'ci.instrument_id')
    .select(['ci.instrument_id', 'ci.use_by', 'u.used_by']);
  if (filter.instrumentId) query = query.where('ci.instrument_id', '=', filter.instrumentId);
  if (filter.prefixKey) {
    const prefix = filter.prefixKey;
    query = query.where((eb) =>
      eb(eb.fn('substr', ['i.name_key', eb.val(1), eb.val(prefix.length)]), '=', prefix),
    );
  }
  if (filter.from && filter.to)
    query = query.where('u.used_at', '>=', filter.from).where('u.used_at', '<=', filter.to);
  return query.orderBy('u.used_at', 'desc').limit(500).execute();
}

export async function insertDailyTest(trx: Kysely<Database>, row: AutoclaveTestRow): Promise<void> {
  await trx.insertInto('autoclave_tests').values(row).execute();
}

/** Daily tests of the clinic days [fromDay, toDay] (YYYY-MM-DD), in order. */
export async function findDailyTests(
  db: Kysely<Database>,
  fromDay: string,
  toDay: string,
  autoclaves?: readonly string[],
): Promise<AutoclaveTestRow[]> {
  if (autoclaves?.length === 0) return [];
  return db
    .selectFrom('autoclave_tests')
    .selectAll()
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .$if(autoclaves !== undefined, (query) => query.where('autoclave', 'in', autoclaves ?? []))
    .orderBy('at')
    .execute();
}
