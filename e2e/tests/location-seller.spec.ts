import type { LocationsAnswer } from '@odonto/domain/contracts/locations';
import type { Patient } from '@odonto/domain/contracts/patients';
import type { PriceListAnswer } from '@odonto/domain/contracts/price-list';
import { DEMO_USERS, expect, test } from '../fixtures';
import { API_HEADERS, uniquePhone, uniqueWord } from '../support/patients';

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
  const saved = await page.request.post(`${app.url}/api/save-pacient`, {
    data: { nume: 'Nordic', prenume: uniqueWord(), telefon: uniquePhone() },
    headers: API_HEADERS,
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const patient = (await saved.json()) as Patient;
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Bucharest' });
  const doctors = (await (await page.request.get(`${app.url}/api/get-medici`)).json()) as { _id: string }[];
  const booked = await page.request.post(`${app.url}/api/save-programare/${patient._id}`, {
    data: {
      createdAt: today,
      trimite_sms: false,
      deLa: { ora: 20, minute: 0 },
      panaLa: { ora: 20, minute: 30 },
      medicId: doctors[0]?._id ?? '',
      sediuId: nord,
      keepOverlap: true,
    },
    headers: API_HEADERS,
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const list = (await (await page.request.get(`${app.url}/api/price-list`)).json()) as PriceListAnswer;
  const item = list.items.find((candidate) => candidate.price !== null && candidate.price !== undefined);
  expect(item).toBeDefined();
  const charged = await page.request.post(`${app.url}/api/cont/${patient._id}/taxe`, {
    data: { priceItemId: item?.id ?? '', day: today },
    headers: API_HEADERS,
  });
  expect(charged.status(), await charged.text()).toBe(201);

  // The invoice issued for it names Sediul Nord's seller.
  await page.goto(`${app.url}/pacienti/cont/${patient._id}`);
  await page.getByRole('button', { name: 'Emite factură' }).click({ timeout: SLOW });
  const issue = page.getByRole('form', { name: 'Emite factura' });
  await issue.getByRole('textbox', { name: 'Strada și numărul' }).fill('Str. Lungă nr. 3', { timeout: SLOW });
  await issue.getByRole('textbox', { name: 'Localitatea (București: sectorul)' }).fill('Brașov');
  await issue.getByRole('combobox', { name: 'Județul' }).fill('Brașov');
  await page.getByRole('option', { name: 'Brașov', exact: true }).click();
  await issue.getByRole('button', { name: 'Emite factura' }).click();
  const invoice = page.getByRole('dialog', { name: /^Factură \S+/ });
  await expect(invoice.getByText('Zâmbet Sucursala Nord')).toBeVisible({ timeout: SLOW });
  await expect(invoice.getByText(/IBAN RO09BCYP0000001234567890/)).toBeVisible();
});
