import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { PatientListResponse } from '../../packages/domain/src/contracts/patients';
import type { Plan } from '../../packages/domain/src/contracts/plans';
import type { PriceListAnswer } from '../../packages/domain/src/contracts/price-list';
import { toIsoDay } from '../../packages/domain/src/dates';
import { DEMO_USERS, expect, test } from '../fixtures';
import { apiSignIn, API_HEADERS, createPatient, uniquePhone, uniqueWord } from '../support/patients';
import { countPrints, printToPdf } from '../support/print';
import { drawSignature } from '../support/signature';

/**
 * Issue 12 end to end: a medic plans two alternatives on the chart, prints the estimate, the patient
 * accepts alternative B on the signature station, one planned item is done through the treatment modal,
 * and the plan's progress and the chart follow; an assistant reads the plan without edit controls.
 */

// Two browsers, a plan, a print, a signature and a treatment: more than the default minute on a busy machine.
test.describe.configure({ timeout: 420_000 });

const CROWN = { catalogueId: 1.2, name: 'coroană zirconiu monolitic', bani: 125_000 };
const FILLING = { catalogueId: 301, name: 'obturație compozit o suprafață', bani: 30_000 };

/** Gives the two catalogue procedures the prices of this test from today (an admin's call). */
async function setPrices(request: APIRequestContext) {
  const list = (await (await request.get('/api/price-list')).json()) as PriceListAnswer;
  for (const wanted of [CROWN, FILLING]) {
    const item = list.items.find((candidate) => candidate.catalogueId === wanted.catalogueId);
    if (!item) throw new Error(`${wanted.name} is not in the price list`);
    if (item.price?.amountBani === wanted.bani && !item.nextPrice) continue;
    const answer = await request.post(`/api/price-list/${item.id}/prices`, {
      data: { amountBani: wanted.bani, validFrom: toIsoDay(new Date()) },
      headers: API_HEADERS,
    });
    expect(answer.status(), await answer.text()).toBeLessThan(300);
  }
}

/** A first look at a screen loaded on a machine shared with other test runs may take longer. */
const SLOW = 30_000;

/** Moves to another screen of the patient through its side menu (the app stays loaded). */
async function patientMenu(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Meniu pacient' }).getByRole('link', { name }).click();
}

function chartTooth(scope: Page | Locator, id: string): Locator {
  return scope.locator(`[data-tooth="${id}"]`);
}

/** In the editor: teeth picked on the odontogram, a procedure from the price list, "Adaugă în etapă". */
async function planOnChart(page: Page, teeth: string[], priceLabel: string) {
  const editor = page.getByRole('form', { name: 'Plan nou' });
  for (const id of teeth) await chartTooth(editor, id).click();
  await expect(editor.getByTestId('selected-teeth')).toHaveText(`Dinți aleși: ${teeth.join(', ')}`);
  const procedure = editor.getByRole('combobox', { name: 'Lucrare din lista de prețuri' });
  await procedure.fill(priceLabel.split(' — ')[0] ?? priceLabel);
  await page.getByRole('option', { name: priceLabel, exact: true }).click();
  await editor.getByRole('button', { name: 'Adaugă în etapă' }).click();
  await expect(editor.getByTestId('selected-teeth')).toHaveText(/^Niciun dinte ales/);
}

test('a plan with two alternatives is built on the chart, printed, accepted (B) on the signature station and followed through the treatment modal; an assistant cannot edit it', async ({
  page,
  browser,
  baseURL,
  playwright,
  signIn,
}, testInfo) => {
  const admin = await playwright.request.newContext({ baseURL });
  await apiSignIn(admin, DEMO_USERS.admin);
  await setPrices(admin);
  await admin.dispose();

  await countPrints(page);
  await signIn(page, DEMO_USERS.medic);
  const patient = await createPatient(page.request, {
    nume: 'Planificat',
    prenume: uniqueWord(),
    telefon: uniquePhone(),
  });

  // A new plan: A fills 1.6; B crowns 1.6 and fills 2.6.
  await page.goto(`/pacienti/plan/${patient._id}`);
  await page.getByRole('button', { name: 'Plan nou' }).click({ timeout: SLOW });
  const editor = page.getByRole('form', { name: 'Plan nou' });
  const title = `Reabilitare ${uniqueWord()}`;
  await editor.getByRole('textbox', { name: /Titlul planului/ }).fill(title);
  await planOnChart(page, ['1.6'], `${FILLING.name} — 300,00 lei per dinte`);
  await expect(editor.getByTestId('editor-totals-A')).toContainText('Total varianta A: 300,00 lei');
  await editor.getByRole('button', { name: 'Variantă nouă' }).click();
  await expect(editor.getByRole('tab', { name: 'Varianta B' })).toHaveAttribute('aria-selected', 'true');
  await planOnChart(page, ['1.6'], `${CROWN.name} — 1.250,00 lei per dinte`);
  await planOnChart(page, ['2.6'], `${FILLING.name} — 300,00 lei per dinte`);
  await expect(editor.getByTestId('editor-totals-B')).toContainText('Total varianta B: 1.550,00 lei');
  const created = page.waitForResponse(
    (answer) => answer.url().endsWith(`/api/plans/${patient._id}`) && answer.request().method() === 'POST',
  );
  await editor.getByRole('button', { name: 'Salvează planul' }).click();
  const plan = (await (await created).json()) as Plan;
  await expect(page.getByRole('heading', { name: `Plan nr. ${plan.number} — ${title}` })).toBeVisible();
  await expect(page.locator('[data-status="propus"]').first()).toBeVisible();

  // The printed estimate: title, both alternatives with their amounts.
  await page.getByRole('button', { name: 'Tipărește planul' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { printCount: number }).printCount))
    .toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('print-area')).toBeVisible();
  // NFKC: the PDF draws 'ff', 'fi', 'fl' as one ligature glyph (U+FB00…), which reads back as that glyph.
  const printed = (await printToPdf(page, testInfo, 'plan-de-tratament.pdf'))
    .normalize('NFKC')
    .replace(/\s+/g, ' ');
  expect(printed.toLowerCase()).toContain('plan de tratament și deviz estimativ');
  expect(printed).toContain(title);
  expect(printed).toContain('1.250,00 lei');
  expect(printed).toContain('1.550,00 lei');
  expect(printed).toMatch(/Pagina 1 din \d+/);
  await page.emulateMedia({ media: 'screen' });

  // The tablet: its own browser, signed in, on the station page.
  const tablet = await browser.newContext({
    baseURL,
    viewport: { width: 1024, height: 768 },
    hasTouch: true,
  });
  const station = await tablet.newPage();
  await signIn(station, DEMO_USERS.asistent);
  await station.goto('/statie-semnatura');
  await expect(station.getByTestId('station-idle')).toHaveText('Așteptăm o cerere de semnătură…', {
    timeout: SLOW,
  });

  await page.getByRole('button', { name: 'Acceptă varianta B' }).click();
  const accept = page.getByRole('dialog', { name: 'Acceptă varianta B' });
  await expect(accept.getByTestId('plan-signed-total')).toHaveText('1.550,00 lei');
  await accept.getByRole('button', { name: 'Trimite la stația de semnare' }).click();
  await expect(accept.getByTestId('station-waiting')).toBeVisible();

  // What the patient reads on the station: the plan, alternative B, its items and total, the validity.
  await expect(station.getByTestId('plan-signed-title')).toHaveText(title);
  await expect(station.getByTestId('plan-signed-alternative')).toHaveText('Varianta B');
  await expect(station.getByRole('row', { name: new RegExp(CROWN.name) })).toContainText('1.250,00 lei');
  await expect(station.getByTestId('plan-signed-total')).toHaveText('1.550,00 lei');
  await expect(station.getByTestId('plan-signed-validity')).toContainText('Ofertă valabilă până la');
  await drawSignature(station, station.getByTestId('signature-canvas'));
  await station.getByRole('button', { name: 'Semnez' }).click();
  await expect(station.getByTestId('station-idle')).toHaveText('Mulțumim! Semnătura a fost înregistrată.');
  await tablet.close();

  await expect(accept).toBeHidden();
  const accepted = page.getByTestId('plan-accepted');
  await expect(accepted).toContainText('Varianta B acceptată');
  await expect(accepted).toContainText('pe stația de semnare');
  await expect(accepted.getByRole('img', { name: 'Semnătura pacientului' })).toBeVisible();
  await expect(page.locator('[data-status="acceptat"]').first()).toBeVisible();

  // The crown on 1.6 done through the treatment modal, chosen among the plan's open items for that tooth.
  await patientMenu(page, 'Istoric tratamente');
  await page.getByRole('button', { name: 'Adaugă tratament' }).click({ timeout: SLOW });
  const modal = page.getByRole('dialog', { name: 'Adaugă tratament' });
  await modal.getByRole('combobox', { name: 'Dinte', exact: true }).fill('1.6');
  await page.getByRole('option', { name: /^1\.6 / }).click();
  await modal.getByRole('combobox', { name: 'Din plan', exact: true }).click();
  await expect(page.getByRole('option', { name: /obturație/ })).toHaveCount(0);
  await page.getByRole('option', { name: new RegExp(`Varianta B · ${CROWN.name} \\(1\\.6\\)`) }).click();
  await expect(modal.getByRole('combobox', { name: 'Tratament', exact: true })).toHaveValue(CROWN.name);
  const saved = page.waitForResponse((answer) => answer.url().includes('/api/save-history/'));
  await modal.getByRole('button', { name: 'Salvează' }).click();
  expect((await saved).status()).toBeLessThan(300);
  await expect(modal).toBeHidden();

  // The plan's progress: one of two items, 1.250,00 of 1.550,00 lei.
  await patientMenu(page, 'Plan de tratament');
  await page.getByRole('button', { name: `Deschide planul nr. ${plan.number}` }).click({ timeout: SLOW });
  const progress = page.getByTestId('plan-progress');
  await expect(progress).toContainText('(1 din 2)', { timeout: SLOW });
  await expect(progress).toContainText('Valoare efectuată: 1.250,00 lei');
  await expect(progress).toContainText('Rest de efectuat: 300,00 lei');
  await expect(page.locator('[data-status="în lucru"]').first()).toBeVisible();
  // The medic may still edit the plan.
  await expect(page.getByRole('button', { name: 'Editează' })).toBeVisible();

  // The chart: the crown drawn on 1.6; in the plan view only the filling on 2.6 is still planned.
  await patientMenu(page, 'Schiță dentară');
  await expect(chartTooth(page, '1.6')).toHaveAttribute('data-state', 'crown', { timeout: SLOW });
  await page.getByLabel('Vedere schiță').getByText('plan', { exact: true }).click();
  await expect(page.getByTestId('plan-caption')).toContainText(title);
  await expect(page.locator('[data-planned-tooth="2.6"]')).toHaveCount(1);
  await expect(page.locator('[data-planned-tooth="1.6"]')).toHaveCount(0);

  // The patient list's row carries what is left of the accepted plan.
  const list = await page.request.get(`/api/pacienti?q=${encodeURIComponent(patient.prenume)}`);
  const rows = ((await list.json()) as PatientListResponse).pacienti;
  expect(rows.find((row) => row._id === patient._id)?.planOpenBani).toBe(FILLING.bani);

  // An assistant reads the plan and may start a signature, but edits nothing.
  const desk = await browser.newContext({ baseURL });
  const assistant = await desk.newPage();
  await signIn(assistant, DEMO_USERS.asistent);
  await assistant.goto(`/pacienti/plan/${patient._id}`);
  await expect(assistant.getByTestId('plan-row').filter({ hasText: title })).toBeVisible({ timeout: SLOW });
  await expect(assistant.getByRole('button', { name: 'Plan nou' })).toHaveCount(0);
  await assistant.getByRole('button', { name: `Deschide planul nr. ${plan.number}` }).click();
  await expect(assistant.getByRole('heading', { name: `Plan nr. ${plan.number} — ${title}` })).toBeVisible({
    timeout: SLOW,
  });
  await expect(assistant.getByTestId('plan-progress')).toContainText('(1 din 2)');
  await expect(assistant.getByRole('button', { name: 'Tipărește planul' })).toBeVisible();
  await expect(assistant.getByRole('button', { name: 'Editează' })).toHaveCount(0);
  const refused = await assistant.request.put(`/api/plan/${plan.id}`, {
    data: { version: plan.version, content: { title: 'x' } },
    headers: API_HEADERS,
  });
  expect(refused.status()).toBe(403);
  await desk.close();
});
