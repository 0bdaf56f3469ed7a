import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Patient } from '../../packages/domain/src/contracts/patients';
import type { PriceListAnswer } from '../../packages/domain/src/contracts/price-list';
import { API_HEADERS, uniquePhone, uniqueWord } from './patients';

/** A first look at a screen on a machine shared with other test runs may take longer. */
const SLOW = 30_000;

/**
 * A new patient seen today at `locationId` (an evening appointment with the first doctor) and charged that
 * day for the first priced item of the price list: a charge made on the day of an appointment is that
 * location's (decision 0050). Through the calls of the signed-in `request`.
 */
export async function patientChargedTodayAt(
  request: APIRequestContext,
  origin: string,
  locationId: string,
): Promise<Patient> {
  const saved = await request.post(`${origin}/api/save-pacient`, {
    data: { nume: 'Nordic', prenume: uniqueWord(), telefon: uniquePhone() },
    headers: API_HEADERS,
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const patient = (await saved.json()) as Patient;
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Bucharest' });
  const doctors = (await (await request.get(`${origin}/api/get-medici`)).json()) as { _id: string }[];
  const booked = await request.post(`${origin}/api/save-programare/${patient._id}`, {
    data: {
      createdAt: today,
      trimite_sms: false,
      deLa: { ora: 20, minute: 0 },
      panaLa: { ora: 20, minute: 30 },
      medicId: doctors[0]?._id ?? '',
      sediuId: locationId,
      keepOverlap: true,
    },
    headers: API_HEADERS,
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const list = (await (await request.get(`${origin}/api/price-list`)).json()) as PriceListAnswer;
  const item = list.items.find((candidate) => candidate.price !== null && candidate.price !== undefined);
  expect(item).toBeDefined();
  const charged = await request.post(`${origin}/api/cont/${patient._id}/taxe`, {
    data: { priceItemId: item?.id ?? '', day: today },
    headers: API_HEADERS,
  });
  expect(charged.status(), await charged.text()).toBe(201);
  return patient;
}

/**
 * On the patient's account screen, issues an invoice for what is open to a buyer in Brașov, and answers
 * the invoice's dialog.
 */
export async function issueInvoiceFromAccount(
  page: Page,
  origin: string,
  patientId: string,
): Promise<Locator> {
  await page.goto(`${origin}/pacienti/cont/${patientId}`);
  await page.getByRole('button', { name: 'Emite factură' }).click({ timeout: SLOW });
  const issue = page.getByRole('form', { name: 'Emite factura' });
  await issue.getByRole('textbox', { name: 'Strada și numărul' }).fill('Str. Lungă nr. 3', { timeout: SLOW });
  await issue.getByRole('textbox', { name: 'Localitatea (București: sectorul)' }).fill('Brașov');
  await issue.getByRole('combobox', { name: 'Județul' }).fill('Brașov');
  await page.getByRole('option', { name: 'Brașov', exact: true }).click();
  await issue.getByRole('button', { name: 'Emite factura' }).click();
  return page.getByRole('dialog', { name: /^Factură \S+/ });
}
