import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SessionResponse } from '../../packages/domain/src/contracts/auth';
import { DEMO_USERS, expect, test } from '../fixtures';
import { API_HEADERS, createPatient, uniquePhone, uniqueWord } from '../support/patients';

/** The review links the server's SMS file provider has written so far. */
async function reviewLinks(dataDir: string): Promise<string[]> {
  const dir = join(dataDir, 'outbox', 'sms');
  const names = await readdir(dir).catch(() => [] as string[]);
  const texts = await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')));
  return texts.flatMap((text) => /https?:\/\/\S+\/review\/[A-Za-z0-9_-]+/.exec(text)?.[0] ?? []);
}

/** 'YYYY-MM-DD' of the day `days` before today in Bucharest. */
function dayBefore(days: number): string {
  const at = new Date(Date.now() - days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(at);
}

test('the reviews screen: statistics, filters by stars and doctor, the rating modal', async ({
  page,
  signIn,
}) => {
  await signIn(page, DEMO_USERS.asistent);
  await page.getByRole('link', { name: 'RECENZII' }).click();
  // The screen's code (with the chart library) loads on first use: give a busy machine time.
  await expect(page.getByRole('heading', { name: 'Recenzii', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('overall-average')).toHaveText(/^\d(,\d{1,2})?$/, { timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Media lunară' })).toBeVisible();
  const doctors = page.getByRole('region', { name: 'Statistici pe medici' });
  await expect(doctors.getByRole('row')).toHaveCount(3);
  await expect(page.getByTestId('page-summary')).toContainText('Pagina 1 din');

  // Only the low scores, each flagged for follow-up.
  await page.getByRole('combobox', { name: 'Stele' }).click();
  await page.getByRole('option', { name: 'Scoruri mici (1–2 stele)' }).click();
  await expect(page).toHaveURL(/rating=low/);
  const list = page.getByRole('region', { name: 'Lista recenziilor' });
  const rows = list.locator('tbody tr');
  // Once the filtered page replaced the previous one, every row is a flagged low score.
  await expect(list.locator('tbody tr:not([data-low])')).toHaveCount(0);
  await expect(rows.first()).toBeVisible();
  await expect(list.getByText('De urmărit')).toHaveCount(await rows.count());

  await rows.first().click();
  const modal = page.getByRole('dialog', { name: 'Recenzie' });
  await expect(modal.getByText('Scor mic: de urmărit')).toBeVisible();
  await expect(modal.getByTestId('review-comment')).not.toBeEmpty();
  // The modal's own X and its footer button are both 'Închide'; the footer one is last.
  await modal.getByRole('button', { name: 'Închide' }).last().click();
  await expect(modal).toBeHidden();

  // One doctor: the statistics narrow to that doctor.
  await page.getByRole('combobox', { name: 'Medic' }).click();
  const firstDoctor = page.getByRole('option').first();
  const doctorName = (await firstDoctor.textContent()) ?? '';
  await firstDoctor.click();
  await expect(page).toHaveURL(/doctor=/);
  await expect(doctors.getByRole('row')).toHaveCount(2);
  await expect(doctors.getByRole('cell', { name: doctorName, exact: true })).toBeVisible();
  await expect(list.locator('tbody tr td:nth-child(5)').first()).toHaveText(doctorName);

  await page.getByRole('button', { name: 'Resetează filtrele' }).click();
  await expect(page).toHaveURL(/\/reviews$/);
});

test('a review request by SMS: the patient rates on a phone without signing in, once; the low score is flagged', async ({
  page,
  signIn,
  demoApp,
  browser,
}) => {
  await signIn(page, DEMO_USERS.medic);
  const session = (await (await page.request.get('/api/check-login')).json()) as SessionResponse;
  const prenume = uniqueWord();
  const patient = await createPatient(page.request, { nume: 'Recenzie', prenume, telefon: uniquePhone() });
  const booked = await page.request.post(`/api/save-programare/${patient._id}`, {
    headers: API_HEADERS,
    data: {
      createdAt: dayBefore(2),
      deLa: { ora: 20, minute: 0 },
      panaLa: { ora: 20, minute: 30 },
      medicId: session.user._id,
      trimite_sms: false,
      nota: 'control',
      keepOverlap: true,
    },
  });
  expect(booked.status()).toBe(201);

  const linksBefore = await reviewLinks(demoApp.dataDir);
  await page.goto(`/pacienti/programari/${patient._id}`);
  const past = page.getByRole('region', { name: 'Programări trecute' });
  await past.getByRole('button', { name: 'Cere recenzie' }).click();
  await page.getByRole('menuitem', { name: 'Prin SMS' }).click();
  await expect(page.getByText('Cererea de recenzie a fost trimisă prin SMS.')).toBeVisible();
  await expect(past.getByText('Recenzie cerută (SMS)')).toBeVisible();

  // The outbox worker writes the SMS to <data dir>/outbox/sms/ within a second or two.
  let link = '';
  await expect
    .poll(
      async () => {
        link = (await reviewLinks(demoApp.dataDir)).find((found) => !linksBefore.includes(found)) ?? '';
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');

  // A phone, no session: the public page.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'ro-RO',
  });
  const patientPage = await phone.newPage();
  await patientPage.goto(link);
  await expect(patientPage.getByRole('heading', { name: `Bună ziua, ${prenume}!` })).toBeVisible();
  await expect(patientPage.getByText(/Cum a fost vizita la .+\?/)).toBeVisible();
  await patientPage.getByRole('button', { name: 'Trimite recenzia' }).click();
  await expect(patientPage.getByText('Alegeți între 1 și 5 stele.')).toBeVisible();
  // Mantine's star inputs are visually hidden; the patient taps the star, i.e. the input's label.
  const twoStars = patientPage.getByRole('radio', { name: '2 stele' });
  await patientPage.locator(`label[for="${await twoStars.getAttribute('id')}"]`).click();
  await expect(twoStars).toBeChecked();
  await expect(patientPage.getByText('Nemulțumit')).toBeVisible();
  await patientPage.getByRole('textbox', { name: 'Comentariu (opțional)' }).fill('Am așteptat prea mult.');
  await patientPage.screenshot({ path: '../.test-output/review-phone.png', fullPage: true });
  await patientPage.getByRole('button', { name: 'Trimite recenzia' }).click();
  await expect(patientPage.getByRole('heading', { name: 'Vă mulțumim!' })).toBeVisible();

  // The link cannot be used twice.
  await patientPage.reload();
  await expect(patientPage.getByRole('heading', { name: 'Recenzie deja trimisă' })).toBeVisible();
  await expect(
    patientPage.getByText('Ați trimis deja o recenzie prin acest link. Vă mulțumim!'),
  ).toBeVisible();
  await phone.close();

  // On the staff screen: flagged for follow-up.
  await page.goto('/reviews?rating=low');
  await expect(page.getByRole('heading', { name: 'Recenzii', level: 1 })).toBeVisible({ timeout: 30_000 });
  const row = page
    .getByRole('region', { name: 'Lista recenziilor' })
    .locator('tbody tr', { hasText: `Recenzie ${prenume}` });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row.getByText('De urmărit')).toBeVisible();
  await expect(row.getByText('Am așteptat prea mult.')).toBeVisible();
  await page.screenshot({ path: '../.test-output/reviews-screen.png', fullPage: true });

  await page.goto(`/pacienti/programari/${patient._id}`);
  await expect(
    page.getByRole('region', { name: 'Programări trecute' }).getByText('Recenzie primită'),
  ).toBeVisible();
});
