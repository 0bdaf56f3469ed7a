import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test/build-test-app';
import { createUser, insertLocationRow } from '../../test/factories';
import { migrateTo, migrationDatabases } from '../../test/migration-databases';
import { insertPatientRow } from '../../test/stored-files';
import type { Database } from './database';
import { migrateToLatest } from './migrate';
import type { Kysely } from 'kysely';

// Issue 14: a clinic group's receivables by location, backfilled from the ledger as it stands.
for (const dialect of TEST_DIALECTS) {
  describe(`migration 0029-location-receivables [${dialect}]`, () => {
    const databases = migrationDatabases(dialect);
    afterEach(() => databases.closeAll());

    it('stores what is open of each patient’s charges per location; those without one at the first', async () => {
      const db: Kysely<Database> = (await databases.open()).handle.db;
      await migrateTo(db, dialect, '0028-locations');
      const doctor = await createUser(db, { roles: ['medic'] });
      await insertLocationRow(db, { id: 'nord', name: 'Sediul Nord' });
      const first = await db
        .selectFrom('locations')
        .select('id')
        .orderBy('position')
        .executeTakeFirstOrThrow();
      const [ana, dan, ion] = [
        await insertPatientRow(db),
        await insertPatientRow(db),
        await insertPatientRow(db),
      ];

      const charge = async (
        patientId: string,
        locationId: string | null,
        amountBani: number,
        day: string,
        reversesId: string | null = null,
      ) => {
        const id = randomUUID();
        await db
          .insertInto('charges')
          .values({
            id,
            patient_id: patientId,
            location_id: locationId,
            history_entry_id: null,
            plan_id: null,
            plan_item_id: null,
            price_item_id: null,
            doctor_id: doctor.id,
            description: 'Lucrare',
            teeth: '[]',
            quantity: 1,
            amount_bani: amountBani,
            vat_rate_bp: null,
            day,
            reverses_id: reversesId,
            reason: reversesId ? 'Greșit' : null,
            created_by: null,
            created_at: `${day}T08:00:00.000Z`,
          })
          .execute();
        return id;
      };
      const pay = async (patientId: string, amountBani: number, allocations: [string, number][]) => {
        const id = randomUUID();
        await db
          .insertInto('payments')
          .values({
            id,
            patient_id: patientId,
            location_id: null,
            method: 'numerar',
            is_advance: allocations.length === 0 ? 1 : 0,
            amount_bani: amountBani,
            reverses_id: null,
            reason: null,
            note: '',
            receipt_series: null,
            receipt_number: null,
            day: '2026-03-05',
            created_by: doctor.id,
            created_at: '2026-03-05T09:00:00.000Z',
          })
          .execute();
        for (const [chargeId, allocated] of allocations) {
          await db
            .insertInto('allocations')
            .values({
              id: randomUUID(),
              payment_id: id,
              charge_id: chargeId,
              amount_bani: allocated,
              doctor_id: doctor.id,
              commission_bani: 0,
              created_at: '2026-03-05T09:00:00.000Z',
            })
            .execute();
        }
      };

      // Ana: 300 lei before locations (the first location), 500 at Nord partly paid (200), 100 at the first.
      const old = await charge(ana, null, 30_000, '2026-01-10');
      const nordCrown = await charge(ana, 'nord', 50_000, '2026-03-01');
      await charge(ana, first.id, 10_000, '2026-03-02');
      await pay(ana, 20_000, [[nordCrown, 20_000]]);
      // Ana's old charge half paid: 150 lei left at the first location, from 10 January.
      await pay(ana, 15_000, [[old, 15_000]]);
      // Dan: paid in full at Nord; a charge at the first location reversed; 80 lei at Nord still open.
      const paid = await charge(dan, 'nord', 40_000, '2026-02-01');
      await pay(dan, 40_000, [[paid, 40_000]]);
      const wrong = await charge(dan, first.id, 25_000, '2026-02-02');
      await charge(dan, first.id, -25_000, '2026-02-03', wrong);
      await charge(dan, 'nord', 8_000, '2026-02-04');
      // Ion: an advance only (not allocated), no charge: nothing open anywhere.
      await pay(ion, 10_000, []);

      expect(await migrateToLatest(db, dialect)).toContain('0029-location-receivables');

      const rows = await db
        .selectFrom('patient_location_open')
        .select(['patient_id', 'location_id', 'open_bani', 'oldest_open_day'])
        .execute();
      const open = rows
        .map((row) => [row.patient_id, row.location_id, Number(row.open_bani), row.oldest_open_day])
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
      const expected = [
        [ana, first.id, 15_000 + 10_000, '2026-01-10'],
        [ana, 'nord', 30_000, '2026-03-01'],
        [dan, 'nord', 8_000, '2026-02-04'],
      ].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
      expect(open).toEqual(expected);
    });
  });
}
