import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import type { PatientListResponse } from '../../packages/domain/src/contracts/patients';
import { DEMO_USERS, expect, test } from '../fixtures';

const API_HEADERS = { 'X-Requested-With': 'odonto' } as const;

async function apiSignIn(request: APIRequestContext, user: { email: string; password: string }) {
  const answer = await request.post('/api/login', {
    data: { email: user.email, password: user.password },
    headers: API_HEADERS,
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

test.describe('audit trail', () => {
  test('the admin sees which doctor opened a patient file, and exports it as CSV', async ({
    page,
    signIn,
    playwright,
    baseURL,
  }) => {
    // The medic opens a patient's record from a session of their own.
    const medic = await playwright.request.newContext({ baseURL });
    await apiSignIn(medic, DEMO_USERS.medic);
    const list = (await (await medic.get('/api/pacienti?page=2')).json()) as PatientListResponse;
    const patient = list.pacienti[3];
    if (!patient) throw new Error('the demo clinic has fewer than 14 patients');
    expect((await medic.get(`/api/get-pacient/${patient._id}`)).status()).toBe(200);
    await medic.dispose();
    const label = `${patient.nume} ${patient.prenume} (fișa nr. ${patient.id})`;

    // The admin reaches the screen from the header and picks the patient by name.
    await signIn(page, DEMO_USERS.admin);
    await page.getByRole('link', { name: 'Jurnal de audit' }).click();
    await expect(page.getByRole('heading', { name: 'Jurnal de audit' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Pacient' }).fill(`${patient.nume} ${patient.prenume}`);
    await page.getByRole('option', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`/audit\\?patient=${patient._id}$`));
    await expect(page.getByText(`Sunt afișate doar înregistrările despre ${label}.`)).toBeVisible();

    const table = page.getByRole('table', { name: 'Jurnal de audit' });
    const views = table
      .getByRole('row')
      .filter({ hasText: DEMO_USERS.medic.nume })
      .filter({ hasText: 'Vizualizare fișă pacient' });
    await expect(views.first()).toBeVisible();
    await expect(views.first().getByRole('link', { name: label })).toHaveAttribute(
      'href',
      `/pacienti/history/${patient._id}`,
    );
    await expect(page.getByTestId('page-summary')).toHaveText(
      /^Pagina 1 din \d+ · \d+ (de )?înregistr(are|ări)$/,
    );
    await page.screenshot({ path: test.info().outputPath('audit-screen.png'), fullPage: true });

    // A GDPR answer in one click: the same filter as a CSV file for Excel.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Exportă CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^jurnal-audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('Data și ora;Utilizator;Email;Adresă IP;Acțiune;Pacient;Detalii');
    const viewLine = lines.find((line) => line.includes('Vizualizare fișă pacient'));
    expect(viewLine).toContain(`;${DEMO_USERS.medic.nume};${DEMO_USERS.medic.email};`);
    expect(viewLine).toContain(`;${label};`);
    expect(viewLine).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2};/);

    // The export itself is on the record.
    await page.goto('/audit?action=audit_export');
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: DEMO_USERS.admin.nume })
        .filter({ hasText: 'Export jurnal de audit' })
        .first(),
    ).toBeVisible();
  });

  test('a medic has no audit link, and opening /audit shows the no-access page', async ({ page, signIn }) => {
    await signIn(page, DEMO_USERS.medic);
    await expect(page.getByRole('button', { name: 'Deconectare' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Jurnal de audit' })).toHaveCount(0);
    await page.goto('/audit');
    await expect(page.getByRole('heading', { name: 'Acces interzis' })).toBeVisible();
    expect((await page.request.get('/api/audit')).status()).toBe(403);
  });
});
