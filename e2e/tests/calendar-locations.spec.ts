import type { Appointment } from '../../packages/domain/src/contracts/appointments';
import { DEMO_USERS, expect, test } from '../fixtures';
import { accessibilityViolations } from '../support/axe';
import { addLocation } from '../support/locations';
import {
  API_HEADERS,
  createPatient,
  dayOfOwn,
  demoDoctors,
  uniquePhone,
  uniqueWord,
} from '../support/patients';

test('a clinic group: book at the second location in a chair, see it only there, chair columns, a doctor across locations', async ({
  browser,
  startOwnApp,
  signIn,
}) => {
  // A clinic of the test's own: the demo clinic of the other tests stays a single location.
  const app = await startOwnApp({ seed: 'demo' });
  const north = await addLocation(app.url, 'Sediul Nord', ['Cabinet A', 'Cabinet B']);
  const [chairA, chairB] = north.chairIds;
  if (!chairA || !chairB) throw new Error('two chairs expected');
  const context = await browser.newContext({
    baseURL: app.url,
    locale: 'ro-RO',
    timezoneId: 'Europe/Bucharest',
    viewport: { width: 1400, height: 900 },
  });
  const page = await context.newPage();
  await signIn(page, DEMO_USERS.medic, app.url);
  const prenume = uniqueWord();
  const patient = await createPatient(page.request, { nume: 'Marin', prenume, telefon: uniquePhone() });
  const { medic } = await demoDoctors(page.request);
  const day = dayOfOwn();

  // One appointment booked without a location: it takes place at the first one.
  const first = await page.request.post(`/api/save-programare/${patient._id}`, {
    headers: API_HEADERS,
    data: {
      createdAt: day,
      trimite_sms: false,
      deLa: { ora: 9, minute: 0 },
      panaLa: { ora: 9, minute: 30 },
      medicId: medic._id,
      nota: 'la sediul principal',
    },
  });
  expect(first.status(), await first.text()).toBe(201);
  const atMain = page.getByRole('button', {
    name: new RegExp(`^Marin ${prenume}, 09:00–09:30 · la sediul principal`),
  });

  await page.goto(`/calendar?vedere=zi&zi=${day}`);
  const sediu = page.getByRole('combobox', { name: 'Sediu' });
  await expect(sediu).toHaveValue(/.+/);
  await expect(atMain).toBeVisible();
  // No chairs at the first location: no column toggle.
  await expect(page.getByRole('radiogroup', { name: 'Coloane' })).toHaveCount(0);

  await sediu.selectOption(north.locationId);
  await expect(page).toHaveURL(new RegExp(`sediu=${north.locationId}`));
  await expect(atMain).toHaveCount(0);
  await page.getByText('Pe cabinete', { exact: true }).click();
  await expect(page).toHaveURL(/coloane=cabinete/);
  const columns = page.locator('[data-calendar-column]');
  await expect(columns).toHaveCount(2);
  expect(
    await columns.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-doctor'))),
  ).toEqual([chairA, chairB]);

  // 19:00 in Cabinet B, on a grid from 07:00 with 16 px per 15 minutes: 48 slots down.
  await page
    .locator(`[data-calendar-column][data-doctor="${chairB}"]`)
    .click({ position: { x: 20, y: 48 * 16 + 4 } });
  const dialog = page.getByRole('dialog', { name: 'Adaugă programare' });
  await dialog.getByRole('textbox', { name: 'Caută pacient' }).fill(prenume);
  await dialog.getByRole('listitem', { name: `Marin ${prenume} (fișa nr. ${patient.id})` }).click();
  await expect(dialog.getByRole('combobox', { name: 'Sediu' })).toHaveValue(north.locationId);
  await expect(dialog.getByRole('combobox', { name: 'Cabinet' })).toHaveValue(chairB);
  await expect(dialog.getByRole('combobox', { name: 'Medic' })).toHaveValue(medic._id);
  expect(await accessibilityViolations(page), 'the modal with Sediu and Cabinet').toEqual([]);
  await dialog.getByRole('textbox', { name: 'Notă' }).fill('la nord');
  await dialog.getByRole('button', { name: 'Salvează' }).click();
  await expect(dialog).toBeHidden();
  const atNorth = page.getByRole('button', { name: new RegExp(`^Marin ${prenume}, 19:00–19:30 · `) });
  await expect(
    page
      .locator(`[data-calendar-column][data-doctor="${chairB}"]`)
      .getByRole('button', { name: new RegExp(`19:00–19:30 · ${medic.nume} · la nord$`) }),
  ).toBeVisible();
  const saved = (await (
    await page.request.get(`/api/get-programari/${patient._id}`, { headers: API_HEADERS })
  ).json()) as Appointment[];
  expect(saved.find((item) => item.nota === 'la nord')).toMatchObject({
    locationId: north.locationId,
    locationName: 'Sediul Nord',
    chairId: chairB,
    chairName: 'Cabinet B',
  });

  // Back at the first location the new one is not shown.
  await sediu.selectOption({ label: 'Sediul principal' });
  await expect(atMain).toBeVisible();
  await expect(atNorth).toHaveCount(0);

  // The doctor's week across locations: both, each naming its location.
  await page.getByRole('combobox', { name: 'Medic' }).selectOption(medic._id);
  await sediu.selectOption({ label: 'Toate sediile' });
  await expect(page).toHaveURL(/sediu=toate/);
  await page.getByText('Săptămână', { exact: true }).click();
  await expect(
    page.getByRole('button', {
      name: new RegExp(`09:00–09:30 · Sediul principal · la sediul principal, ${medic.nume}$`),
    }),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: new RegExp(`19:00–19:30 · Sediul Nord · la nord, ${medic.nume}$`) }),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('calendar-locations-week.png') });

  await page.goto(`/calendar?vedere=zi&zi=${day}&sediu=${north.locationId}&coloane=cabinete`);
  await expect(atNorth).toBeVisible();
  expect(await accessibilityViolations(page), 'the calendar with Sediu and chair columns').toEqual([]);
  await atNorth.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: test.info().outputPath('calendar-locations-chairs.png') });
  await context.close();
});
