import { test as base, expect, type Page } from '@playwright/test';
import { DEMO_USERS, type DemoUser } from '../apps/server/src/scripts/demo-users';
import { startApp, type RunningApp } from './support/server';

interface WorkerFixtures {
  /** The real server with the demo clinic, shared by the tests of one worker. */
  demoApp: RunningApp;
}

interface TestFixtures {
  /** Signs in through the login screen and waits for the landing page. */
  signIn: (page: Page, user: DemoUser) => Promise<void>;
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
  signIn: async ({}, use) => {
    await use(async (page, user) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Parolă', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'login' }).click();
      await expect(page).toHaveURL(new RegExp(user.landing));
    });
  },
});

export { expect, DEMO_USERS };
