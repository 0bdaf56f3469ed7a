import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { migrateTo, migrationDatabases } from '../../test/migration-databases';
import type { Database } from './database';
import { migrateToLatest } from './migrate';
import { FIRST_LOCATION_NAME } from './migrations/0028-locations';

// Issue 14: a single-clinic database migrated to locations becomes a group of one, without loss.
for (const dialect of TEST_DIALECTS) {
  describe(`migration 0028-locations [${dialect}]`, () => {
    const databases = migrationDatabases(dialect);
    afterEach(() => databases.closeAll());

    async function openFresh(): Promise<Kysely<Database>> {
      return (await databases.open()).handle.db;
    }

    it('moves the clinic into one location with its address and phone, every appointment in it', async () => {
      const db = await openFresh();
      await migrateTo(db, dialect, '0027-rate-limits');

      const at = '2026-03-02T09:00:00.000Z';
      const clinic = JSON.stringify({
        nume: 'Clinica Zâmbet',
        adresa: 'Str. Mării 5, Iași',
        telefon: '0232111222',
      });
      await db.insertInto('settings').values({ key: 'clinic', value: clinic, updated_at: at }).execute();
      const doctor = await createUser(db, { roles: ['medic'] });
      const patientId = randomUUID();
      await db
        .insertInto('patients')
        .values({
          id: patientId,
          file_number: 1,
          nume: 'Popescu',
          prenume: 'Ana',
          email: '',
          telefon: '0722000001',
          birthdate: null,
          judet: 'Iași',
          oras: 'Iași',
          tara: 'România',
          medic: '',
          igienizare: 0,
          blocked: 0,
          antecedente: '{}',
          antecedente_detalii: '',
          dinti_stersi: '[]',
          avatar: null,
          search_key: 'popescu ana',
          judet_norm: 'iasi',
          oras_norm: 'iasi',
          tara_norm: 'romania',
          medic_norm: '',
          created_at: at,
          updated_at: at,
          version: 1,
          deleted_at: null,
          deleted_by: null,
          anonymised_at: null,
          anonymised_by: null,
        })
        .execute();
      const appointment = (day: number, deleted: boolean) => ({
        id: randomUUID(),
        patient_id: patientId,
        doctor_id: doctor.id,
        starts_at: `2026-03-0${day}T08:00:00.000Z`,
        ends_at: `2026-03-0${day}T08:30:00.000Z`,
        note: `Control ${day}`,
        trimite_sms: 1,
        created_at: at,
        created_by: doctor.id,
        updated_at: at,
        version: 1,
        deleted_at: deleted ? at : null,
        deleted_by: deleted ? doctor.id : null,
      });
      // The table as migration 0027 left it: no location columns yet.
      await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
        .insertInto('appointments')
        .values([appointment(2, false), appointment(3, false), appointment(4, true)])
        .execute();

      const before = {
        appointments: await db.selectFrom('appointments').selectAll().orderBy('id').execute(),
        settings: await db.selectFrom('settings').selectAll().orderBy('key').execute(),
        patients: await db.selectFrom('patients').selectAll().execute(),
        users: await db.selectFrom('users').selectAll().execute(),
      };

      expect(await migrateToLatest(db, dialect)).toContain('0028-locations');

      const locations = await db.selectFrom('locations').selectAll().execute();
      expect(locations).toHaveLength(1);
      expect(locations[0]).toMatchObject({
        name: FIRST_LOCATION_NAME,
        address: 'Str. Mării 5, Iași',
        phone: '0232111222',
        opens_at: null,
        closes_at: null,
        position: 1,
        archived_at: null,
        version: 1,
      });
      const after = await db.selectFrom('appointments').selectAll().orderBy('id').execute();
      expect(after).toEqual(
        before.appointments.map((row) => ({ ...row, location_id: locations[0]?.id, chair_id: null })),
      );
      expect(await db.selectFrom('settings').selectAll().orderBy('key').execute()).toEqual(before.settings);
      expect(await db.selectFrom('patients').selectAll().execute()).toEqual(before.patients);
      expect(await db.selectFrom('users').selectAll().execute()).toEqual(before.users);
      expect(await db.selectFrom('chairs').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('user_locations').selectAll().execute()).toEqual([]);
    });

    it('creates the first location with an empty address when the clinic saved none', async () => {
      const db = await openFresh();
      await migrateTo(db, dialect, '0027-rate-limits');
      await migrateToLatest(db, dialect);
      const locations = await db.selectFrom('locations').select(['name', 'address', 'phone']).execute();
      expect(locations).toEqual([{ name: FIRST_LOCATION_NAME, address: '', phone: '' }]);
    });
  });
}
