import { test as base, expect, type Page } from '@playwright/test';
import { DEMO_USERS, type DemoUser } from '../apps/server/src/scripts/demo-users';
import { startApp, type RunningApp } from './support/server';

interface WorkerFixtures {
  /** The real server with the demo clinic, shared by the tests of one worker. */
  demoApp: RunningApp;
}

interface TestFixtures {
  /** Signs in through the login screen and waits for the landing page. */
  signIn: (page: Page, user: DemoUser, origin?: string) => Promise<void>;
  /** A server of the test's own, for tests that need an empty clinic or change accounts. */
  startOwnApp: (options: { seed: 'none' | 'demo' }) => Promise<RunningApp>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  demoApp: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const app = await startApp({ seed: 'demo' });
      await use(app);
      await app.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ demoApp }, use) => {
    await use(demoApp.url);
  },
  // eslint-disable-next-line no-empty-pattern
  startOwnApp: async ({}, use) => {
    const started: RunningApp[] = [];
    await use(async (options) => {
      const app = await startApp(options);
      started.push(app);
      return app;
    });
    await Promise.all(started.map((app) => app.stop()));
  },
  // eslint-disable-next-line no-empty-pattern
  signIn: async ({}, use) => {
    await use(signInThroughForm);
  },
});

/** Signs in through the login screen (at `origin`, or the page's base URL) and waits for the landing page. */
export async function signInThroughForm(
  page: Page,
  user: Pick<DemoUser, 'email' | 'password' | 'landing'>,
  origin?: string,
): Promise<void> {
  await page.goto(`${origin ?? ''}/login`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
  await page.getByRole('textbox', { name: 'Parolă', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Intră în cont' }).click();
  await expect(page).toHaveURL(new RegExp(user.landing));
}

export { expect, DEMO_USERS };
