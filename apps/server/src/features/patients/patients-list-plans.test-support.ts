import { sql } from 'kysely';
import { generatePatients } from '../../scripts/demo/patient-generator';
import { DEMO_USERS } from '../../scripts/demo-users';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bulkPatientRows, endPatientBulkLoad } from './patients-bulk';

// The PostgreSQL data set of the plan tests: 20,000 patients of the bench's generator (the same names,
// places and phones, so the same selectivities).
export const PATIENTS = 20_000;
const NOW = new Date('2026-03-02T09:00:00.000Z');
export const DOCTOR = DEMO_USERS.medic.nume;

/** The rows in one statement (the generator's rows as JSON), then ANALYZE as after any bulk load. */
export async function loadPlanPatients(t: TestApp): Promise<void> {
  const generated = generatePatients({ count: PATIENTS, seed: 1, doctors: [DOCTOR], now: NOW, days: 3650 })
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map(({ data, createdAt }) => ({ ...data, createdAt }));
  const rows = JSON.stringify(bulkPatientRows(generated, 1));
  await sql`insert into patients select * from json_populate_recordset(null::patients, ${rows}::json)`.execute(
    t.db,
  );
  // A handful deleted, for the admins' bin.
  await sql`update patients set deleted_at = created_at where file_number % 500 = 0`.execute(t.db);
  await endPatientBulkLoad(t.db, 'postgres');
}

/** A PostgreSQL test app holding the plan tests' patients, for a describe block: its `app()`. */
export function usePlanPatients(): () => TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp({ dialect: 'postgres' });
    await loadPlanPatients(t);
  });
  afterAll(async () => t?.close());
  return () => t as TestApp;
}
