import type { Page } from '@playwright/test';
import { DEMO_USERS, expect, test } from '../fixtures';
import { API_HEADERS, createPatient, uniquePhone, uniqueWord } from '../support/patients';

/** Creates an instrument through the side panel and answers its row. */
async function createInstrument(page: Page, name: string) {
  await page.getByRole('button', { name: 'Instrument nou' }).click();
  await page.getByRole('textbox', { name: 'Denumire', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Salvează' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Nesterilizat');
  return row;
}

/** Records a cycle of one instrument from its row; answers the pouch's sterilisation id. */
async function sterilise(page: Page, name: string, integrator: 'Conform' | 'Neconform' = 'Conform') {
  await page.getByRole('button', { name: `Sterilizează ${name}`, exact: true }).click();
  const reserved = page.getByLabel('ID-uri de sterilizare').getByText(new RegExp(`^\\d+ - ${name}$`));
  await expect(reserved).toBeVisible();
  const id = Number((await reserved.textContent())?.split(' - ')[0]);
  if (integrator === 'Neconform') {
    await page.getByLabel('Integrator chimic clasa 5').getByText('Neconform').click();
  }
  await page.getByRole('checkbox', { name: 'Integritatea ambalajelor a fost verificată' }).check();
  await page.getByRole('button', { name: 'Înregistrează ciclul' }).click();
  await expect(page.getByRole('heading', { name: /^Șarja \d+$/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pungi în șarjă' })).toContainText(`${id}${name}`);
  return id;
}

test('sterilisation: an instrument is sterilised, labelled, used in a treatment and traced back to the patient', async ({
  page,
  browser,
  demoApp,
  signIn,
}) => {
  // One whole flow across two users; generous on a shared, busy machine.
  test.setTimeout(180_000);
  await signIn(page, DEMO_USERS.sterilizare);
  await expect(page).toHaveURL(/\/sterilizare$/);
  const menu = page.getByRole('navigation');
  await expect(menu.getByRole('link', { name: 'STERILIZARE' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'PACIENȚI' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'UTILIZATORI' })).toHaveCount(0);

  const name = `Sondă ${uniqueWord()}`;
  const failedName = `Pensă ${uniqueWord()}`;
  await createInstrument(page, name);
  await createInstrument(page, failedName);
  await page.getByRole('textbox', { name: 'Caută instrument' }).fill(name.slice(0, 8).toLowerCase());
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: failedName })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Caută instrument' }).fill('');

  const id = await sterilise(page, name);
  await expect(page.getByText('Nicio pungă din această șarjă nu a fost folosită.')).toBeVisible();

  // The label: Code 128 image and text, printed on a 50×25 mm page.
  await page.getByRole('button', { name: 'Tipărește etichetele' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tipărire etichete ID sterilizare' });
  await expect(dialog).toBeVisible();
  const barcode = dialog.getByRole('img', { name: `Cod de bare ${id}` });
  await expect(barcode).toBeVisible();
  expect(await barcode.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(50);
  await page.emulateMedia({ media: 'print' });
  const printed = page.locator('.odonto-print-area.is-printing');
  await expect(printed).toBeVisible();
  await expect(dialog).toBeHidden();
  const label = printed.getByTestId('label');
  await expect(label).toHaveCount(1);
  await expect(label).toContainText(String(id));
  await expect(label).toContainText(name);
  await expect(label).toContainText(/Ster\. \d{2}-\d{2}-\d{4} · Exp\. \d{2}-\d{2}-\d{4} · VG/);
  await expect(printed.getByRole('img', { name: `Cod de bare ${id}` })).toBeVisible();
  const box = await label.boundingBox();
  // 50 mm × 25 mm at 96 dpi.
  expect(Math.round(box?.width ?? 0)).toBe(189);
  expect(Math.round(box?.height ?? 0)).toBe(94);
  await test.info().attach('label-print', { body: await page.screenshot(), contentType: 'image/png' });
  await page.emulateMedia({ media: 'screen' });
  await dialog.getByRole('button', { name: 'Închide', exact: true }).last().click();
  await expect(dialog).toBeHidden();

  const failedId = await sterilise(page, failedName, 'Neconform');
  await expect(page.getByText('Neconform', { exact: true }).first()).toBeVisible();

  // A doctor uses the sterilised instrument in a treatment; the failed load is never offered.
  const doctorContext = await browser.newContext({
    baseURL: demoApp.url,
    locale: 'ro-RO',
    timezoneId: 'Europe/Bucharest',
  });
  const doctor = await doctorContext.newPage();
  await signIn(doctor, DEMO_USERS.medic);
  const refused = await doctor.request.post('/api/instrument/sterilizare', {
    headers: API_HEADERS,
    data: { autoclave: 'Autoclav 1' },
  });
  expect(refused.status()).toBe(403);
  const patient = await createPatient(doctor.request, {
    nume: 'Trasabil',
    prenume: uniqueWord(),
    telefon: uniquePhone(),
  });
  await doctor.goto(`/pacienti/history/${patient._id}`);
  await doctor.getByRole('button', { name: 'Adaugă tratament' }).click();
  const modal = doctor.getByRole('dialog', { name: 'Adaugă tratament' });
  await doctor.getByRole('combobox', { name: 'Tratament', exact: true }).fill('coroană metalo');
  await doctor.getByRole('option', { name: 'coroană metalo-ceramică', exact: true }).click();
  await doctor.getByRole('combobox', { name: 'Dinte', exact: true }).fill('1.6');
  await doctor.getByRole('option', { name: /^1\.6 / }).click();
  const instruments = modal.getByRole('combobox', { name: 'Instrumente sterilizate' });
  await instruments.fill(failedName);
  await expect(doctor.getByRole('option', { name: `${failedId} - ${failedName}` })).toHaveCount(0);
  await instruments.fill(String(id));
  await doctor.getByRole('option', { name: `${id} - ${name}`, exact: true }).click();
  await expect(modal.getByText('Instrumentele alese vor fi marcate ca folosite după salvare.')).toBeVisible();
  await modal.getByRole('button', { name: 'Salvează' }).click();
  await expect(modal).toBeHidden();

  // Used: gone from the available list, kept on the entry.
  await doctor.getByRole('button', { name: 'Adaugă tratament' }).click();
  await expect(modal).toBeVisible();
  await modal.getByRole('combobox', { name: 'Instrumente sterilizate' }).fill(String(id));
  await expect(doctor.getByRole('option', { name: `${id} - ${name}`, exact: true })).toHaveCount(0);
  await doctor.keyboard.press('Escape');
  await doctorContext.close();

  // Trace-back: typing the label's id finds the load and the patient it was used on.
  await page.getByRole('textbox', { name: 'ID sterilizare' }).fill(String(id));
  await page.getByRole('button', { name: 'Caută', exact: true }).click();
  const trace = page.getByRole('table', { name: 'Trasabilitate pacienți' });
  await expect(trace).toContainText(`Trasabil ${patient.prenume}`);
  await expect(trace).toContainText('coroană metalo-ceramică');
  await expect(trace).toContainText(`${id} - ${name}`);
});
