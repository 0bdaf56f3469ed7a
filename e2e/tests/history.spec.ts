import type { Page } from '@playwright/test';
import { DEMO_USERS, expect, test } from '../fixtures';
import { createPatient, uniquePhone, uniqueWord } from '../support/patients';

/** A 1×1 PNG, the smallest picture the server accepts. */
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Picks a dropdown option by typing part of it, the way a user narrows the list. */
async function pickOption(page: Page, field: string, typed: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: field, exact: true }).fill(typed);
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

async function addTreatment(page: Page, steps: (dialog: Page) => Promise<void>) {
  await page.getByRole('button', { name: 'Adaugă tratament' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adaugă tratament' });
  await expect(dialog).toBeVisible();
  await steps(page);
  await dialog.getByRole('button', { name: 'Salvează' }).click();
  await expect(dialog).toBeHidden();
}

test('a medic adds a crown, a bridge and an extraction, filters by doctor and by tooth, adds pictures and deletes an entry', async ({
  page,
  request,
  signIn,
}) => {
  await signIn(page, DEMO_USERS.medic);
  const patient = await createPatient(page.request, {
    nume: 'Istrate',
    prenume: uniqueWord(),
    telefon: uniquePhone(),
  });
  await page.goto(`/pacienti/history/${patient._id}`);
  await expect(page.getByRole('heading', { name: 'Istoric tratamente' })).toBeVisible();
  await expect(page.getByText('Nu există tratamente înregistrate.')).toBeVisible();

  await addTreatment(page, async () => {
    await pickOption(page, 'Tratament', 'coroană metalo', 'coroană metalo-ceramică');
    await pickOption(page, 'Dinte', '1.6', /^1\.6 /);
  });
  const entries = page.getByTestId('history-entry');
  await expect(entries).toHaveCount(1);

  await addTreatment(page, async () => {
    await pickOption(page, 'Tratament', 'punte metalo', 'punte metalo-ceramică');
    await expect(page.getByRole('combobox', { name: 'Dinte', exact: true })).toHaveAttribute(
      'placeholder',
      'dinte origine',
    );
    await pickOption(page, 'Dinte', '1.3', /^1\.3 /);
    await page.getByRole('combobox', { name: 'Dinte destinație', exact: true }).click();
    await expect(page.getByRole('option', { name: /^1\.5 / })).toBeVisible();
    // 1.6 carries the crown just added: no bridge ends there.
    await expect(page.getByRole('option', { name: /^1\.6 / })).toHaveCount(0);
    await page.getByRole('option', { name: /^1\.5 / }).click();
  });
  await expect(entries).toHaveCount(2);

  await addTreatment(page, async () => {
    await pickOption(page, 'Tratament', 'extrac', 'extracție dentară');
    await pickOption(page, 'Dinte', '3.8', /^3\.8 /);
    await pickOption(page, 'Medic', 'Ioana', 'Dr. Ioana Stănescu');
  });
  await expect(entries).toHaveCount(3);

  // Newest first; all three are today's, so the newest id leads.
  await expect(page.getByTestId('history-name')).toHaveText([
    'extracție dentară',
    'punte metalo-ceramică',
    'coroană metalo-ceramică',
  ]);
  await expect(page.getByTestId('history-tooth')).toHaveText(['3.8', '1.3 → 1.5', '1.6']);

  await pickOption(page, 'Filtru medic', 'Ioana', 'Dr. Ioana Stănescu');
  await expect(entries).toHaveCount(1);
  await expect(page.getByTestId('history-name')).toHaveText(['extracție dentară']);
  await expect(page.getByRole('combobox', { name: 'Filtru dinte', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Șterge filtrele' }).click();
  await expect(entries).toHaveCount(3);

  await pickOption(page, 'Filtru dinte', '3.8', /^3\.8 /);
  await expect(entries).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: 'Filtru medic', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Șterge filtrele' }).click();
  await expect(entries).toHaveCount(3);

  // A before and an after picture on the extraction: saved through update-history, thumbnails in the list.
  await entries.filter({ hasText: 'extracție dentară' }).click();
  const update = page.getByRole('dialog', { name: 'Modifică tratament' });
  await expect(update).toBeVisible();
  const picture = { name: 'poza.png', mimeType: 'image/png', buffer: Buffer.from(ONE_PIXEL_PNG, 'base64') };
  await update.getByRole('group', { name: 'Înainte' }).locator('input[type="file"]').setInputFiles(picture);
  await update.getByRole('group', { name: 'După' }).locator('input[type="file"]').setInputFiles(picture);
  await update.getByRole('button', { name: 'Salvează' }).click();
  await expect(update).toBeHidden();
  const thumbnail = entries.filter({ hasText: 'extracție dentară' }).getByRole('img', { name: /^Înainte / });
  await expect(thumbnail).toHaveAttribute(
    'src',
    new RegExp(`^/history-imgs/${patient._id}/thumb-\\d+-\\d+-inainte\\.png\\.png$`),
  );
  await expect
    .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await expect(
    entries.filter({ hasText: 'extracție dentară' }).getByRole('img', { name: /^După .*-dupa\.png$/ }),
  ).toBeVisible();
  // Pictures are for signed-in staff only: the same address without the session cookie is refused.
  const address = await thumbnail.getAttribute('src');
  expect((await request.get(address ?? '')).status()).toBe(401);

  await entries.filter({ hasText: 'coroană metalo-ceramică' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modifică tratament' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Șterge' }).click();
  await expect(page.getByText('Sunteți sigur că doriți să ștergeți acest tratament?')).toBeVisible();
  await page.getByRole('button', { name: 'DA', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('history-name')).toHaveText(['extracție dentară', 'punte metalo-ceramică']);
});
