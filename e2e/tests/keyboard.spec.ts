import type { Locator, Page } from '@playwright/test';
import type { Appointment, CalendarResponse } from '../../packages/domain/src/contracts/appointments';
import type { Patient } from '../../packages/domain/src/contracts/patients';
import { DEMO_USERS, expect, test } from '../fixtures';
import { accessibilityViolations } from '../support/axe';
import {
  API_HEADERS,
  createPatient,
  dayOfOwn,
  demoDoctors,
  uniquePhone,
  uniqueWord,
} from '../support/patients';

/**
 * Issue 15: one whole visit without the mouse. Everything below is done with `page.keyboard` (Tab, arrows,
 * Enter, typing); `page.goto` only opens an address, and the API is read to check what was saved.
 */

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}): Promise<void> {
  for (let presses = 0; presses <= max; presses += 1) {
    const isFocused =
      (await target.count()) === 1 &&
      (await target.evaluate((element) => element === document.activeElement));
    if (isFocused) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab did not reach ${target.toString()} in ${max} presses`);
}

/**
 * What the focused element shows as its focus mark: its outline or box-shadow, or for a tooth of the chart
 * (an SVG group) the ring drawn round its cell. Empty when nothing is visible.
 */
async function focusMark(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return '';
    const style = getComputedStyle(element);
    const outline =
      style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
        ? `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`
        : '';
    const shadow = style.boxShadow !== 'none' ? `box-shadow ${style.boxShadow}` : '';
    const cell = element instanceof SVGElement ? element.querySelector('rect') : null;
    const cellStyle = cell ? getComputedStyle(cell) : null;
    const ring =
      cellStyle && cellStyle.stroke !== 'none' && parseFloat(cellStyle.strokeWidth) >= 3
        ? `ring ${cellStyle.strokeWidth} ${cellStyle.stroke}`
        : '';
    return [outline, shadow, ring].filter(Boolean).join('; ');
  });
}

async function expectFocusVisible(page: Page, step: string) {
  expect(await focusMark(page), `the focus is visible: ${step}`).not.toBe('');
}

/**
 * Picks `option` in the app's open dropdown with ↓ (as many times as it takes) and Tab: Enter never picks
 * nor submits there (SPEC.md §2). Waits for each ↓ to mark an option before the next key.
 */
async function pickWithArrows(page: Page, option: string): Promise<void> {
  const wanted = page.getByRole('option', { name: option, exact: true });
  await expect(wanted).toBeVisible();
  const marked = page.locator('[role="option"][data-combobox-selected]');
  for (let presses = 0; presses < 10; presses += 1) {
    await page.keyboard.press('ArrowDown');
    await expect(marked).toHaveCount(1);
    if ((await wanted.getAttribute('data-combobox-selected')) !== null) {
      await page.keyboard.press('Tab');
      return;
    }
  }
  throw new Error(`↓ did not reach ${option}`);
}

test('without the mouse: sign in, find a patient with the filters, treat a tooth, book and move an appointment', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });

  // Sign in.
  await page.goto('/login');
  await tabTo(page, page.getByRole('textbox', { name: 'Email', exact: true }));
  await page.keyboard.type(DEMO_USERS.medic.email);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Parolă', exact: true })).toBeFocused();
  await page.keyboard.type(DEMO_USERS.medic.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pacienti$/);

  const prenume = uniqueWord();
  const patient = await createPatient(page.request, {
    nume: 'Tastatură',
    prenume,
    telefon: uniquePhone(),
    judet: 'Cluj',
    oras: 'Turnu de Criș',
  });
  await page.reload();

  // Find the patient: the search box, then the county filter (typed, chosen with ↓ and Enter).
  const searchBox = page.getByRole('searchbox', { name: 'Caută pacient' });
  await tabTo(page, searchBox);
  await page.keyboard.type(prenume.toLowerCase());
  await tabTo(page, page.getByRole('combobox', { name: 'Județ', exact: true }));
  await page.keyboard.type('cluj');
  await pickWithArrows(page, 'Cluj (CJ)');
  await expect(page).toHaveURL(/judet=Cluj/);
  const row = page.getByRole('row', { name: new RegExp(`Tastatură ${prenume}`) });
  await expect(row).toBeVisible();
  await tabTo(page, row);
  await expectFocusVisible(page, 'the patient row');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/pacienti/[a-z]+/${patient._id}$`));

  // The dental chart: its menu link, then the chart's one tab stop, then the arrows to 1.6.
  await tabTo(
    page,
    page.getByRole('navigation', { name: 'Meniu pacient' }).getByRole('link', { name: 'Schiță dentară' }),
  );
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Schiță dentară', level: 1 })).toBeVisible();
  const tooth = (id: string) => page.locator(`[data-tooth="${id}"]`);
  await tabTo(page, tooth('1.8'));
  await expect(tooth('1.8')).toHaveAttribute('tabindex', '0');
  await expectFocusVisible(page, 'the first tooth');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(tooth('1.6')).toBeFocused();
  await expectFocusVisible(page, 'tooth 1.6');
  await page.getByTestId('dental-chart').screenshot({ path: test.info().outputPath('chart-focus.png') });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: /^Dinte 1\.6 — / })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Adaugă tratament pe 1.6', exact: true }));
  await expectFocusVisible(page, 'Adaugă tratament pe 1.6');
  await page.keyboard.press('Enter');
  const treatment = page.getByRole('dialog', { name: 'Adaugă tratament' });
  await expect(treatment.getByRole('combobox', { name: 'Dinte', exact: true })).toHaveValue(/^1\.6 — /);
  await tabTo(page, treatment.getByRole('combobox', { name: 'Tratament', exact: true }));
  await page.keyboard.type('coroană metalo');
  await pickWithArrows(page, 'coroană metalo-ceramică');
  await expect(treatment.getByRole('combobox', { name: 'Tratament', exact: true })).toHaveValue(
    'coroană metalo-ceramică',
  );
  await tabTo(page, treatment.getByRole('button', { name: 'Salvează' }));
  await expectFocusVisible(page, 'Salvează');
  await page.keyboard.press('Enter');
  await expect(treatment).toBeHidden();
  await expect(tooth('1.6')).toHaveAttribute('data-state', 'crown');
  const saved = (await (await page.request.get(`/api/get-pacient/${patient._id}`)).json()) as Patient;
  expect(saved.history.map((entry) => [entry.dinte, entry.denumire])).toEqual([
    ['1.6', 'coroană metalo-ceramică'],
  ]);

  // The calendar: from the main menu, then a day of this test's own in the doctor's column.
  await tabTo(page, page.getByRole('link', { name: 'CALENDAR' }), { back: true, max: 120 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Calendar', exact: true })).toBeVisible();
  const { medic } = await demoDoctors(page.request);
  const day = dayOfOwn(4);
  const before = (await (
    await page.request.get(`/api/calendar?from=${day}&to=${day}&medicId=${medic._id}`)
  ).json()) as CalendarResponse;
  expect(before.programari, 'the day of this test is free').toEqual([]);
  await page.goto(`/calendar?vedere=zi&zi=${day}&medic=${medic._id}`);
  await expect(page.locator(`[data-calendar-column][data-day="${day}"]`)).toHaveCount(1);

  // The slots are one tab stop: 07:00, then Page Down twelve hours to 19:00, and Enter books there.
  const slot = page.getByRole('button', { name: /^Programare nouă la / });
  await tabTo(page, slot);
  await expect(slot).toHaveAccessibleName(new RegExp(`^Programare nouă la 07:00, ${medic.nume}`));
  for (let hour = 7; hour < 19; hour += 1) await page.keyboard.press('PageDown');
  await expect(slot).toHaveAccessibleName(new RegExp(`^Programare nouă la 19:00, `));
  await expectFocusVisible(page, 'the 19:00 slot');
  await page.screenshot({ path: test.info().outputPath('calendar-slot.png') });
  await page.keyboard.press('Enter');
  const booking = page.getByRole('dialog', { name: 'Adaugă programare' });
  await expect(booking.getByRole('textbox', { name: 'Caută pacient' })).toBeFocused();
  await page.keyboard.type(prenume);
  const found = booking.getByRole('listitem', { name: `Tastatură ${prenume} (fișa nr. ${patient.id})` });
  // The list comes with the search's answer, after a 250 ms pause in the typing: on a busy machine all the
  // Tab presses were spent before it came (seen once in CI). Tab once the patient is shown, as a user would.
  await expect(found).toBeVisible();
  await tabTo(page, found);
  await expectFocusVisible(page, 'the patient found');
  await page.keyboard.press('Enter');
  await expect(booking.getByRole('combobox', { name: 'De la (ora)' })).toHaveValue('19');
  await tabTo(page, booking.getByRole('button', { name: 'Salvează' }));
  await page.keyboard.press('Enter');
  await expect(booking).toBeHidden();

  // Move it an hour later: Alt+↓ four times shows and announces the place, Enter saves.
  const block = page.getByRole('button', { name: `Tastatură ${prenume}, 19:00–19:30, ${medic.nume}` });
  await tabTo(page, block);
  await expectFocusVisible(page, 'the appointment');
  for (let step = 0; step < 4; step += 1) await page.keyboard.press('Alt+ArrowDown');
  await expect(page.getByTestId('calendar-announcement')).toContainText(
    `Mutare: Tastatură ${prenume} la 20:00–20:30, ${medic.nume}, `,
  );
  await expect(page.getByTestId('calendar-announcement')).toContainText('Enter confirmă, Escape anulează.');
  await page.screenshot({ path: test.info().outputPath('calendar-move.png') });
  await page.keyboard.press('Enter');
  const moved = page.getByRole('button', { name: `Tastatură ${prenume}, 20:00–20:30, ${medic.nume}` });
  await expect(moved).toBeVisible();
  await expect(moved).toBeFocused();
  await expect
    .poll(async () => {
      const answer = await page.request.get(`/api/get-programari/${patient._id}`, { headers: API_HEADERS });
      return ((await answer.json()) as Appointment[]).map((item) => [item.createdAt, item.deLa, item.panaLa]);
    })
    .toEqual([[day, { ora: 20, minute: 0 }, { ora: 20, minute: 30 }]]);

  // Escape puts a started move back: nothing more is saved.
  await expect(moved).not.toHaveAttribute('aria-busy', 'true');
  await page.keyboard.press('Alt+ArrowUp');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('calendar-announcement')).toContainText('Mutarea a fost anulată');
  await expect(moved).toBeVisible();

  // Enter on the appointment opens the patient's appointments.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/pacienti/programari/${patient._id}$`));
});

for (const role of ['admin', 'medic'] as const) {
  for (const size of [
    { width: 1366, height: 768 },
    { width: 800, height: 1280 },
  ]) {
    test(`axe: the calendar (week, day, appointment modal) and the dental chart, as ${role} at ${size.width}×${size.height}`, async ({
      page,
      signIn,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(size);
      await signIn(page, DEMO_USERS[role]);
      const found: string[] = [];
      const check = async (screen: string, scope: string) => {
        for (const line of await accessibilityViolations(page, scope)) found.push(`${screen}: ${line}`);
      };

      // The demo week has appointments in every doctor's column.
      await page.goto('/calendar?vedere=saptamana');
      await expect(page.locator('[data-calendar-column]').first()).toBeVisible();
      await expect(page.locator('[data-appointment]').first()).toBeVisible();
      await check('calendar, week', 'main');
      await page.goto('/calendar?vedere=zi');
      await expect(page.locator('[data-calendar-column]').first()).toBeVisible();
      await check('calendar, day', 'main');
      const slot = page.getByRole('button', { name: /^Programare nouă la / }).first();
      await slot.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Adaugă programare' });
      await expect(dialog).toBeVisible();
      await check('appointment modal', '[role="dialog"]');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      const patients = (await (await page.request.get('/api/pacienti?page=1')).json()) as {
        pacienti: { _id: string }[];
      };
      const patient = patients.pacienti[0];
      if (!patient) throw new Error('no demo patient');
      await page.goto(`/pacienti/schita/${patient._id}`);
      await expect(page.locator('[data-tooth]')).toHaveCount(32);
      await page.locator('[data-tooth="1.6"]').focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('region', { name: /^Dinte 1\.6 — / })).toBeVisible();
      await check('dental chart', '[data-testid="dental-chart"]');
      await check('tooth timeline', '[data-testid="tooth-timeline"]');

      console.log(found.length ? found.join('\n') : `no violations (${role}, ${size.width}×${size.height})`);
      expect(found).toEqual([]);
    });
  }
}

test('the signature station: its buttons are reached with Tab, show the focus and work with Enter', async ({
  page,
  browser,
  baseURL,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_USERS.medic);
  const patient = await createPatient(page.request, {
    nume: 'Stație',
    prenume: uniqueWord(),
    telefon: uniquePhone(),
  });
  const tablet = await browser.newContext({ baseURL, viewport: { width: 1024, height: 768 } });
  const station = await tablet.newPage();
  await signIn(station, DEMO_USERS.asistent);
  await station.goto('/statie-semnatura');
  await expect(station.getByTestId('station-idle')).toBeVisible();
  const sent = await page.request.post('/api/signature-requests', {
    data: { kind: 'consent', patientId: patient._id },
    headers: API_HEADERS,
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  await expect(station.getByTestId('station-patient')).toHaveText(`Stație ${patient.prenume}`);

  const clear = station.getByRole('button', { name: 'Șterge' });
  const sign = station.getByRole('button', { name: 'Semnez' });
  await tabTo(station, clear);
  await expectFocusVisible(station, 'Șterge on the station');
  // Nothing drawn yet: Semnez waits for a signature.
  await expect(sign).toBeDisabled();
  // The signature itself is a path drawn by finger, pen or mouse (WCAG 2.1.1's exception); the rest is keys.
  const canvas = station.getByTestId('signature-canvas');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  await station.mouse.move(box.x + 40, box.y + box.height / 2);
  await station.mouse.down();
  for (let step = 1; step <= 8; step += 1)
    await station.mouse.move(box.x + 40 + step * 30, box.y + box.height / 2 + Math.sin(step) * 30, {
      steps: 2,
    });
  await station.mouse.up();
  await expect(sign).toBeEnabled();
  // Șterge by Enter empties the pad again; drawn anew, Semnez by Enter signs.
  await tabTo(station, clear, { back: true });
  await station.keyboard.press('Enter');
  await expect(sign).toBeDisabled();
  await station.mouse.move(box.x + 40, box.y + box.height / 2);
  await station.mouse.down();
  await station.mouse.move(box.x + 300, box.y + box.height / 2 + 40, { steps: 6 });
  await station.mouse.up();
  await tabTo(station, sign);
  await expectFocusVisible(station, 'Semnez on the station');
  await station.keyboard.press('Enter');
  await expect(station.getByTestId('station-idle')).toHaveText('Mulțumim! Semnătura a fost înregistrată.');
  await tablet.close();
});
