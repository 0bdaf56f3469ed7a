import type { App } from '../../app-types';
import { efacturaContext } from './efactura-context';
import { createEfacturaWorker, type EfacturaWorker } from './efactura-worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends queued documents to RO e-Factura; a listening server starts it (OUTBOX_WORKER), tests run passes. */
    efacturaWorker: EfacturaWorker;
  }
}

/**
 * Decorates the app with the e-Factura worker. It runs beside the outbox worker and obeys the same switch:
 * a second instance started with OUTBOX_WORKER=false sends nothing. Stopped when the app closes.
 */
export function registerEfacturaWorker(app: App): void {
  app.decorate(
    'efacturaWorker',
    createEfacturaWorker({ ctx: efacturaContext(app), intervalMs: app.config.outboxWorker.intervalMs }),
  );
  app.addHook('onListen', async () => {
    if (app.config.outboxWorker.enabled) app.efacturaWorker.start();
  });
  app.addHook('onClose', async () => {
    await app.efacturaWorker.stop();
  });
}
