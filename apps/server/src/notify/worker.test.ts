import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { Appointment } from '@odonto/domain/contracts/appointments';
import { describeEachDialect } from '../../test/build-test-app';
import { call } from '../../test/http';
import {
  book,
  clinic,
  form,
  reminderRows,
  remove,
  signInAgain,
  update,
} from '../features/appointments/appointments.test-support';
import { REMINDER_SKIP_REASONS } from '../features/appointments/reminders.service';
import { createOutboxWorker } from './worker';
import { startSmsGateway } from './worker.test-support';

// The booked appointment is 2026-03-05 10:00 in Bucharest (08:00Z); its reminder is due 24 h before.
const DUE = '2026-03-04T08:00:00.000Z';
const AFTER_DUE = '2026-03-04T08:00:30.000Z';

describeEachDialect('SMS reminders through the outbox worker', ({ build }) => {
  let gateway: Awaited<ReturnType<typeof startSmsGateway>> | null = null;
  let closeApp: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await closeApp?.();
    await gateway?.close();
    closeApp = null;
    gateway = null;
  });

  async function appWithGateway(respond?: (n: number) => number) {
    gateway = await startSmsGateway(respond);
    const t = await build({
      env: { SMS_PROVIDER: 'http', SMS_HTTP_URL: gateway.url, SMS_HTTP_TOKEN: 'secret-token' },
    });
    closeApp = t.close;
    return { t, gateway };
  }

  it('sends a due reminder exactly once even with two workers', async () => {
    const { t, gateway } = await appWithGateway();
    const c = await clinic(t);
    const booked = await book(t, c);
    expect(booked.reminder?.sendAfter).toBe(DUE);

    // Not due yet: nothing goes out.
    expect(await t.app.outboxWorker.runOnce()).toBe(0);
    t.clock.set(AFTER_DUE);
    const others = [1, 2].map(() =>
      createOutboxWorker({
        db: t.db,
        dialect: t.dialect,
        now: t.clock.now,
        log: t.app.log,
        sms: t.app.sms,
        intervalMs: 1000,
      }),
    );
    const handled = await Promise.all([t.app.outboxWorker, ...others].map((worker) => worker.runOnce()));
    expect(handled.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await Promise.all(others.map((worker) => worker.runOnce()))).toEqual([0, 0]);

    expect(gateway.received).toHaveLength(1);
    expect(gateway.received[0]).toMatchObject({
      to: '+40722123456',
      text: 'Buna ziua, Ana Popescu! Va reamintim programarea la Clinica Odonto pe 05.03.2026, ora 10:00, cu dr. Ana Pop.',
    });
    expect(gateway.received[0]?.headers.authorization).toBe('Bearer secret-token');
    const [row] = await reminderRows(t, booked._id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, sent_at: AFTER_DUE, last_error: null });

    const later = await signInAgain(t, c);
    const list = await call(t.app, { url: `/api/get-programari/${c.patientId}`, cookie: later.cookie });
    expect(list.json<Appointment[]>()[0]?.reminder).toMatchObject({ status: 'sent', sentAt: AFTER_DUE });
  });

  it('retries a failing gateway with back-off until it accepts', async () => {
    const { t, gateway } = await appWithGateway((n) => (n <= 2 ? 503 : 200));
    const c = await clinic(t);
    const booked = await book(t, c);
    t.clock.set(AFTER_DUE);

    expect(await t.app.outboxWorker.runOnce()).toBe(1);
    let [row] = await reminderRows(t, booked._id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, send_after: '2026-03-04T08:01:30.000Z' });
    expect(row?.last_error).toContain('503');
    // Not again before the back-off has passed.
    expect(await t.app.outboxWorker.runOnce()).toBe(0);

    t.clock.advanceMinutes(1);
    expect(await t.app.outboxWorker.runOnce()).toBe(1);
    [row] = await reminderRows(t, booked._id);
    expect(row).toMatchObject({ status: 'queued', attempts: 2, send_after: '2026-03-04T08:06:30.000Z' });

    t.clock.advanceMinutes(5);
    expect(await t.app.outboxWorker.runOnce()).toBe(1);
    [row] = await reminderRows(t, booked._id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect(gateway.received).toHaveLength(3);
    // Each try names the same message, so a gateway can tell a retry from a new SMS.
    expect(new Set(gateway.received.map((sms) => sms.headers['idempotency-key']))).toEqual(
      new Set([row?.id]),
    );
  });

  it('marks a reminder failed with the reason after the last retry', async () => {
    const { t, gateway } = await appWithGateway(() => 500);
    const c = await clinic(t);
    const booked = await book(t, c);
    t.clock.set(AFTER_DUE);
    for (let i = 0; i < 5; i += 1) {
      await t.app.outboxWorker.runOnce();
      t.clock.advanceMinutes(61);
    }
    const [row] = await reminderRows(t, booked._id);
    expect(row).toMatchObject({ status: 'failed', attempts: 5 });
    expect(row?.last_error).toContain('500');
    expect(gateway.received).toHaveLength(5);
    expect(await t.app.outboxWorker.runOnce()).toBe(0);
  });

  it('re-queues a moved appointment and sends only the new reminder', async () => {
    const { t, gateway } = await appWithGateway();
    const c = await clinic(t);
    const booked = await book(t, c);
    t.clock.advanceMinutes(1);
    const moved = await update(t, c, {
      ...form(c.doctor.id, [14, 0], [14, 30], { createdAt: '2026-03-06' }),
      _id: booked._id,
      version: booked.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const rows = await reminderRows(t, booked._id);
    expect(rows.map((row) => [row.status, row.send_after])).toEqual([
      ['cancelled', DUE],
      ['queued', '2026-03-05T12:00:00.000Z'],
    ]);

    t.clock.set(AFTER_DUE);
    expect(await t.app.outboxWorker.runOnce()).toBe(0);
    t.clock.set('2026-03-05T12:00:00.000Z');
    expect(await t.app.outboxWorker.runOnce()).toBe(1);
    expect(gateway.received.map((sms) => sms.text)).toEqual([
      expect.stringContaining('pe 06.03.2026, ora 14:00'),
    ]);

    // Moved again after the reminder went out: the new time gets its own reminder.
    t.clock.advanceMinutes(1);
    const later = await signInAgain(t, c);
    const again = await update(t, later, {
      ...form(c.doctor.id, [16, 0], [16, 30], { createdAt: '2026-03-06' }),
      _id: booked._id,
      version: booked.version + 1,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Appointment[]>()[0]?.reminder).toMatchObject({
      status: 'queued',
      sendAfter: '2026-03-05T14:00:00.000Z',
    });
    t.clock.set('2026-03-05T14:00:00.000Z');
    expect(await t.app.outboxWorker.runOnce()).toBe(1);
    expect(gateway.received).toHaveLength(2);
    // A note changed after that does not send it again.
    await update(t, later, {
      ...form(c.doctor.id, [16, 0], [16, 30], { createdAt: '2026-03-06', nota: 'alt text' }),
      _id: booked._id,
      version: booked.version + 2,
    });
    expect(await t.app.outboxWorker.runOnce()).toBe(0);
  });

  it('cancels the reminder of a deleted appointment or one whose SMS flag is turned off', async () => {
    const { t, gateway } = await appWithGateway();
    const c = await clinic(t);
    const deleted = await book(t, c);
    const unflagged = await book(t, c, form(c.doctor.id, [12, 0], [12, 30]));
    await remove(t, c, { _id: deleted._id });
    await update(t, c, {
      ...form(c.doctor.id, [12, 0], [12, 30], { trimite_sms: false }),
      _id: unflagged._id,
      version: 1,
    });
    expect((await reminderRows(t, deleted._id)).map((row) => row.status)).toEqual(['cancelled']);
    expect((await reminderRows(t, unflagged._id)).map((row) => row.status)).toEqual(['cancelled']);
    t.clock.set('2026-03-05T07:00:00.000Z');
    expect(await t.app.outboxWorker.runOnce()).toBe(0);
    expect(gateway.received).toHaveLength(0);
  });

  it('marks a reminder to a number that cannot receive SMS failed with the reason, never sending it', async () => {
    const { t, gateway } = await appWithGateway();
    const c = await clinic(t, '0264 555 111');
    const booked = await book(t, c);
    expect(booked.reminder).toMatchObject({
      status: 'failed',
      error: 'Numărul „0264 555 111” nu este de telefon mobil și nu poate primi SMS.',
    });
    t.clock.set(AFTER_DUE);
    expect(await t.app.outboxWorker.runOnce()).toBe(0);
    expect(gateway.received).toHaveLength(0);
  });
});

describeEachDialect('the last look before a reminder goes out', ({ useApp }) => {
  const t = useApp();

  it('sends to the patient’s number as it is now, and marks a number no longer valid failed', async () => {
    const c = await clinic(t());
    const booked = await book(t(), c);
    const other = await book(t(), c, form(c.doctor.id, [12, 0], [12, 30]));
    // The phone changed on the patient's file after booking (patients screen).
    await t()
      .db.updateTable('patients')
      .set({ telefon: '0733 000 111' })
      .where('id', '=', c.patientId)
      .execute();
    t().clock.set(AFTER_DUE);
    expect(await t().app.outboxWorker.runOnce()).toBe(1);
    const [row] = await reminderRows(t(), booked._id);
    expect(row).toMatchObject({ status: 'sent', recipient: '+40733000111' });
    const files = await readdir(join(t().dataDir, 'outbox', 'sms'));
    expect(await readFile(join(t().dataDir, 'outbox', 'sms', files[0] ?? ''), 'utf8')).toContain(
      'To: +40733000111',
    );

    await t()
      .db.updateTable('patients')
      .set({ telefon: '0264 555 111' })
      .where('id', '=', c.patientId)
      .execute();
    t().clock.set('2026-03-04T10:00:30.000Z');
    expect(await t().app.outboxWorker.runOnce()).toBe(1);
    const [failed] = await reminderRows(t(), other._id);
    expect(failed).toMatchObject({
      status: 'failed',
      last_error: 'Numărul „0264 555 111” nu este de telefon mobil și nu poate primi SMS.',
    });
    expect(await readdir(join(t().dataDir, 'outbox', 'sms'))).toHaveLength(1);
  });

  it('does not send for a deleted patient or an appointment already started', async () => {
    const c = await clinic(t());
    const booked = await book(t(), c);
    const late = await book(t(), c, form(c.doctor.id, [12, 0], [12, 30]));
    await t()
      .db.updateTable('patients')
      .set({ deleted_at: '2026-03-01T00:00:00.000Z' })
      .where('id', '=', c.patientId)
      .execute();
    t().clock.set(AFTER_DUE);
    expect(await t().app.outboxWorker.runOnce()).toBe(1);
    expect(await reminderRows(t(), booked._id)).toMatchObject([
      { status: 'cancelled', last_error: REMINDER_SKIP_REASONS.patientGone },
    ]);

    // The worker was down until after the start: a reminder then is of no use.
    await t().db.updateTable('patients').set({ deleted_at: null }).where('id', '=', c.patientId).execute();
    t().clock.set('2026-03-05T10:05:00.000Z');
    expect(await t().app.outboxWorker.runOnce()).toBe(1);
    expect(await reminderRows(t(), late._id)).toMatchObject([
      { status: 'cancelled', last_error: REMINDER_SKIP_REASONS.started },
    ]);
    expect(await readdir(join(t().dataDir, 'outbox', 'sms')).catch(() => [])).toHaveLength(0);
  });
});

describeEachDialect('SMS file provider', ({ useApp }) => {
  const t = useApp();

  it('writes each SMS under <data dir>/outbox/sms/ when no gateway is configured', async () => {
    const c = await clinic(t());
    await book(t(), c);
    t().clock.set(AFTER_DUE);
    expect(await t().app.outboxWorker.runOnce()).toBe(1);
    const dir = join(t().dataDir, 'outbox', 'sms');
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    const text = await readFile(join(dir, files[0] ?? ''), 'utf8');
    expect(text).toContain('To: +40722123456');
    expect(text).toContain('pe 05.03.2026, ora 10:00');
  });

  it('starts and stops on a timer', async () => {
    const worker = t().app.outboxWorker;
    expect(worker.isRunning).toBe(false);
    worker.start();
    expect(worker.isRunning).toBe(true);
    await worker.stop();
    expect(worker.isRunning).toBe(false);
  });
});
