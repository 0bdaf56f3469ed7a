import { afterEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { TEST_DIALECTS } from '../../test/build-test-app';
import { createUser, insertLocationRow } from '../../test/factories';
import { migrateTo, migrationDatabases } from '../../test/migration-databases';
import { insertPatientRow } from '../../test/stored-files';
import { insertAcceptedPlan, insertPlanCharge } from '../features/reports/reports.test-support';
import type { Database } from './database';
import { migrateToLatest } from './migrate';

// Issue 14: plans accepted before they had a location take the location of their first plan charge made at one.
for (const dialect of TEST_DIALECTS) {
  describe(`migration 0030-plan-locations [${dialect}]`, () => {
    const databases = migrationDatabases(dialect);
    afterEach(() => databases.closeAll());

    it('places an accepted plan where its work was first charged; the others stay without one', async () => {
      const db: Kysely<Database> = (await databases.open()).handle.db;
      await migrateTo(db, dialect, '0029-location-receivables');
      const doctor = await createUser(db, { roles: ['medic'], nume: 'Dr. Ana Pop' });
      await insertLocationRow(db, { id: 'nord', name: 'Sediul Nord' });
      await insertLocationRow(db, { id: 'sud', name: 'Sediul Sud' });
      const patientId = await insertPatientRow(db);
      const accepted = (signedAt: string) =>
        insertAcceptedPlan(db, { patientId, doctor, totalBani: 100_000, signedAt });
      const charge = (planId: string, day: string, locationId?: string) =>
        insertPlanCharge(db, { patientId, planId, doctorId: doctor.id, amountBani: 10_000, day, locationId });

      // Worked at Nord, then at Sud: Nord. Its first charge from before locations does not place it.
      const moved = await accepted('2026-02-01T10:00:00.000Z');
      await charge(moved, '2026-02-02');
      await charge(moved, '2026-02-05', 'nord');
      await charge(moved, '2026-02-09', 'sud');
      // Only charges from before locations, and none at all: no location (the report's first location).
      const before = await accepted('2026-02-01T11:00:00.000Z');
      await charge(before, '2026-02-03');
      const untouched = await accepted('2026-02-01T12:00:00.000Z');

      expect(await migrateToLatest(db, dialect)).toContain('0030-plan-locations');
      const rows = await db.selectFrom('treatment_plans').select(['id', 'location_id']).execute();
      const placed = new Map(rows.map((row) => [row.id, row.location_id]));
      expect([placed.get(moved), placed.get(before), placed.get(untouched)]).toEqual(['nord', null, null]);
    });
  });
}
