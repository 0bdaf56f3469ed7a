import { expect, it, vi } from 'vitest';
import type { ReviewSettings } from '@odonto/domain/contracts/reviews';
import { MESSAGES } from '@odonto/domain/messages';
import { describeEachDialect, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf } from '../../../test/http';
import { createAutoRequestJob, runAutoRequests } from './auto-requests';
import { reviewsDeps } from './reviews.routes';
import { createPatient, insertAppointment, reviewAuditRows, signInWith } from './reviews.test-support';

function putSettings(t: TestApp, cookie: string | null, body: unknown) {
  return call(t.app, { method: 'PUT', url: '/api/reviews/settings', cookie, body });
}

describeEachDialect('review collection settings', ({ useApp }) => {
  const getApp = useApp();

  it('are off by SMS until an admin turns them on; everyone with reviews reads them', async () => {
    const t = getApp();
    const admin = await signInWith(t, ['admin']);
    const medic = await signInWith(t, ['medic']);
    const read = async () =>
      (await call(t.app, { url: '/api/reviews/settings', cookie: medic.cookie })).json();
    expect(await read()).toEqual({ autoRequest: false, channel: 'sms' });

    const saved = await putSettings(t, admin.cookie, { autoRequest: true, channel: 'email' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ autoRequest: true, channel: 'email' });
    expect(await read()).toEqual({ autoRequest: true, channel: 'email' });

    const audit = await reviewAuditRows(t);
    expect(audit).toMatchObject([{ action: 'review_settings', user_id: admin.user.id }]);
    expect(JSON.parse(audit[0]?.details ?? '{}')).toEqual({ autoRequest: true, channel: 'email' });
  });

  it('answer 400 for a bad body, 401 without a session, 403 for non-admins', async () => {
    const t = getApp();
    const admin = await signInWith(t, ['admin']);
    const bad = await putSettings(t, admin.cookie, { autoRequest: 'da', channel: 'sms' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toHaveProperty('autoRequest');
    expect((await putSettings(t, null, { autoRequest: true, channel: 'sms' })).statusCode).toBe(401);
    for (const roles of [['medic'], ['asistent'], ['sterilizare']]) {
      const user = await signInWith(t, roles);
      const forbidden = await putSettings(t, user.cookie, { autoRequest: true, channel: 'sms' });
      expect(forbidden.statusCode, roles.join()).toBe(403);
      expect(errorOf(forbidden).message).toBe(MESSAGES.forbidden);
    }
  });
});

describeEachDialect('automatic review requests', ({ useApp }) => {
  const getApp = useApp();

  /** Appointments ending at various times before the test clock's 2026-03-10 12:00 UTC. */
  async function scene(t: TestApp) {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const admin = await signInWith(t, ['admin']);
    const doctor = await createUser(t.db, { roles: ['medic'], nume: 'Dr. Radu Enache' });
    const withPhone = await createPatient(t, admin.cookie, { prenume: 'Ion' });
    const mailOnly = await createPatient(t, admin.cookie, {
      prenume: 'Elena',
      telefon: '',
      email: 'elena@example.ro',
    });
    const blocked = await createPatient(t, admin.cookie, { prenume: 'Dan' });
    await t.db.updateTable('patients').set({ blocked: 1 }).where('id', '=', blocked._id).execute();
    const unreachable = await createPatient(t, admin.cookie, { prenume: 'Mihai', telefon: '', email: '' });
    const at = (iso: string, patientId: string) => insertAppointment(t, patientId, doctor.id, iso, 30);
    const ids = {
      yesterday: await at('2026-03-09T09:00:00.000Z', withPhone._id),
      mailOnly: await at('2026-03-09T10:00:00.000Z', mailOnly._id),
      justEnded: await at('2026-03-10T11:00:00.000Z', withPhone._id),
      lastWeek: await at('2026-03-03T09:00:00.000Z', withPhone._id),
      blocked: await at('2026-03-09T11:00:00.000Z', blocked._id),
      unreachable: await at('2026-03-09T12:00:00.000Z', unreachable._id),
      tomorrow: await at('2026-03-11T09:00:00.000Z', withPhone._id),
    };
    return { admin, ids };
  }

  async function requested(t: TestApp) {
    const rows = await t.db
      .selectFrom('review_requests')
      .select(['appointment_id', 'channel', 'created_by'])
      .orderBy('created_at')
      .orderBy('appointment_id')
      .execute();
    return rows;
  }

  it('sends nothing while the setting is off', async () => {
    const t = getApp();
    await scene(t);
    expect(await runAutoRequests(reviewsDeps(t.app))).toBe(0);
    expect(await requested(t)).toEqual([]);
  });

  it('asks the reachable, unblocked patients of appointments that ended 2 hours to 3 days ago, once', async () => {
    const t = getApp();
    const { admin, ids } = await scene(t);
    const settings: ReviewSettings = { autoRequest: true, channel: 'sms' };
    expect((await putSettings(t, admin.cookie, settings)).statusCode).toBe(200);

    expect(await runAutoRequests(reviewsDeps(t.app))).toBe(2);
    const sent = await requested(t);
    expect(sent).toHaveLength(2);
    expect(sent).toEqual(
      expect.arrayContaining([
        { appointment_id: ids.yesterday, channel: 'sms', created_by: null },
        // No phone: the mail is the way to reach her.
        { appointment_id: ids.mailOnly, channel: 'email', created_by: null },
      ]),
    );
    const audit = (await reviewAuditRows(t)).filter((row) => row.action === 'review_request');
    expect(audit).toHaveLength(2);
    expect(
      audit.every((row) => row.user_id === null && JSON.parse(row.details ?? '{}').automatic === true),
    ).toBe(true);

    // A second pass right away sends nothing new.
    expect(await runAutoRequests(reviewsDeps(t.app))).toBe(0);

    // Two hours later the appointment that had just ended is due too.
    t.clock.advanceMinutes(90);
    expect(await runAutoRequests(reviewsDeps(t.app))).toBe(1);
    expect((await requested(t)).map((row) => row.appointment_id)).toContain(ids.justEnded);

    const never = [ids.lastWeek, ids.blocked, ids.unreachable, ids.tomorrow];
    expect((await requested(t)).some((row) => never.includes(row.appointment_id))).toBe(false);
  });

  it('runs passes on a timer in the server process until stopped', async () => {
    const t = getApp();
    const { admin } = await scene(t);
    await putSettings(t, admin.cookie, { autoRequest: true, channel: 'sms' });
    const job = createAutoRequestJob(reviewsDeps(t.app), 20);
    job.start();
    try {
      await vi.waitFor(async () => expect(await requested(t)).toHaveLength(2), { timeout: 10_000 });
    } finally {
      await job.stop();
    }
    expect(await job.runOnce()).toBe(0);
  });
});
