import type { Page } from '@playwright/test';
import type { DemoUser } from '../../apps/server/src/scripts/demo-users';
import type { LocationsAnswer } from '@odonto/domain/contracts/locations';
import type { Patient, PatientListResponse } from '@odonto/domain/contracts/patients';
import type { PriceItem, PriceListAnswer } from '@odonto/domain/contracts/price-list';
import { formatLei } from '@odonto/domain/money';
import { formatReportMonth } from '@odonto/domain/reports';
import { DEMO_USERS, expect, test } from '../fixtures';
import { API_HEADERS, uniquePhone, uniqueWord } from '../support/patients';
import { acceptedCrownPlan } from '../support/plans';
import type { RunningApp } from '../support/server';

/** Adds a location through the admin call and answers the clinic's locations as they then are. */
async function addLocation(page: Page, origin: string, name: string): Promise<LocationsAnswer> {
  const created = await page.request.post(`${origin}/api/locations`, {
    data: { name, address: 'Str. Nordului 1, Cluj-Napoca' },
    headers: API_HEADERS,
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await (await page.request.get(`${origin}/api/locations`)).json()) as LocationsAnswer;
}

function idOf(answer: LocationsAnswer, name: string): string {
  const found = answer.locations.find((location) => location.name === name);
  expect(found, name).toBeDefined();
  return found?.id ?? '';
}

interface OwnClinicFixtures {
  page: Page;
  startOwnApp: (options: { seed: 'demo' }) => Promise<RunningApp>;
  signIn: (page: Page, user: DemoUser, origin?: string) => Promise<void>;
}

/**
 * The demo clinic on a server of the test's own, its admin signed in on `page`; answers its origin. A second
 * location changes every screen of the clinic, and the shared demo server's other tests expect a
 * single-location clinic.
 */
async function ownDemoClinic({ page, startOwnApp, signIn }: OwnClinicFixtures): Promise<string> {
  test.setTimeout(180_000);
  const app = await startOwnApp({ seed: 'demo' });
  await signIn(page, DEMO_USERS.admin, app.url);
  return app.url;
}

/** A clinic group of the test's own: the demo clinic and a second location, "Sediul Nord". */
async function clinicGroup(fixtures: OwnClinicFixtures): Promise<{ origin: string; nord: string }> {
  const origin = await ownDemoClinic(fixtures);
  return { origin, nord: idOf(await addLocation(fixtures.page, origin, 'Sediul Nord'), 'Sediul Nord') };
}

/** The id of the demo clinic's first doctor. */
async function firstDoctorId(page: Page, origin: string): Promise<string> {
  const doctors = (await (await page.request.get(`${origin}/api/get-medici`)).json()) as { _id: string }[];
  return doctors[0]?._id ?? '';
}

/** A priced item of the demo price list. */
async function pricedItem(page: Page, origin: string): Promise<PriceItem> {
  const list = (await (await page.request.get(`${origin}/api/price-list`)).json()) as PriceListAnswer;
  const priced = list.items.find((item) => item.price !== null && item.price.amountBani > 0);
  if (!priced) throw new Error('the demo price list has no priced item');
  return priced;
}

/** Where a user works (none: every location): their charges and plans are placed there. */
async function placeUser(page: Page, origin: string, userId: string, locationIds: string[]): Promise<void> {
  const placed = await page.request.put(`${origin}/api/users/${userId}/locations`, {
    data: { locationIds },
    headers: API_HEADERS,
  });
  expect(placed.status(), await placed.text()).toBe(200);
}

/** A new patient of the test's clinic. */
async function newPatient(page: Page, origin: string, nume: string): Promise<Patient> {
  const saved = await page.request.post(`${origin}/api/save-pacient`, {
    data: { nume, prenume: uniqueWord(), telefon: uniquePhone() },
    headers: API_HEADERS,
  });
  expect(saved.status(), await saved.text()).toBe(201);
  return (await saved.json()) as Patient;
}

/** A new patient charged `item` by the doctor, who first works at `locationIds` (none: every location). */
async function chargedPatient(
  page: Page,
  origin: string,
  work: { doctorId: string; locationIds: string[]; item: PriceItem; nume: string },
): Promise<Patient> {
  await placeUser(page, origin, work.doctorId, work.locationIds);
  const patient = await newPatient(page, origin, work.nume);
  const charged = await page.request.post(`${origin}/api/cont/${patient._id}/taxe`, {
    data: { priceItemId: work.item.id, doctorId: work.doctorId },
    headers: API_HEADERS,
  });
  expect(charged.status(), await charged.text()).toBe(201);
  return patient;
}

test('a clinic group: the sterilisation register, the patient list, the revenue and cash reports by location', async ({
  page,
  startOwnApp,
  signIn,
}) => {
  const origin = await ownDemoClinic({ page, startOwnApp, signIn });

  // One location: nothing about locations shows.
  await page.goto(`${origin}/pacienti`);
  await expect(page.getByRole('table', { name: 'Lista pacienților' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sediu' })).toHaveCount(0);

  const nord = idOf(await addLocation(page, origin, 'Sediul Nord'), 'Sediul Nord');

  // The sterilisation lists place each autoclave at a location.
  await page.goto(`${origin}/sterilizare`);
  await page.getByRole('tab', { name: 'Setări' }).click();
  const lists = page.getByRole('tabpanel', { name: 'Setări' });
  const autoclaves = lists.getByRole('combobox', { name: 'Autoclave' });
  await autoclaves.fill('Autoclav Nord');
  await autoclaves.press('Enter');
  await lists.getByRole('combobox', { name: 'Sediul pentru Autoclav 1' }).click();
  await page.getByRole('option', { name: 'Sediul principal' }).click();
  await lists.getByRole('combobox', { name: 'Sediul pentru Autoclav Nord' }).click();
  await page.getByRole('option', { name: 'Sediul Nord' }).click();
  await lists.getByRole('button', { name: 'Salvează setările' }).click();
  await expect(lists.getByText('Setările au fost salvate.')).toBeVisible();

  // Each location's daily tests are of its own autoclaves; the choice is kept in the address.
  const location = page.getByRole('combobox', { name: 'Sediu', exact: true });
  await location.click();
  await page.getByRole('option', { name: 'Sediul Nord' }).click();
  await expect(page).toHaveURL(new RegExp(`sediu=${nord}`));
  await expect(
    page.getByText('Testul zilnic (Bowie-Dick / Helix) lipsește azi pentru: Autoclav Nord.'),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Autoclav', exact: true })).toHaveValue('Autoclav Nord');
  await page.getByRole('button', { name: 'Test conform' }).click();
  await expect(page.getByText('Testul zilnic al autoclavelor este făcut.')).toBeVisible();
  await location.click();
  await page.getByRole('option', { name: 'Sediul principal' }).click();
  await expect(
    page.getByText('Testul zilnic (Bowie-Dick / Helix) lipsește azi pentru: Autoclav 1.'),
  ).toBeVisible();
  await page.reload();
  await expect(location).toHaveValue('Sediul principal');

  // The patient list: the patients with an appointment at the location.
  const list = (await (await page.request.get(`${origin}/api/pacienti`)).json()) as PatientListResponse;
  const patient = list.pacienti[0];
  expect(patient).toBeDefined();
  const booked = await page.request.post(`${origin}/api/save-programare/${patient?._id ?? ''}`, {
    data: {
      createdAt: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      trimite_sms: false,
      deLa: { ora: 10, minute: 0 },
      panaLa: { ora: 10, minute: 30 },
      medicId: await firstDoctorId(page, origin),
      sediuId: nord,
      keepOverlap: true,
    },
    headers: API_HEADERS,
  });
  expect(booked.status(), await booked.text()).toBe(201);
  await page.goto(`${origin}/pacienti`);
  await page.getByRole('combobox', { name: 'Sediu', exact: true }).click();
  await page.getByRole('option', { name: 'Sediul Nord' }).click();
  await expect(page).toHaveURL(new RegExp(`sediu=${nord}`));
  const rows = page.locator('table[aria-label="Lista pacienților"][aria-busy="false"] tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(patient?.nume ?? '');

  // The revenue report (this month) names the locations: a charge made at the first one. Not the demo's
  // own charges, which on the first days of a month all lie in the month before.
  const doctorId = await firstDoctorId(page, origin);
  const item = await pricedItem(page, origin);
  await chargedPatient(page, origin, { doctorId, locationIds: [], item, nume: 'Venit' });
  await page.goto(`${origin}/rapoarte?tab=venituri`);
  const revenue = page.getByRole('table', { name: 'Venituri pe locații și medici' });
  await expect(revenue).toBeVisible();
  await expect(revenue.getByText('Sediul principal').first()).toBeVisible();

  // A payment is taken at its cashier's location: the admin now works at Nord.
  const session = (await (await page.request.get(`${origin}/api/check-login`)).json()) as {
    user: { _id: string };
  };
  await placeUser(page, origin, session.user._id, [nord]);
  const paid = await page.request.post(`${origin}/api/cont/${patient?._id ?? ''}/plati`, {
    data: { method: 'numerar', amountBani: 12_345, isAdvance: true },
    headers: API_HEADERS,
  });
  expect(paid.status(), await paid.text()).toBe(201);
  await page.goto(`${origin}/rapoarte`);
  const payments = page.getByRole('table', { name: 'Plățile zilei' });
  const payment = payments.getByRole('row').filter({ hasText: '123,45 lei' });
  await expect(payment).toHaveCount(1);
  const cashDesk = page.getByRole('combobox', { name: 'Sediu', exact: true });
  await cashDesk.click();
  await page.getByRole('option', { name: 'Sediul principal' }).click();
  await expect(page.getByRole('heading', { name: /Registru de casă — .* · Sediul principal/ })).toBeVisible();
  await expect(payment).toHaveCount(0);
  await cashDesk.click();
  await page.getByRole('option', { name: 'Sediul Nord' }).click();
  await expect(page.getByRole('heading', { name: /Registru de casă — .* · Sediul Nord/ })).toBeVisible();
  await expect(payment).toHaveCount(1);

  // Its print is on that location's letterhead: its name, address and the clinic's name.
  await page.getByRole('button', { name: 'Tipărește registrul' }).click();
  const letterhead = page.getByTestId('print-area').getByTestId('letterhead');
  await expect(letterhead).toContainText('Sediul Nord');
  await expect(letterhead).toContainText('Str. Nordului 1, Cluj-Napoca');
});

test('a clinic group: the commissions report of one location', async ({ page, startOwnApp, signIn }) => {
  const { origin, nord } = await clinicGroup({ page, startOwnApp, signIn });

  // A doctor at 20 %; a charge is made where its doctor works when the patient has no appointment that day.
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Bucharest' });
  const doctorId = await firstDoctorId(page, origin);
  const rate = await page.request.post(`${origin}/api/cont-setari/comisioane`, {
    data: { doctorId, rateBp: 2000, validFrom: today },
    headers: API_HEADERS,
  });
  expect(rate.status(), await rate.text()).toBe(201);
  const item = await pricedItem(page, origin);

  /** A new patient charged by the doctor working at `locationIds` (none: every location), paid in full. */
  async function paidWork(locationIds: string[]): Promise<string> {
    const patient = await chargedPatient(page, origin, { doctorId, locationIds, item, nume: 'Comision' });
    const paid = await page.request.post(`${origin}/api/cont/${patient._id}/plati`, {
      data: { method: 'card', amountBani: item.price?.amountBani },
      headers: API_HEADERS,
    });
    expect(paid.status(), await paid.text()).toBe(201);
    return `${patient.nume} ${patient.prenume}`;
  }
  const atNord = await paidWork([nord]);
  const atMain = await paidWork([]);

  await page.goto(`${origin}/rapoarte?tab=comisioane`);
  const lines = page.getByRole('table', { name: 'Detaliul comisioanelor' });
  const nordLine = lines.getByRole('row').filter({ hasText: atNord });
  const mainLine = lines.getByRole('row').filter({ hasText: atMain });
  await expect(nordLine).toHaveCount(1);
  await expect(mainLine).toHaveCount(1);
  const location = page.getByRole('combobox', { name: 'Sediu', exact: true });
  await expect(location).toHaveValue('');
  await expect(location).toHaveAttribute('placeholder', 'Toate sediile');
  await location.click();
  await page.getByRole('option', { name: 'Sediul Nord' }).click();
  await expect(mainLine).toHaveCount(0);
  await expect(nordLine).toHaveCount(1);
  await expect(lines.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    new RegExp(`sediu=${nord}`),
  );
  await location.click();
  await page.getByRole('option', { name: 'Sediul principal' }).click();
  await expect(nordLine).toHaveCount(0);
  await expect(mainLine).toHaveCount(1);
});

// A cashier of several locations chooses where the money is taken.
test('a clinic group: a payment and a refund taken at the chosen location (Sediu), in that location’s cash report', async ({
  page,
  startOwnApp,
  signIn,
}) => {
  const origin = await ownDemoClinic({ page, startOwnApp, signIn });
  const list = (await (await page.request.get(`${origin}/api/pacienti`)).json()) as PatientListResponse;
  const patient = list.pacienti[0];
  expect(patient).toBeDefined();
  const accountUrl = `${origin}/pacienti/cont/${patient?._id ?? ''}`;

  // One location: the payment form has no "Sediu".
  await page.goto(accountUrl);
  await page.getByRole('button', { name: 'Încasare' }).click();
  let dialog = page.getByRole('dialog', { name: 'Încasare' });
  await expect(dialog.getByRole('textbox', { name: /Suma/ })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Sediu' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Renunță' }).click();
  await expect(dialog).toBeHidden();

  // Two locations; the admin works at every one: "Sediu" offers both, their first one chosen.
  await addLocation(page, origin, 'Sediul Nord');
  await page.goto(accountUrl);
  await page.getByRole('button', { name: 'Încasare' }).click();
  dialog = page.getByRole('dialog', { name: 'Încasare' });
  const desk = dialog.getByRole('combobox', { name: 'Sediu' });
  await expect(desk).toHaveValue('Sediul principal');
  await desk.click();
  await page.getByRole('option', { name: 'Sediul Nord' }).click();
  await expect(desk).toHaveValue('Sediul Nord');
  await dialog.getByRole('textbox', { name: /Suma/ }).fill('67,89');
  await dialog.getByRole('switch', { name: /Avans/ }).check();
  await dialog.getByRole('button', { name: 'Încasează' }).click();
  await expect(dialog).toBeHidden();

  // Its receipt names the location where the cash was taken.
  const table = page.getByRole('table', { name: 'Contul pacientului' });
  const cashRow = table.getByRole('row').filter({ hasText: '67,89 lei' });
  await cashRow.getByRole('button', { name: 'Chitanță' }).click();
  const sheet = page.getByTestId('print-area');
  await expect(sheet).toHaveAttribute('data-print-kind', 'receipt');
  await expect(sheet.getByText('Sediul Nord, Str. Nordului 1, Cluj-Napoca')).toBeAttached();

  // Part of the advance given back at Nord too.
  await page.getByRole('button', { name: 'Rambursare' }).click();
  const refund = page.getByRole('dialog', { name: 'Rambursare avans' });
  const refundDesk = refund.getByRole('combobox', { name: 'Sediu' });
  await expect(refundDesk).toHaveValue('Sediul principal');
  await refundDesk.click();
  await page.getByRole('option', { name: 'Sediul Nord' }).click();
  await refund.getByRole('textbox', { name: /Suma/ }).fill('12,34');
  await refund.getByRole('textbox', { name: 'Motiv' }).fill('Tratament amânat');
  await refund.getByRole('button', { name: 'Rambursează' }).click();
  await expect(refund).toBeHidden();

  // The cash report of Nord has both; the first location's has neither.
  await page.goto(`${origin}/rapoarte`);
  const payments = page.getByRole('table', { name: 'Plățile zilei' });
  const paid = payments.getByRole('row').filter({ hasText: '67,89 lei' });
  const refunded = payments
    .getByRole('row')
    .filter({ hasText: 'rambursare' })
    .filter({ hasText: '12,34 lei' });
  await expect(paid).toHaveCount(1);
  const cashDesk = page.getByRole('combobox', { name: 'Sediu', exact: true });
  await cashDesk.click();
  await page.getByRole('option', { name: 'Sediul Nord' }).click();
  await expect(page.getByRole('heading', { name: /Registru de casă — .* · Sediul Nord/ })).toBeVisible();
  await expect(paid).toHaveCount(1);
  await expect(refunded).toHaveCount(1);
  await cashDesk.click();
  await page.getByRole('option', { name: 'Sediul principal' }).click();
  await expect(page.getByRole('heading', { name: /Registru de casă — .* · Sediul principal/ })).toBeVisible();
  await expect(paid).toHaveCount(0);
  await expect(refunded).toHaveCount(0);
});

// The receivables of one location: what is open of the charges
// made there.
test('a clinic group: the receivables report of one location', async ({ page, startOwnApp, signIn }) => {
  const { origin, nord } = await clinicGroup({ page, startOwnApp, signIn });
  const doctorId = await firstDoctorId(page, origin);
  const item = await pricedItem(page, origin);

  /** A new patient charged (unpaid) by the doctor working at `locationIds` (none: every location). */
  async function owingPatient(locationIds: string[]): Promise<string> {
    const patient = await chargedPatient(page, origin, { doctorId, locationIds, item, nume: 'Creanță' });
    return `${patient.nume} ${patient.prenume}`;
  }
  const atNord = await owingPatient([nord]);
  const atMain = await owingPatient([]);

  await page.goto(`${origin}/rapoarte?tab=creante`);
  const table = page.getByRole('table', { name: 'Creanțe' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const location = page.getByRole('combobox', { name: 'Sediu', exact: true });
  await expect(location).toHaveValue('');
  await expect(location).toHaveAttribute('placeholder', 'Toate sediile');
  await location.click();
  await page.getByRole('option', { name: 'Sediul Nord' }).click();
  await expect(page.getByText('1 pacienți cu sold de plată la Sediul Nord', { exact: false })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  const nordLine = table.getByRole('row').filter({ hasText: atNord });
  await expect(nordLine).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: atMain })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    new RegExp(`sediu=${nord}`),
  );
  // The first location's receivables (the demo's owing patients, the other new one last) do not have it.
  await location.click();
  await page.getByRole('option', { name: 'Sediul principal' }).click();
  await expect(page.getByText(/pacienți cu sold de plată la Sediul principal/)).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: atNord })).toHaveCount(0);
});

// The plans of one location: those accepted there (where their doctor works, without an appointment that
// day) and the plan work charged there. A single-location clinic has no "Sediu" on the tab.
test('a clinic group: the plans report of one location', async ({ page, startOwnApp, signIn }) => {
  const origin = await ownDemoClinic({ page, startOwnApp, signIn });
  await page.goto(`${origin}/rapoarte?tab=planuri`);
  const table = page.getByRole('table', { name: 'Planuri pe luni și medici' });
  await expect(table).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sediu' })).toHaveCount(0);

  const nord = idOf(await addLocation(page, origin, 'Sediul Nord'), 'Sediul Nord');
  const doctorId = await firstDoctorId(page, origin);
  await placeUser(page, origin, doctorId, [nord]);
  const crownBani = await acceptedCrownPlan(
    page,
    origin,
    (await newPatient(page, origin, 'Plan'))._id,
    doctorId,
  );
  await placeUser(page, origin, doctorId, []);
  await acceptedCrownPlan(page, origin, (await newPatient(page, origin, 'Plan'))._id, doctorId);

  const month = formatReportMonth(
    new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Bucharest' }).slice(0, 7),
  );
  const doctorName =
    ((await (await page.request.get(`${origin}/api/get-medici`)).json()) as { nume: string }[])[0]?.nume ??
    '';
  const thisMonth = table.getByRole('row').filter({ hasText: month }).filter({ hasText: doctorName });
  /** The plans the doctor had accepted this month, as the table shows them. */
  const acceptedCount = async () => Number(await thisMonth.getByRole('cell').nth(2).textContent());

  await page.goto(`${origin}/rapoarte?tab=planuri`);
  await expect(thisMonth).toHaveCount(1);
  const everywhere = await acceptedCount();
  expect(everywhere).toBeGreaterThanOrEqual(2);
  const location = page.getByRole('combobox', { name: 'Sediu', exact: true });
  await expect(location).toHaveValue('');
  await expect(location).toHaveAttribute('placeholder', 'Toate sediile');
  await location.click();
  await page.getByRole('option', { name: 'Sediul Nord' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(thisMonth.getByRole('cell')).toHaveText([
    month,
    doctorName,
    '1',
    formatLei(crownBani),
    formatLei(0),
  ]);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    new RegExp(`sediu=${nord}`),
  );
  await location.click();
  await page.getByRole('option', { name: 'Sediul principal' }).click();
  await expect(page.getByRole('link', { name: 'Export CSV' })).not.toHaveAttribute(
    'href',
    new RegExp(`sediu=${nord}`),
  );
  await expect.poll(acceptedCount).toBe(everywhere - 1);
});
