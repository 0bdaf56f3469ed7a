import type { Page, Request } from '@playwright/test';
import type { PatientListResponse } from '../../packages/domain/src/contracts/patients';
import { DEMO_USERS, expect, test } from '../fixtures';
import { uniqueWord } from '../support/patients';

async function fillNewPatient(page: Page, prenume: string) {
  await page.getByRole('link', { name: 'Pacient nou' }).click();
  const form = page.getByRole('form', { name: 'Formular pacient nou' });
  await form.getByRole('textbox', { name: 'Nume', exact: true }).fill('Dublură');
  await form.getByRole('textbox', { name: 'Prenume', exact: true }).fill(prenume);
  return form.getByRole('button', { name: 'Salvează' });
}

async function patientsNamed(page: Page, prenume: string): Promise<number> {
  const answer = await page.request.get(`/api/pacienti?q=${encodeURIComponent(`dublura ${prenume}`)}`);
  return ((await answer.json()) as PatientListResponse).total;
}

test('a double-click on Salvează sends one submission: the patient is created once', async ({
  page,
  signIn,
}) => {
  const prenume = uniqueWord();
  await signIn(page, DEMO_USERS.medic);
  const sent: Request[] = [];
  // The server answers slowly, as on a busy morning: both clicks are out before the first answer.
  await page.route('**/api/save-pacient', async (route) => {
    sent.push(route.request());
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await fillNewPatient(page, prenume);
  // Two presses before the page can redraw the button as busy (a slow tablet): two submits of one form.
  await page.getByRole('form', { name: 'Formular pacient nou' }).evaluate((form: HTMLFormElement) => {
    form.requestSubmit();
    form.requestSubmit();
  });

  await expect(page.getByText(`Pacientul Dublură ${prenume} a fost salvat.`).first()).toBeVisible();
  expect(sent.length, 'the double-click reached the network twice').toBe(2);
  const keys = await Promise.all(sent.map((request) => request.headerValue('idempotency-key')));
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(await patientsNamed(page, prenume)).toBe(1);
});

test('saving again after a lost answer does not create the patient twice', async ({ page, signIn }) => {
  const prenume = uniqueWord();
  await signIn(page, DEMO_USERS.medic);
  let attempts = 0;
  // The first answer is lost on the way back (a dropped Wi-Fi): the server did save.
  await page.route('**/api/save-pacient', async (route) => {
    attempts += 1;
    if (attempts > 1) return route.continue();
    const answer = await route.fetch();
    expect(answer.status()).toBe(201);
    return route.abort('connectionreset');
  });
  const save = await fillNewPatient(page, prenume);
  const alerts: string[] = [];
  page.once('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await save.click();
  await expect.poll(() => alerts).toEqual(['Eroare salvare pacient.']);
  expect(await patientsNamed(page, prenume)).toBe(1);

  await save.click();
  await expect(page.getByText(`Pacientul Dublură ${prenume} a fost salvat.`)).toBeVisible();
  expect(attempts).toBe(2);
  expect(await patientsNamed(page, prenume)).toBe(1);
});
