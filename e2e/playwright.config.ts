import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const isCI = Boolean(process.env.CI);
// Debian's Chromium headless shell when it is installed: the same Blink without the full browser's GPU
// process and UI renderers, a fifth less CPU and time for the suite (decision 0057); else Debian's Chromium.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  outputDir: '../.test-output/e2e-results',
  // Two workers on a two-core machine that also runs the servers: a screen's first load can take its time.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: isCI ? 1 : 0,
  forbidOnly: isCI,
  reporter: [['list'], ['json']],
  use: {
    locale: 'ro-RO',
    timezoneId: 'Europe/Bucharest',
    // Recording a trace costs a fifth of the suite's time (its DOM snapshots and screencast): CI, which
    // retries a failed test once, records it for the retry only; a local run keeps it for each failure.
    trace: isCI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
