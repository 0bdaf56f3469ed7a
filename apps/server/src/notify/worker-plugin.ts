import type { App } from '../app-types';
import { createSmsProvider, type SmsProvider } from './sms';
import { REMINDER_KIND } from '../features/appointments/appointments.queries';
import { reminderSendCheck } from '../features/appointments/reminders.service';
import { createOutboxWorker, type OutboxWorker } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where SMS go (SMS_PROVIDER). */
    sms: SmsProvider;
    /** Sends due outbox SMS; `npm start` starts it (OUTBOX_WORKER), tests call runOnce or start it. */
    outboxWorker: OutboxWorker;
  }
}

/** Decorates the app with its SMS provider and outbox worker; the worker stops when the app closes. */
export function registerOutboxWorker(app: App, sms?: SmsProvider): void {
  const provider = sms ?? createSmsProvider(app.config.sms, app.config.dataDir, app.log);
  app.decorate('sms', provider);
  app.decorate(
    'outboxWorker',
    createOutboxWorker({
      db: app.db,
      dialect: app.dialect,
      now: () => app.now(),
      log: app.log,
      sms: provider,
      intervalMs: app.config.outboxWorker.intervalMs,
      checks: { [REMINDER_KIND]: reminderSendCheck(app.db) },
    }),
  );
  app.addHook('onClose', async () => {
    await app.outboxWorker.stop();
  });
}
