import { configDefaults, defineConfig } from 'vitest/config';
import { WEB_FILES_MOCKING_MODULES } from './apps/web/src/test/module-mocking-files';

// In CI a test that fails once is run once more, as Playwright does there (decision 0046): CI runs the
// suite on two Node.js versions at once on two cores, and a process test can miss its 30 s there. A test
// that passed only on its retry is named in `npm test`'s summary, so it is seen, not hidden.
const retry = process.env.CI ? 1 : 0;

// The web app's tests: happy-dom, its setup file, and time for lazy pages on a loaded machine.
const webTests = {
  root: 'apps/web',
  environment: 'happy-dom',
  setupFiles: ['./src/test/setup.ts'],
  testTimeout: process.env.CI ? 40_000 : 20_000,
  retry,
};

export default defineConfig({
  test: {
    // One worker per core (Vitest's default leaves one idle): the API tests wait on the database and on
    // argon2 as much as they compute.
    maxWorkers: '100%',
    projects: [
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          retry,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          // Each test builds its own app on its own database, so the files share a worker's modules
          // instead of importing the whole server again per file (3–4 s each).
          isolate: false,
          // In CI the suite runs on two Node.js versions at once on two cores (decision 0046): the tests that
          // start real processes (npm start, a fresh clone, restores) get twice the time there.
          testTimeout: process.env.CI ? 60_000 : 30_000,
          hookTimeout: process.env.CI ? 120_000 : 60_000,
          retry,
        },
      },
      {
        test: {
          ...webTests,
          name: 'web',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts', 'build/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...WEB_FILES_MOCKING_MODULES],
          // The screens' tests share a worker's modules (React, Mantine, the router and the app's pages)
          // instead of importing them again per file: 130 CPU-s instead of 343 (decision 0064). Each test
          // renders into a fresh tree with its own query client and mocked fetch, and setup.ts resets the
          // app's module-level state after each.
          isolate: false,
        },
      },
      {
        test: {
          ...webTests,
          // A file that replaces a module (vi.mock) needs its own module graph.
          name: 'web-module-mocks',
          include: WEB_FILES_MOCKING_MODULES,
        },
      },
    ],
  },
});
