import type { Page } from '@playwright/test';
import type { ClinicSettings } from '../../packages/domain/src/contracts/clinic';
import type { Patient, PatientListResponse } from '../../packages/domain/src/contracts/patients';
import { formatTreatmentDate } from '../../packages/domain/src/dates';
import { DEMO_USERS, expect, test } from '../fixtures';
import { uniqueWord } from '../support/patients';
import { countPrints, printsSoFar, printToPdf } from '../support/print';

/**
 * A demo patient with treatments, as GET /api/get-pacient answers it. Other tests add patients to the
 * same demo clinic, which can push the demo's own past the first page: the pages are read in turn.
 */
async function patientWithTreatments(page: Page): Promise<Patient> {
  for (let pageNumber = 1; pageNumber <= 20; pageNumber += 1) {
    const list = (await (
      await page.request.get(`/api/pacienti?page=${pageNumber}`)
    ).json()) as PatientListResponse;
    for (const item of list.pacienti) {
      const patient = (await (await page.request.get(`/api/get-pacient/${item._id}`)).json()) as Patient;
      if (patient.history.length > 0) return patient;
    }
    if (list.pacienti.length === 0) break;
  }
  throw new Error('no demo patient with treatments in the first 20 pages');
}

test('an admin sets the clinic details and prints a patient file with that letterhead', async ({
  page,
  signIn,
}, testInfo) => {
  await countPrints(page);
  await signIn(page, DEMO_USERS.admin);
  const clinicName = `Clinica ${uniqueWord()}`;

  await page.goto('/setari');
  const section = page.getByRole('region', { name: 'Date clinică' });
  await section.getByRole('textbox', { name: 'Numele clinicii' }).fill(clinicName);
  await section.getByRole('textbox', { name: 'Cod fiscal (CUI)' }).fill('1234567');
  await section.getByRole('button', { name: 'Salvează datele clinicii' }).click();
  await expect(section.getByText('Codul fiscal (CUI) nu este valid.', { exact: true })).toBeVisible();
  await section.getByRole('textbox', { name: 'Cod fiscal (CUI)' }).fill('ro 14399840');
  await section.getByRole('textbox', { name: 'Adresa' }).fill('Str. Republicii 10, Brașov');
  await section.getByRole('button', { name: 'Salvează datele clinicii' }).click();
  await expect(page.getByText('Datele clinicii au fost salvate.')).toBeVisible();
  await expect(section.getByRole('textbox', { name: 'Cod fiscal (CUI)' })).toHaveValue('RO14399840');

  const patient = await patientWithTreatments(page);
  const name = `${patient.nume} ${patient.prenume}`;
  await page.goto(`/pacienti/edit/${patient._id}`);
  await page.getByRole('button', { name: 'Tipărește fișa' }).click();
  const modal = page.getByRole('dialog', { name: 'Fișa pacientului' });
  await expect(modal.getByTestId('letterhead')).toContainText(clinicName);
  await modal.getByRole('button', { name: 'Tipărește' }).click();
  await expect.poll(() => printsSoFar(page)).toBe(1);

  await page.emulateMedia({ media: 'print' });
  const sheet = page.getByTestId('print-area');
  await expect(sheet).toBeVisible();
  // Only the sheet prints: the screen behind it (header, modal) is hidden.
  await expect(page.getByTestId('patient-name')).toBeHidden();
  await expect(modal).toBeHidden();
  await expect(sheet.getByTestId('letterhead')).toContainText(clinicName);
  await expect(sheet.getByTestId('letterhead')).toContainText('CUI RO14399840');
  await expect(sheet.getByRole('heading', { name: 'Fișa pacientului' })).toBeVisible();
  await expect(sheet.getByText(name, { exact: true })).toBeVisible();
  await expect(sheet.getByTestId('dental-chart').locator('svg').first()).toBeVisible();
  const treatments = sheet.getByRole('region', { name: 'Istoric tratamente' });
  const [first] = patient.history;
  if (!first) throw new Error('patient without treatments');
  await expect(treatments.getByRole('cell', { name: first.denumire, exact: true }).first()).toBeVisible();
  await expect(
    treatments.getByRole('cell', { name: formatTreatmentDate(first.createdAt) }).first(),
  ).toBeVisible();
  await expect(treatments.getByRole('row')).toHaveCount(patient.history.length + 1);
  await expect(sheet.getByRole('region', { name: 'Programări' })).toBeVisible();
  await expect(sheet.getByRole('region', { name: 'Semnăturile pacientului' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('fisa-pacient-print.png'), fullPage: true });
  const fileText = await printToPdf(page, testInfo, 'fisa-pacient.pdf');
  expect(fileText).toContain(clinicName);
  expect(fileText).toContain('CUI RO14399840');
  expect(fileText).toContain('FIȘA PACIENTULUI');
  expect(fileText.replace(/-\s/g, '-')).toContain(name);
  expect(fileText).toContain(first.denumire);
  expect(fileText).toMatch(/Pagina 1 din \d+/);
  expect(fileText).toMatch(/Tipărit la \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
  // The letterhead on page 1, then the clinic's name at the top of every later page.
  const pages = Number(/Pagina 1 din (\d+)/.exec(fileText)?.[1]);
  // Runs of text may split a word in the PDF (kerning, wrapping in the narrow page-top box): count without spaces.
  const squeezed = (text: string) => text.replace(/\s+/g, '');
  expect(squeezed(fileText).split(squeezed(clinicName)).length - 1).toBe(pages);

  const audit = await page.request.get(`/api/audit?action=patient_print&patient=${patient._id}`);
  expect(((await audit.json()) as { total: number }).total).toBeGreaterThanOrEqual(1);
});

test('a medic writes a medical letter from the template, prints it and prints it again', async ({
  page,
  signIn,
}, testInfo) => {
  await countPrints(page);
  await signIn(page, DEMO_USERS.medic);
  const clinic = (await (await page.request.get('/api/clinic')).json()) as ClinicSettings;
  const patient = await patientWithTreatments(page);
  await page.goto(`/pacienti/edit/${patient._id}`);

  await page.getByRole('button', { name: 'Scrisoare medicală' }).click();
  const modal = page.getByRole('dialog', { name: 'Scrisoare medicală' });
  const editor = modal.getByRole('textbox', { name: 'Textul scrisorii' });
  await expect(editor).toHaveValue(new RegExp(`pacientul/pacienta ${patient.nume} ${patient.prenume}`));
  await expect(editor).toHaveValue(/Tratamente efectuate:/);
  const recommendation = `Control peste 6 luni, periaj ${uniqueWord()}.`;
  await editor.fill(`Stimate coleg,\n\nRecomandări: ${recommendation}`);
  await modal.getByRole('button', { name: 'Salvează și tipărește' }).click();
  await expect.poll(() => printsSoFar(page)).toBe(1);

  await page.emulateMedia({ media: 'print' });
  const sheet = page.getByTestId('print-area');
  await expect(sheet.getByRole('heading', { name: 'Scrisoare medicală' })).toBeVisible();
  await expect(sheet.getByTestId('letterhead')).toContainText(clinic.nume);
  await expect(sheet.getByText(recommendation, { exact: false })).toBeVisible();
  await expect(sheet.getByText(DEMO_USERS.medic.nume, { exact: true })).toBeVisible();
  await expect(sheet.getByText('Semnătura și parafa medicului')).toBeVisible();
  await expect(sheet.getByText(/^Data: \d{2}\.\d{2}\.\d{4}$/)).toBeVisible();
  await expect(modal).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('scrisoare-print.png'), fullPage: true });
  const letterText = await printToPdf(page, testInfo, 'scrisoare-medicala.pdf');
  expect(letterText).toContain(clinic.nume);
  expect(letterText).toContain('SCRISOARE MEDICALĂ');
  expect(letterText).toContain(recommendation);
  expect(letterText).toContain(DEMO_USERS.medic.nume);
  expect(letterText).toContain('Semnătura și parafa medicului');
  expect(letterText).toContain('Pagina 1 din 1');

  await page.emulateMedia({ media: 'screen' });
  const earlier = modal.getByRole('list', { name: 'Scrisori anterioare' });
  await expect(earlier.getByRole('listitem').first()).toContainText('Stimate coleg,');
  await earlier
    .getByRole('button', { name: /^Tipărește scrisoarea din/ })
    .first()
    .click();
  await expect.poll(() => printsSoFar(page)).toBe(2);
  await page.emulateMedia({ media: 'print' });
  await expect(sheet.getByText(recommendation, { exact: false })).toBeVisible();
});

test('an assistant has neither the print nor the letter button', async ({ page, signIn }) => {
  await signIn(page, DEMO_USERS.asistent);
  const patient = await patientWithTreatments(page);
  await page.goto(`/pacienti/edit/${patient._id}`);
  await expect(page.getByTestId('patient-name')).toHaveText(`${patient.nume} ${patient.prenume}`);
  await expect(page.getByRole('button', { name: 'Tipărește fișa' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Scrisoare medicală' })).toHaveCount(0);
});
