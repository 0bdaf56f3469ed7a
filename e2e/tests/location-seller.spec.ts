import type { LocationsAnswer } from '@odonto/domain/contracts/locations';
import { DEMO_USERS, expect, test } from '../fixtures';
import { issueInvoiceFromAccount, patientChargedTodayAt } from '../support/invoices';
import { API_HEADERS } from '../support/patients';

/** A first look at a screen on a machine shared with other test runs may take longer. */
const SLOW = 30_000;

// A server of its own: a second location changes every screen of the clinic (the shared demo server's
// other tests expect a single-location clinic).
test('a clinic group: a location gets seller data of its own and its invoices carry that seller', async ({
  page,
  startOwnApp,
  signIn,
}) => {
  test.setTimeout(180_000);
  const app = await startOwnApp({ seed: 'demo' });
  await signIn(page, DEMO_USERS.admin, app.url);

  // One location: nothing new on the locations screen.
  await page.goto(`${app.url}/setari?tab=sedii`);
  const section = page.getByRole('region', { name: 'Sedii și cabinete' });
  await expect(section.getByRole('button', { name: /^Editează sediul/ }).first()).toBeVisible({
    timeout: SLOW,
  });
  await expect(section.getByRole('button', { name: /^Date de facturare/ })).toHaveCount(0);

  const created = await page.request.post(`${app.url}/api/locations`, {
    data: { name: 'Sediul Nord', address: 'Bd. Unirii 10, București' },
    headers: API_HEADERS,
  });
  expect(created.status(), await created.text()).toBe(201);
  const locations = (await created.json()) as LocationsAnswer;
  const nord = locations.locations.find((place) => place.name === 'Sediul Nord')?.id ?? '';

  // In a group, the admin gives Sediul Nord its own seller data (a branch of the same firm, its own bank).
  await page.reload();
  await section
    .getByRole('button', { name: 'Date de facturare ale sediului Sediul Nord' })
    .click({ timeout: SLOW });
  const dialog = page.getByRole('dialog', { name: 'Date de facturare: Sediul Nord' });
  await expect(dialog.getByText('Facturile emise la acest sediu au ca furnizor clinica')).toBeVisible({
    timeout: SLOW,
  });
  await dialog.getByRole('checkbox', { name: /se facturează ca altă firmă/ }).check();
  await dialog.getByRole('textbox', { name: 'Denumirea furnizorului' }).fill('Zâmbet Sucursala Nord');
  await dialog.getByRole('textbox', { name: 'Cod fiscal (CUI)' }).fill('RO31415921');
  await dialog.getByRole('textbox', { name: 'Strada și numărul' }).fill('Bd. Unirii nr. 10');
  await dialog.getByRole('textbox', { name: 'Localitatea (București: sectorul)' }).fill('Sector 3');
  await dialog.getByRole('combobox', { name: 'Județul' }).fill('Bucure');
  await page.getByRole('option', { name: 'București', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'IBAN' }).fill('RO09BCYP0000001234567890');
  await dialog.getByRole('button', { name: 'Salvează' }).click();
  // A wrong control digit is refused with the clinic's message; the demo clinic's own CUI is taken.
  await expect(dialog.getByText('Codul fiscal (CUI) nu este valid.').first()).toBeVisible({ timeout: SLOW });
  await dialog.getByRole('textbox', { name: 'Cod fiscal (CUI)' }).fill('RO31415920');
  await dialog.getByRole('button', { name: 'Salvează' }).click();
  await expect(page.getByText('Datele de facturare ale sediului au fost salvate.')).toBeVisible({
    timeout: SLOW,
  });
  await expect(dialog).toHaveCount(0);

  // A patient seen today at Sediul Nord: the charge made that day is Sediul Nord's.
  const patient = await patientChargedTodayAt(page.request, app.url, nord);

  // The invoice issued for it names Sediul Nord's seller.
  const invoice = await issueInvoiceFromAccount(page, app.url, patient._id);
  await expect(invoice.getByText('Zâmbet Sucursala Nord')).toBeVisible({ timeout: SLOW });
  await expect(invoice.getByText(/IBAN RO09BCYP0000001234567890/)).toBeVisible();
});
