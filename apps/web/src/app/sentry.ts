import type * as SentryModule from '@sentry/react';
import { clientConfigResponse } from '@odonto/domain/contracts/system';
import { request } from '../lib/http';

let sentry: typeof SentryModule | null = null;

/**
 * Reads the client configuration once and turns Sentry on only when the server gives a DSN. The SDK
 * is loaded only then, so clinics without error reporting do not download it.
 */
export async function initErrorReporting(): Promise<void> {
  try {
    const { sentryDsn } = await request('/api/client-config', { schema: clientConfigResponse });
    if (sentryDsn === null || sentryDsn === '') return;
    const Sentry = await import('@sentry/react');
    Sentry.init({
      dsn: sentryDsn,
      integrations: [Sentry.browserTracingIntegration()],
      tracesSampleRate: 1,
    });
    sentry = Sentry;
  } catch {
    // Without the configuration the app works the same, only without error reporting.
  }
}

/** Sends an unexpected error to Sentry when it is on; otherwise only to the console. */
export function reportError(error: unknown): void {
  console.error(error);
  sentry?.captureException(error);
}
