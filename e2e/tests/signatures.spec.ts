import type { Locator, Page } from '@playwright/test';
import { DEMO_USERS, expect, test } from '../fixtures';
import { createPatient, uniquePhone, uniqueWord } from '../support/patients';
import { drawSignature } from '../support/signature';

// Two browsers, a patient and a treatment per test: more than the default minute on a busy machine.
test.describe.configure({ timeout: 120_000 });

async function pickOption(page: Page, field: string, typed: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: field, exact: true }).fill(typed);
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

/** A new patient with one crown on 1.6 added through the treatment modal; answers its history page. */
async function patientWithCrown(page: Page): Promise<string> {
  const patient = await createPatient(page.request, {
    nume: 'Semnătescu',
    prenume: uniqueWord(),
    telefon: uniquePhone(),
  });
  await page.goto(`/pacienti/history/${patient._id}`);
  await page.getByRole('button', { name: 'Adaugă tratament' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adaugă tratament' });
  await pickOption(page, 'Tratament', 'coroană metalo', 'coroană metalo-ceramică');
  await pickOption(page, 'Dinte', '1.6', /^1\.6 /);
  await dialog.getByRole('textbox', { name: 'Detalii' }).fill('culoare A2');
  await dialog.getByRole('button', { name: 'Salvează' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('history-entry')).toHaveCount(1);
  return patient._id;
}

async function openEntry(page: Page): Promise<Locator> {
  await page.getByTestId('history-entry').first().click();
  const dialog = page.getByRole('dialog', { name: 'Modifică tratament' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the patient signs a treatment in the modal; editing it afterwards shows the mismatch on screen and in print; the consent is signed from the header', async ({
  page,
  signIn,
}) => {
  // The browser's print dialog cannot be driven headless: window.print only counts.
  await page.addInitScript(() => {
    const counted = window as unknown as { printCount: number };
    counted.printCount = 0;
    window.print = () => {
      counted.printCount += 1;
    };
  });
  await signIn(page, DEMO_USERS.medic);
  await patientWithCrown(page);

  let dialog = await openEntry(page);
  await dialog.getByRole('button', { name: 'Semnătură pacient' }).click();
  await drawSignature(page, dialog.getByTestId('signature-canvas'));
  await dialog.getByRole('button', { name: 'Salvează semnătura' }).click();
  await expect(dialog.getByRole('button', { name: 'semnatura activa' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const entry = page.getByTestId('history-entry').first();
  await expect(entry.getByTestId('history-signed')).toHaveText('Semnat');

  // The signed entry changes: the list says so, and shows what was signed.
  dialog = await openEntry(page);
  await expect(dialog.getByRole('button', { name: 'semnatura activa' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Detalii' }).fill('culoare A3, refăcută');
  await dialog.getByRole('button', { name: 'Salvează' }).click();
  await expect(dialog).toBeHidden();
  await expect(entry.getByTestId('signature-mismatch')).toHaveText('semnătura nu mai corespunde');
  await entry.getByRole('button', { name: 'Vezi ce s-a semnat' }).click();
  const snapshot = page.getByRole('dialog', { name: 'Ce a semnat pacientul' });
  await expect(snapshot.getByRole('row', { name: /detalii/ })).toContainText('culoare A2');
  await expect(snapshot.getByRole('row', { name: /detalii/ })).toContainText('modificat după semnare');
  await expect(snapshot.getByRole('img', { name: 'Semnătura pacientului' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(snapshot).toBeHidden();

  // The patient-level consent, signed from the patient header.
  await page.getByRole('button', { name: 'Acord pacient', exact: true }).click();
  const consent = page.getByRole('dialog', { name: 'Acordul pacientului' });
  await drawSignature(page, consent.getByTestId('signature-canvas'));
  await consent.getByRole('button', { name: 'Semnează acordul' }).click();
  await expect(consent.getByTestId('signed-snapshot')).toContainText('îmi dau acordul');
  await consent.getByRole('button', { name: 'Închide', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Acord semnat', exact: true })).toBeVisible();

  // The printed file lists both: the consent still valid, the treatment's signature no longer matching,
  // next to what was signed.
  await page.getByRole('button', { name: 'Tipărește fișa' }).click();
  const fileModal = page.getByRole('dialog', { name: 'Fișa pacientului' });
  await fileModal.getByRole('button', { name: 'Tipărește', exact: true }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { printCount: number }).printCount))
    .toBe(1);
  await page.emulateMedia({ media: 'print' });
  const signatures = page.getByTestId('print-area').getByRole('region', { name: 'Semnăturile pacientului' });
  await expect(signatures.getByRole('row').filter({ hasText: 'Consimțământ informat' })).toContainText(
    'valabilă',
  );
  const treatment = signatures.getByRole('row').filter({ hasText: 'Tratament: coroană metalo-ceramică' });
  await expect(treatment).toContainText('semnătura nu mai corespunde (modificat: detalii)');
  await expect(treatment).toContainText('detalii: culoare A2');
  await expect(treatment.getByRole('img')).toBeVisible();
});

test('staff send the signature to a tablet; the patient signs on the station and the modal shows it active', async ({
  page,
  browser,
  baseURL,
  signIn,
}) => {
  await signIn(page, DEMO_USERS.medic);
  await patientWithCrown(page);
  const patientName = (await page.getByTestId('patient-name').textContent()) ?? '';

  // The tablet: its own browser, signed in, on the station page.
  const tablet = await browser.newContext({
    baseURL,
    viewport: { width: 1024, height: 768 },
    hasTouch: true,
  });
  const station = await tablet.newPage();
  await signIn(station, DEMO_USERS.asistent);
  await station.goto('/statie-semnatura');
  await expect(station.getByTestId('station-idle')).toHaveText('Așteptăm o cerere de semnătură…');

  const dialog = await openEntry(page);
  await dialog.getByRole('button', { name: 'Semnătură pacient' }).click();
  await dialog.getByRole('button', { name: 'Trimite la tabletă' }).click();
  await expect(dialog.getByTestId('station-waiting')).toBeVisible();

  // The request appears on the station at once: who signs and what.
  await expect(station.getByTestId('station-patient')).toHaveText(patientName);
  await expect(station.getByText('coroană metalo-ceramică')).toBeVisible();
  await drawSignature(station, station.getByTestId('signature-canvas'));
  await station.getByRole('button', { name: 'Semnez' }).click();
  await expect(station.getByTestId('station-idle')).toHaveText('Mulțumim! Semnătura a fost înregistrată.');

  await expect(dialog.getByRole('button', { name: 'semnatura activa' })).toBeVisible();
  await tablet.close();
});
