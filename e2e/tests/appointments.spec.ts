import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Appointment, CalendarResponse } from '../../packages/domain/src/contracts/appointments';
import { DEMO_USERS, expect, test } from '../fixtures';
import {
  API_HEADERS,
  createPatient,
  dayOfOwn,
  demoDoctors,
  uniquePhone,
  uniqueWord,
} from '../support/patients';

/** The SMS texts the server's file provider has written so far. */
async function outboxTexts(dataDir: string): Promise<string[]> {
  const dir = join(dataDir, 'outbox', 'sms');
  const names = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')));
}

/** Fills the time selects of the open 'add appointment' modal. */
async function setTimes(page: Page, from: [number, number], to: [number, number]) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'De la (ora)' }).selectOption(String(from[0]));
  await dialog.getByRole('combobox', { name: 'De la (minute)' }).selectOption(String(from[1]));
  await dialog.getByRole('combobox', { name: 'Până la (ora)' }).selectOption(String(to[0]));
  await dialog.getByRole('combobox', { name: 'Până la (minute)' }).selectOption(String(to[1]));
}

// Demo appointments end by 19:00; these tests book the evening, so the demo never clashes with them.
test('a medic books, edits and deletes appointments; end-before-start, overlap and the SMS reminder', async ({
  page,
  signIn,
  demoApp,
}) => {
  await signIn(page, DEMO_USERS.medic);
  const prenume = uniqueWord();
  const patient = await createPatient(page.request, { nume: 'Vlad', prenume, telefon: uniquePhone() });
  await page.goto(`/pacienti/programari/${patient._id}`);
  await expect(page.getByRole('heading', { name: 'Programări' })).toBeVisible();

  await page.getByRole('button', { name: 'Adaugă programare' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adaugă programare' });
  await expect(dialog.getByRole('checkbox', { name: 'Trimite SMS de reamintire' })).toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'Medic' })).toHaveValue(/.+/);
  await setTimes(page, [20, 0], [19, 30]);
  await dialog.getByRole('button', { name: 'Salvează' }).click();
  // Under the field, and in the list of errors above the form with its label.
  await expect(dialog.getByText('Câmpul ora trebuie să fie cel puțin 20.', { exact: true })).toBeVisible();
  await expect(
    dialog.getByRole('button', { name: 'Până la (ora): Câmpul ora trebuie să fie cel puțin 20.' }),
  ).toBeVisible();
  await setTimes(page, [20, 0], [20, 30]);
  await dialog.getByRole('textbox', { name: 'Notă' }).fill('control anual');
  await dialog.getByRole('button', { name: 'Salvează' }).click();
  await expect(dialog).toBeHidden();
  const upcoming = page.getByRole('region', { name: 'Programări viitoare' });
  await expect(upcoming.getByText(/20:00–20:30/)).toBeVisible();
  await expect(upcoming.getByText('control anual')).toBeVisible();

  // The reminder is due at once (SMS_REMIND_HOURS=48 in the e2e server): the worker writes it to the outbox.
  await expect
    .poll(
      async () =>
        (await outboxTexts(demoApp.dataDir)).some(
          (text) => text.includes(prenume) && text.includes('ora 20:00'),
        ),
      {
        timeout: 20_000,
      },
    )
    .toBe(true);
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Programări viitoare' }).getByText('SMS trimis'),
  ).toBeVisible();

  // Overlap with the same doctor: warned, then kept on request.
  await page.getByRole('button', { name: 'Adaugă programare' }).click();
  await setTimes(page, [20, 15], [20, 45]);
  await dialog.getByRole('button', { name: 'Salvează' }).click();
  await expect(dialog.getByText('Medicul are deja o programare în acest interval.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Păstrează oricum' }).click();
  await expect(dialog).toBeHidden();
  const rows = page
    .getByRole('region', { name: 'Programări viitoare' })
    .getByRole('button', { name: 'Modifică' });
  await expect(rows).toHaveCount(2);

  // Edit the first one's note: it still overlaps the second, so the warning comes again.
  await rows.first().click();
  const edit = page.getByRole('dialog', { name: 'Modifică programarea' });
  await edit.getByRole('textbox', { name: 'Notă' }).fill('control și detartraj');
  await edit.getByRole('button', { name: 'Salvează' }).click();
  await edit.getByRole('button', { name: 'Păstrează oricum' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('control și detartraj')).toBeVisible();

  // Delete the second after NU/DA.
  await rows.nth(1).click();
  await edit.getByRole('button', { name: 'Șterge' }).click();
  await expect(page.getByText('Sunteți sigur că doriți să ștergeți această programare?')).toBeVisible();
  await page.getByRole('button', { name: 'DA', exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(page.getByText(/20:15–20:45/)).toHaveCount(0);
});

test('in the calendar a medic books from an empty slot, drags an appointment to a new time and opens the patient', async ({
  page,
  signIn,
}) => {
  await signIn(page, DEMO_USERS.medic);
  const prenume = uniqueWord();
  const patient = await createPatient(page.request, { nume: 'Marin', prenume, telefon: uniquePhone() });
  const { medic, others } = await demoDoctors(page.request);
  const day = dayOfOwn();
  const dayBefore = new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10);
  const before = (await (
    await page.request.get(`/api/calendar?from=${day}&to=${day}&medicId=${medic._id}`)
  ).json()) as CalendarResponse;
  expect(before.programari, 'the day of this test is free').toEqual([]);

  await page.getByRole('link', { name: 'CALENDAR' }).click();
  await expect(page.getByRole('heading', { name: 'Calendar', exact: true })).toBeVisible();
  await page.getByText('Zi', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Zi' })).toBeChecked();
  await page.getByRole('combobox', { name: 'Medic' }).selectOption(medic._id);
  // The view lives in the address: open the day before this test's day, then step forward.
  await expect(page).toHaveURL(/vedere=zi/);
  await page.goto(`/calendar?vedere=zi&zi=${dayBefore}&medic=${medic._id}`);
  await page.getByRole('button', { name: 'Înainte' }).click();
  await expect(page).toHaveURL(new RegExp(`zi=${day}`));
  const column = page.locator(`[data-calendar-column][data-day="${day}"][data-doctor="${medic._id}"]`);
  await expect(column).toHaveCount(1);

  // 19:00 on a grid from 07:00 with 16 px per 15 minutes: 48 slots down.
  await column.click({ position: { x: 20, y: 48 * 16 + 4 } });
  const dialog = page.getByRole('dialog', { name: 'Adaugă programare' });
  await dialog.getByRole('textbox', { name: 'Caută pacient' }).fill(prenume);
  await dialog.getByRole('listitem', { name: `Marin ${prenume} (fișa nr. ${patient.id})` }).click();
  await expect(dialog.getByRole('combobox', { name: 'De la (ora)' })).toHaveValue('19');
  await expect(dialog.getByRole('combobox', { name: 'Până la (minute)' })).toHaveValue('30');
  await dialog.getByRole('button', { name: 'Salvează' }).click();
  await expect(dialog).toBeHidden();

  const booked = page.getByRole('button', { name: `Marin ${prenume}, 19:00–19:30, ${medic.nume}` });
  await expect(booked).toBeVisible();
  // The grid scrolls inside its frame: bring the block to its middle so the hour below it is on screen too.
  await booked.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = await booked.boundingBox();
  if (!box) throw new Error('no box');
  // Drag one hour down (4 slots of 16 px).
  await page.mouse.move(box.x + box.width / 2, box.y + 4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + 36, { steps: 4 });
  await page.mouse.move(box.x + box.width / 2, box.y + 68, { steps: 4 });
  await page.mouse.up();
  const moved = page.getByRole('button', { name: `Marin ${prenume}, 20:00–20:30, ${medic.nume}` });
  await expect(moved).toBeVisible();
  await expect(booked).toHaveCount(0);

  // Saved, not only shown: the server has the new time.
  await expect
    .poll(async () => {
      const answer = await page.request.get(`/api/get-programari/${patient._id}`, { headers: API_HEADERS });
      return ((await answer.json()) as Appointment[]).map((item) => [item.createdAt, item.deLa, item.panaLa]);
    })
    .toEqual([[day, { ora: 20, minute: 0 }, { ora: 20, minute: 30 }]]);
  await expect(moved).not.toHaveAttribute('aria-busy', 'true');

  await moved.click();
  await expect(page).toHaveURL(new RegExp(`/pacienti/programari/${patient._id}$`));
  await expect(
    page.getByRole('region', { name: 'Programări viitoare' }).getByText(/20:00–20:30/),
  ).toBeVisible();
  // Back returns to the same day and doctor.
  await page.goBack();
  await expect(moved).toBeVisible();

  // On a tablet held upright the calendar opens on one whole day with every doctor's column, no week to
  // scroll through sideways.
  await page.setViewportSize({ width: 800, height: 1280 });
  await page.goto(`/calendar?zi=${day}`);
  await expect(page.getByRole('radio', { name: 'Zi' })).toBeChecked();
  const dayColumns = page.locator('[data-calendar-column]');
  await expect(dayColumns.first()).toBeVisible();
  const columns = await dayColumns.evaluateAll((elements) =>
    elements.map((element) => element.getAttribute('data-day')),
  );
  expect(new Set(columns)).toEqual(new Set([day]));
  expect(columns).toHaveLength(1 + others.length);
  for (const index of columns.keys()) {
    const frame = await dayColumns.nth(index).boundingBox();
    expect(frame && frame.x >= 0 && frame.x + frame.width <= 800, `column ${index} is in view`).toBe(true);
  }
});
