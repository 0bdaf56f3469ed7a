import type { LocationsAnswer } from '@odonto/domain/contracts/locations';
import { DEMO_USERS, expect, test } from '../fixtures';
import { issueInvoiceFromAccount, patientChargedTodayAt } from '../support/invoices';
import { API_HEADERS } from '../support/patients';

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
  const patient = await patientChargedTodayAt(page.request, app.url, nord);

  // The invoice issued for it takes Sediul Nord's series.
  const invoice = await issueInvoiceFromAccount(page, app.url, patient._id);
  await expect(invoice.getByRole('heading', { level: 1 })).toHaveText('Factură NRD 50', { timeout: SLOW });
});
