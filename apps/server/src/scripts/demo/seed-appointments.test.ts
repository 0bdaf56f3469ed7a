import { expect, it } from 'vitest';
import { spansOverlap } from '@odonto/domain/appointments';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { insertPatientRow } from '../../../test/stored-files';
import { DEMO_USERS } from '../demo-users';
import { seedAppointments } from './seed-appointments';

describeEachDialect('demo appointments', ({ useApp }) => {
  const t = useApp();

  it('books this week and past weeks for each demo doctor without overlaps, queues reminders, once', async () => {
    await createUser(t().db, { email: DEMO_USERS.medic.email, roles: ['medic'] });
    await createUser(t().db, { email: DEMO_USERS.medic2.email, roles: ['medic'] });
    for (let i = 0; i < 5; i += 1) await insertPatientRow(t().db);
    // The test clock: Monday 2026-03-02, 11:00 in Bucharest.
    const now = t().clock.now();
    const count = await seedAppointments(t().db, now, 24);
    expect(count).toBeGreaterThan(40);
    expect(await seedAppointments(t().db, now, 24)).toBe(0);

    const rows = await t().db.selectFrom('appointments').selectAll().execute();
    expect(rows).toHaveLength(count);
    expect(rows.some((row) => row.starts_at > now.toISOString())).toBe(true);
    expect(rows.some((row) => row.starts_at < '2026-02-10T00:00:00.000Z')).toBe(true);
    for (const row of rows) {
      const clash = rows.find(
        (other) =>
          other.id !== row.id &&
          other.doctor_id === row.doctor_id &&
          spansOverlap(
            { start: Date.parse(row.starts_at), end: Date.parse(row.ends_at) },
            { start: Date.parse(other.starts_at), end: Date.parse(other.ends_at) },
          ),
      );
      expect(clash).toBeUndefined();
    }
    const reminders = await t()
      .db.selectFrom('outbox')
      .select(['status'])
      .where('kind', '=', 'appointment-reminder')
      .execute();
    expect(reminders.length).toBeGreaterThan(0);
  });
});
