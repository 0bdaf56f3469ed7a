import type { ChargeResponse } from '../../packages/domain/src/contracts/ledger';
import type { PriceListAnswer } from '../../packages/domain/src/contracts/price-list';
import { formatLei } from '../../packages/domain/src/money';
import { DEMO_USERS, expect, test } from '../fixtures';
import { API_HEADERS, createPatient, uniquePhone, uniqueWord } from '../support/patients';
import { countPrints, printToPdf } from '../support/print';

/**
 * Issue 13 end to end: reception takes a partial card payment and a cash payment for a patient's charge,
 * prints the cash receipt (its PDF text checked), the header shows the balance, and a payment is reversed
 * with a reason.
 */

const SLOW = 20_000;

test('reception takes a partial card payment and a cash payment with its receipt, then reverses a payment', async ({
  page,
  signIn,
}, testInfo) => {
  // A loaded, shared machine: the lazy screens and the first calls take their time.
  test.setTimeout(240_000);
  await countPrints(page);
  await signIn(page, DEMO_USERS.asistent);
  const patient = await createPatient(page.request, {
    nume: 'Plătitor',
    prenume: uniqueWord(),
    telefon: uniquePhone(),
  });

  // A charge of the price list (the manual charge call), two of the item.
  const list = (await (await page.request.get('/api/price-list?day=')).json()) as PriceListAnswer;
  const item = list.items.find((candidate) => (candidate.price?.amountBani ?? 0) >= 10_000);
  if (!item?.price) throw new Error('the demo price list has no priced item');
  const charged = await page.request.post(`/api/cont/${patient._id}/taxe`, {
    data: { priceItemId: item.id, quantity: 2 },
    headers: API_HEADERS,
  });
  expect(charged.status(), await charged.text()).toBe(201);
  const total = ((await charged.json()) as ChargeResponse).account.balance.amountBani;
  expect(total).toBe(item.price.amountBani * 2);
  const card = Math.floor(total / 2 / 100) * 100;

  await page.goto(`/pacienti/cont/${patient._id}`);
  await expect(page.getByTestId('patient-sold')).toHaveText(`Sold: ${formatLei(total)} de plată`, {
    timeout: SLOW,
  });
  const table = page.getByRole('table', { name: 'Contul pacientului' });
  await expect(table.getByRole('row')).toHaveCount(2, { timeout: SLOW });

  // A partial card payment.
  await page.getByRole('button', { name: 'Încasare' }).click();
  let dialog = page.getByRole('dialog', { name: 'Încasare' });
  await dialog.getByText('Card', { exact: true }).click();
  await dialog.getByRole('textbox', { name: /Suma/ }).fill(formatLei(card).replace(' lei', ''));
  await dialog.getByRole('button', { name: 'Încasează' }).click();
  await expect(dialog).toBeHidden({ timeout: SLOW });
  await expect(page.getByTestId('account-balance')).toHaveText(`Sold: ${formatLei(total - card)} de plată`, {
    timeout: SLOW,
  });
  await expect(page.getByTestId('patient-sold')).toHaveText(`Sold: ${formatLei(total - card)} de plată`, {
    timeout: SLOW,
  });

  // The rest in cash: the amount is filled in with what is still to pay.
  await page.getByRole('button', { name: 'Încasare' }).click();
  dialog = page.getByRole('dialog', { name: 'Încasare' });
  await expect(dialog.getByRole('textbox', { name: /Suma/ })).toHaveValue(
    formatLei(total - card).replace(' lei', ''),
  );
  await dialog.getByRole('button', { name: 'Încasează' }).click();
  await expect(dialog).toBeHidden({ timeout: SLOW });
  await expect(page.getByTestId('patient-sold')).toHaveText('Sold: achitat', { timeout: SLOW });

  // The cash receipt, printed.
  const cashRow = table.getByRole('row').filter({ hasText: 'Plată Numerar' });
  // The description cell only: the row's text runs on into the amount ('… CH 4' + '150,00 lei').
  const receiptText = (await cashRow.getByRole('cell').nth(1).textContent()) ?? '';
  const receiptNumber = /chitanța CH (\d+)/.exec(receiptText)?.[1];
  expect(receiptNumber).toBeTruthy();
  await cashRow.getByRole('button', { name: 'Chitanță' }).click();
  await page.emulateMedia({ media: 'print' });
  const sheet = page.getByTestId('print-area');
  await expect(sheet).toHaveAttribute('data-print-kind', 'receipt');
  await expect(sheet.getByText(`Seria CH nr. ${receiptNumber ?? ''}`)).toBeVisible();
  const pdf = await printToPdf(page, testInfo, 'chitanta.pdf');
  const compact = pdf.replace(/\s+/g, ' ');
  expect(compact).toContain('CHITANȚĂ');
  expect(compact).toContain(`Seria CH nr. ${receiptNumber ?? ''}`);
  expect(compact).toContain(formatLei(total - card));
  expect(compact).toContain('lei și zero bani');
  await page.emulateMedia({ media: 'screen' });

  // The card payment reversed with a reason: NU keeps it, DA reverses it.
  const cardRow = table.getByRole('row').filter({ hasText: 'Plată Card' });
  await cardRow.getByRole('button', { name: 'Stornează' }).click();
  dialog = page.getByRole('dialog', { name: 'Stornare plată' });
  await dialog.getByRole('textbox', { name: 'Motiv' }).fill('Tranzacție anulată la POS');
  await dialog.getByRole('button', { name: 'Stornează' }).click();
  await page.getByRole('button', { name: 'NU', exact: true }).click();
  await dialog.getByRole('button', { name: 'Stornează' }).click();
  await page.getByRole('button', { name: 'DA', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: SLOW });
  await expect(
    table.getByRole('row').filter({ hasText: 'Storno plată Card — Tranzacție anulată la POS' }),
  ).toBeVisible();
  await expect(cardRow.getByText('stornat')).toBeVisible();
  await expect(page.getByTestId('patient-sold')).toHaveText(`Sold: ${formatLei(card)} de plată`, {
    timeout: SLOW,
  });
});
