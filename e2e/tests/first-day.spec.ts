import type { ConsoleMessage, Page } from '@playwright/test';
import { DEMO_USERS, expect, test } from '../fixtures';
import { API_HEADERS, uniquePhone, uniqueWord } from '../support/patients';

// Issue 19: what a clinic meets on its first day.

async function pickOption(page: Page, field: string, typed: string, option: string) {
  await page.getByRole('combobox', { name: field, exact: true }).fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a new clinic has every locality from its first start: "pitesti" finds Pitești, in the form and the list', async ({
  page,
  playwright,
  signIn,
  startOwnApp,
}, testInfo) => {
  // A clinic of its own, started on an empty data dir: nothing imported, nothing seeded.
  const app = await startOwnApp({ seed: 'none' });
  const admin = { ...DEMO_USERS.admin, email: 'maria@clinica-noua.ro', password: 'o-parola-lunga-2026' };
  const setup = await playwright.request.newContext({ baseURL: app.url });
  const created = await setup.post('/api/setup', {
    data: {
      nume: 'Maria Constantinescu',
      email: admin.email,
      password: admin.password,
      confirm: admin.password,
    },
    headers: API_HEADERS,
  });
  expect(created.status(), await created.text()).toBe(201);
  await setup.dispose();
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, admin, app.url);

  const word = uniqueWord();
  await page.getByRole('link', { name: 'Pacient nou' }).click();
  const form = page.getByRole('form', { name: 'Formular pacient nou' });
  await form.getByRole('textbox', { name: 'Nume', exact: true }).fill('Vâlcu');
  await form.getByRole('textbox', { name: 'Prenume', exact: true }).fill(`Ioana ${word}`);
  await form.getByRole('textbox', { name: 'Telefon' }).fill(uniquePhone());
  await pickOption(page, 'Județ', 'arges', 'Argeș (AG)');
  const locality = page.getByRole('combobox', { name: 'Oraș / localitate' });
  await locality.fill('pitesti');
  await expect(page.getByRole('option').first()).toHaveText('Pitești');
  await page.screenshot({ path: testInfo.outputPath('patient-form-pitesti.png') });
  await page.getByRole('option', { name: 'Pitești', exact: true }).click();
  await expect(locality).toHaveValue('Pitești');
  // The message shows for 4 s; on a loaded machine the click alone has taken 6 s, so it is watched for
  // from the click on.
  await Promise.all([
    expect(page.getByText(`Pacientul Vâlcu Ioana ${word} a fost salvat.`)).toBeVisible(),
    form.getByRole('button', { name: 'Salvează' }).click(),
  ]);
  await expect(page).toHaveURL(/\/pacienti$/);

  // The list's filters find it the same way.
  await pickOption(page, 'Județ', 'arges', 'Argeș (AG)');
  await pickOption(page, 'Oraș', 'pitesti', 'Pitești');
  await expect(page).toHaveURL(/oras=Pite%C8%99ti/);
  const row = page.getByRole('row', { name: new RegExp(`Vâlcu Ioana ${word}$`) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Pitești, Argeș');
  await pickOption(page, 'Județ', 'valcea', 'Vâlcea (VL)');
  await pickOption(page, 'Oraș', 'ramnicu valcea', 'Râmnicu Vâlcea');
  await expect(page.getByText(/Niciun pacient nu corespunde căutării/)).toBeVisible();

  // Setări names the register and credits INS.
  await page.getByRole('link', { name: 'Setări' }).click();
  const section = page.getByRole('region', { name: 'Localități (SIRUTA)' });
  await expect(section).toContainText('În total: 42 de județe, 13.851 de localități.');
  await expect(section).toContainText('Registrul SIRUTA inclus în aplicație (ediția 2025, semestrul 1)');
  await expect(section).toContainText('Sursa: Institutul Naţional de Statistică, SIRUTA. Licență CC BY 4.0.');
  await section.screenshot({ path: testInfo.outputPath('settings-siruta.png') });
});

test('signed out, loading the sign-in page logs no error in the console', async ({ page, demoApp }) => {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });

  const checked = page.waitForResponse((response) => response.url().endsWith('/api/check-login'));
  await page.goto(`${demoApp.url}/login`);
  await expect(page.getByRole('button', { name: 'Intră în cont' })).toBeVisible();
  expect((await checked).status()).toBe(204);
  // A protected address sends the visitor to /login, quietly too.
  await page.goto(`${demoApp.url}/pacienti`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Intră în cont' })).toBeVisible();
  expect(errors).toEqual([]);
  expect(failed).toEqual([]);
});
