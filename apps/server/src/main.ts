import { mkdirSync } from 'node:fs';
import type { App } from './app-types';
import { ConfigError, loadConfig, type Config } from './config';
import type { DataDirLock } from './db/data-dir-lock';
import { shutdownSignals } from './shutdown';
import type { ErrorReporter } from './plugins/errors';

interface ErrorReporting {
  reportError?: ErrorReporter;
  close(): Promise<void>;
}

/** Sentry only when SENTRY_DSN is set: no network otherwise. Initialised before Fastify is loaded. */
async function startErrorReporting(config: Config): Promise<ErrorReporting> {
  if (!config.sentryDsn) return { close: async () => {} };
  const Sentry = await import('@sentry/node');
  Sentry.init({ dsn: config.sentryDsn, tracesSampleRate: 1, environment: config.env });
  return {
    reportError: (error) => Sentry.captureException(error),
    close: async () => {
      await Sentry.close(2000);
    },
  };
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const reporting = await startErrorReporting(config);
  // Loaded after Sentry.init so its instrumentation wraps http and Fastify.
  const { buildApp } = await import('./app');
  const { connectDatabase } = await import('./db/connect');
  const { migrateToLatest } = await import('./db/migrate');
  const { createAdmin } = await import('./features/auth/auth.service');
  const { loadBuiltInPlaces } = await import('./features/places/places-builtin.service');
  const { DataDirInUseError, lockDataDir } = await import('./db/data-dir-lock');

  // The embedded database has one owner: a second server on the same data dir would answer SQLITE_BUSY.
  let dataDirLock: DataDirLock | null = null;
  if (config.database.kind === 'sqlite') {
    mkdirSync(config.dataDir, { recursive: true });
    try {
      dataDirLock = await lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirInUseError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }

  let log: App['log'] | null = null;
  const database = await connectDatabase(config.database, (error) =>
    log?.error({ err: error }, 'database pool error'),
  );
  let app: App;
  try {
    app = await buildApp({
      config,
      db: database.db,
      dialect: database.dialect,
      reportError: reporting.reportError,
    });
    log = app.log;
    // One look at the bucket, beside the migration and not waited for: an instance whose bucket does not
    // answer still starts (its /api/ready answers 503, and the load balancer decides), but says why at once.
    void app.blobs.check().catch((error: unknown) => {
      const why = error instanceof Error ? error.message : String(error);
      app.log.warn(
        { err: error },
        `the file storage does not answer: ${why}; /api/ready answers 503 until it does`,
      );
    });
    const applied = await migrateToLatest(database.db, database.dialect, {
      onWait: () => app.log.info('another instance is migrating the database; waiting for it'),
    });
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    // A new clinic has every locality from its first start; a restart only checks that some are there.
    const loadStarted = performance.now();
    const places = await loadBuiltInPlaces(database.db, database.dialect, { now: app.now() });
    if (places) {
      const { counties, localities, edition } = places;
      const ms = Math.round(performance.now() - loadStarted);
      app.log.info({ counties, localities, edition, ms }, 'built-in SIRUTA register loaded');
    }
    if (config.bootstrapAdmin) {
      const created = await createAdmin(
        { db: database.db, dialect: database.dialect, now: app.now },
        config.bootstrapAdmin,
        { onlyIfNoUser: true, actor: null, source: 'env' },
      );
      if (created) app.log.info({ email: created.email }, 'first admin created from ODONTO_ADMIN_EMAIL');
    }
    // The handlers are in place before the server answers: a signal right after 'listening' drains too.
    const drain = async (reason: string): Promise<void> => {
      app.log.info({ reason }, 'shutting down');
      let step = 'closing the app (connections, streams, workers)';
      setTimeout(() => {
        // What it waited for, so that a slow stop can be put right rather than guessed at.
        app.server.getConnections((_error, connections) => {
          const resources = process.getActiveResourcesInfo();
          app.log.error({ step, connections, resources }, 'shutdown took longer than 10 s; exiting');
          process.exit(1);
        });
      }, 10_000).unref();
      try {
        // Stops accepting, ends the signature stations' streams, lets in-flight requests finish, stops the
        // workers; closing the database then checkpoints its write-ahead log into the file.
        await app.close();
        step = 'closing the database';
        await database.close();
        dataDirLock?.release();
        step = 'closing error reporting';
        await reporting.close();
        app.log.info('stopped');
        process.exit(0);
      } catch (error) {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      }
    };
    const onSignal = shutdownSignals({
      drain: (signal) => void drain(signal),
      ignore: (signal) => app.log.warn({ signal }, 'already shutting down; a third signal forces the exit'),
      force: (signal) => {
        app.log.error({ signal }, 'forced exit');
        process.exit(1);
      },
    });
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
    await app.listen({ port: config.port, host: config.host });
    // Sends SMS reminders; stopped by app.close() on shutdown.
    if (config.outboxWorker.enabled) app.outboxWorker.start();
    // Started by `npm start`'s launcher in a process group of its own: if the launcher is gone (killed
    // without a chance to pass the signal on), the server drains instead of running on as an orphan.
    const launcher = Number(process.env['ODONTO_LAUNCHER_PID'] ?? '');
    if (Number.isSafeInteger(launcher) && launcher > 0) {
      setInterval(() => {
        if (process.ppid !== launcher) onSignal.once('SIGTERM');
      }, 1000).unref();
    }
  } catch (error) {
    await database.close();
    dataDirLock?.release();
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
