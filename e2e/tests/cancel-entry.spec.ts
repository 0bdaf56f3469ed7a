import type { Page } from '@playwright/test';
import type { Patient } from '../../packages/domain/src/contracts/patients';
import { DEMO_USERS, expect, test } from '../fixtures';
import { canvasSignature } from '../support/signature';
import { countPrints, printsSoFar } from '../support/print';
import { API_HEADERS, createPatient, uniquePhone, uniqueWord } from '../support/patients';

/** A patient with one treatment on 3.6 that the patient signed, and one unsigned consultation. */
async function patientWithSignedEntry(page: Page): Promise<{ patient: Patient; entryId: number }> {
  const patient = await createPatient(page.request, {
    nume: 'Anulescu',
    prenume: uniqueWord(),
    telefon: uniquePhone(),
  });
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Bucharest' }).format(new Date());
  const save = (obj: object) =>
    page.request.post(`/api/save-history/${patient._id}`, {
      headers: API_HEADERS,
      multipart: {
        obj: JSON.stringify({ type: 'tratament', createdAt: today, medic: DEMO_USERS.medic.nume, ...obj }),
      },
    });
  const crown = await save({ id: Date.now(), denumire: 'extracție dentară', dinte: '3.6', mapID: null });
  expect(crown.status(), await crown.text()).toBe(201);
  const saved = (await crown.json()) as Patient;
  const entry = saved.history.find((item) => item.dinte === '3.6');
  if (!entry) throw new Error('the treatment was not saved');
  const consult = await save({ id: Date.now() + 1, denumire: 'consultație', dinte: null, mapID: null });
  expect(consult.status(), await consult.text()).toBe(201);
  const signed = await page.request.post('/api/signature', {
    headers: API_HEADERS,
    data: {
      kind: 'entry',
      patientId: patient._id,
      entryId: entry.id,
      version: entry.version,
      image: await canvasSignature(page),
    },
  });
  expect(signed.status(), await signed.text()).toBe(201);
  return { patient, entryId: entry.id };
}

test('a signed treatment cannot be deleted: it is cancelled with a reason, shown struck through and printed as cancelled', async ({
  page,
  signIn,
}) => {
  await countPrints(page);
  await signIn(page, DEMO_USERS.medic);
  const { patient } = await patientWithSignedEntry(page);
  await page.goto(`/pacienti/history/${patient._id}`);
  const entries = page.getByTestId('history-entry');
  await expect(entries).toHaveCount(2);

  // The unsigned entry keeps its delete button; the signed one offers only a cancellation.
  await entries.filter({ hasText: 'consultație' }).click();
  const modal = page.getByRole('dialog', { name: 'Modifică tratament' });
  await expect(modal.getByRole('button', { name: 'Șterge', exact: true })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Anulează', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  await entries.filter({ hasText: 'extracție dentară' }).click();
  await expect(modal.getByRole('button', { name: 'Șterge', exact: true })).toHaveCount(0);
  await modal.getByRole('button', { name: 'Anulează', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Anulare tratament semnat' });
  await expect(dialog).toContainText('Pacientul a semnat acest tratament, deci nu poate fi șters.');
  await dialog.getByRole('button', { name: 'Anulează tratamentul' }).click();
  await expect(dialog.getByText('Scrieți motivul anulării (cel puțin 3 caractere).')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Motivul anulării' }).fill('Înregistrat la pacientul greșit');
  await dialog.getByRole('button', { name: 'Anulează tratamentul' }).click();
  await expect(dialog).toBeHidden();

  await expect(entries).toHaveCount(1);
  const cancelled = page.getByTestId('history-cancelled');
  await expect(cancelled).toHaveCount(1);
  await expect(cancelled).toContainText('extracție dentară');
  await expect(cancelled).toContainText('Anulat');
  await expect(cancelled.getByTestId('history-cancel-reason')).toContainText(
    `${DEMO_USERS.medic.nume}: Înregistrat la pacientul greșit`,
  );
  await expect(cancelled.getByTestId('history-cancelled-entry')).toHaveCSS(
    'text-decoration-line',
    'line-through',
  );
  await page.screenshot({ path: test.info().outputPath('anulat.png'), fullPage: true });

  await page.goto(`/pacienti/edit/${patient._id}`);
  await page.getByRole('button', { name: 'Tipărește fișa' }).click();
  await page
    .getByRole('dialog', { name: 'Fișa pacientului' })
    .getByRole('button', { name: 'Tipărește' })
    .click();
  await expect.poll(() => printsSoFar(page)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const printed = page.getByTestId('print-area').getByTestId('printed-cancelled');
  await expect(printed).toContainText('ANULAT la');
  await expect(printed).toContainText('Înregistrat la pacientul greșit');
});
