import type { LocationsAnswer } from '@odonto/domain/contracts/locations';
import type { Patient } from '@odonto/domain/contracts/patients';
import type { PriceListAnswer } from '@odonto/domain/contracts/price-list';
import { DEMO_USERS, expect, test } from '../fixtures';
import { API_HEADERS, uniquePhone, uniqueWord } from '../support/patients';

/** A first look at a screen on a machine shared with other test runs may take longer. */
const SLOW = 30_000;

// A server of its own: a second location changes every screen of the clinic (the shared demo server's
// other tests expect a single-location clinic).
test('a clinic group: a location gets invoice series of its own and its invoices are numbered from them', async ({
  page,
  startOwnApp,
  signIn,
}) => {
  test.setTimeout(180_000);
  const app = await startOwnApp({ seed: 'demo' });
  await signIn(page, DEMO_USERS.admin, app.url);

  // One location: the series form is the clinic's only.
  await page.goto(`${app.url}/facturi`);
  const series = page.getByRole('form', { name: 'Serii facturi' });
  await expect(series.getByRole('textbox', { name: 'Seria facturilor', exact: true })).toBeVisible({
    timeout: SLOW,
  });
  await expect(series.getByText('Serii pe sedii')).toHaveCount(0);

  const created = await page.request.post(`${app.url}/api/locations`, {
    data: { name: 'Sediul Nord', address: 'Str. Nordului 1, Cluj-Napoca' },
    headers: API_HEADERS,
  });
  expect(created.status(), await created.text()).toBe(201);
  const locations = (await created.json()) as LocationsAnswer;
  const nord = locations.locations.find((place) => place.name === 'Sediul Nord')?.id ?? '';

  // In a group, the admin gives Sediul Nord its own series.
  await page.reload();
  await expect(series.getByText('Serii pe sedii')).toBeVisible({ timeout: SLOW });
  const north = series.getByRole('group', { name: 'Sediul Nord' });
  await north.getByRole('checkbox', { name: 'Serii proprii' }).check();
  await north.getByRole('textbox', { name: 'Seria facturilor', exact: true }).fill('NRD');
  await north.getByRole('textbox', { name: 'Primul număr', exact: true }).fill('50');
  await north.getByRole('textbox', { name: 'Seria facturilor storno', exact: true }).fill('NRDS');
  await series.getByRole('button', { name: 'Salvează seriile' }).click();
  await expect(page.getByText('Seriile au fost salvate.')).toBeVisible({ timeout: SLOW });
  await expect(series.getByRole('group', { name: 'Sediul Nord' })).toContainText(
    'Următoarea factură: NRD 50; următoarea storno: NRDS 1.',
  );

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

  // The invoice issued for it takes Sediul Nord's series.
  await page.goto(`${app.url}/pacienti/cont/${patient._id}`);
  await page.getByRole('button', { name: 'Emite factură' }).click({ timeout: SLOW });
  const issue = page.getByRole('form', { name: 'Emite factura' });
  await issue.getByRole('textbox', { name: 'Strada și numărul' }).fill('Str. Lungă nr. 3', { timeout: SLOW });
  await issue.getByRole('textbox', { name: 'Localitatea (București: sectorul)' }).fill('Brașov');
  await issue.getByRole('combobox', { name: 'Județul' }).fill('Brașov');
  await page.getByRole('option', { name: 'Brașov', exact: true }).click();
  await issue.getByRole('button', { name: 'Emite factura' }).click();
  const invoice = page.getByRole('dialog', { name: /^Factură \S+/ });
  await expect(invoice.getByRole('heading', { level: 1 })).toHaveText('Factură NRD 50', { timeout: SLOW });
});
