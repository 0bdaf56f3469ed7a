import { join } from 'node:path';
import { openSqlite } from '../../apps/server/src/db/sqlite-driver';
import { DEMO_USERS, expect, test } from '../fixtures';
import { createPatient, uniquePhone, uniqueWord } from '../support/patients';

/**
 * A patient whose file was opened in 2010 and who never came back: past any retention period the clinic
 * can set. No call backdates a patient, so the test writes the date in the server's own database.
 */
function openedIn2010(dataDir: string, patientId: string): void {
  const db = openSqlite(join(dataDir, 'odonto.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare("update patients set created_at = '2010-01-04T10:00:00.000Z' where id = ?").run(patientId);
  } finally {
    db.close();
  }
}

test('an admin anonymises a patient past the retention period from the report, and the patient page shows it', async ({
  page,
  signIn,
  demoApp,
}) => {
  await signIn(page, DEMO_USERS.admin);
  const prenume = uniqueWord();
  const patient = await createPatient(page.request, { nume: 'Uitatescu', prenume, telefon: uniquePhone() });
  openedIn2010(demoApp.dataDir, patient._id);

  await page.goto('/setari?tab=gdpr');
  // The settings screen's code loads on its first visit: on a busy machine that alone takes seconds.
  await expect(page.getByLabel('Perioada de păstrare (ani de la ultima vizită)')).toHaveValue('10', {
    timeout: 30_000,
  });
  const row = page.getByTestId('retention-row').filter({ hasText: `Uitatescu ${prenume}` });
  await expect(row).toContainText('04.01.2010');
  await expect(row).toContainText('04.01.2020');
  // The report's pager counts its patients (exactly, below 1,000).
  await expect(page.getByTestId('page-summary')).toHaveText(/^Pagina 1 din \d+ · \d+ (de )?pacien(t|ți)$/);
  await page.screenshot({ path: test.info().outputPath('gdpr-retention-report.png'), fullPage: true });

  await row.getByRole('button', { name: 'Anonimizează' }).click();
  const dialog = page.getByRole('dialog', { name: 'Anonimizare pacient (GDPR)' });
  await expect(dialog).toContainText(`Uitatescu ${prenume} (fișa nr. ${patient.id})`);
  await expect(dialog).toContainText('Se șterg:');
  await expect(dialog).toContainText('fișierele sunt șterse de pe disc');
  await expect(dialog).toContainText('Se păstrează:');
  await expect(dialog).toContainText('facturile emise rămân neschimbate');
  await page.screenshot({ path: test.info().outputPath('gdpr-anonymise-dialog.png') });
  await dialog.getByRole('button', { name: 'Anonimizează definitiv' }).click();
  await expect(
    page.getByText(`Pacientul Uitatescu ${prenume} (fișa nr. ${patient.id}) a fost anonimizat.`),
  ).toBeVisible();
  await expect(page.getByTestId('retention-row').filter({ hasText: `Uitatescu ${prenume}` })).toHaveCount(0);

  await page.goto(`/pacienti/history/${patient._id}`);
  await expect(page.getByTestId('patient-name')).toHaveText('Pacient anonimizat');
  await expect(page.getByTestId('patient-anonymised')).toHaveText(/^Anonimizat la \d{2}\.\d{2}\.\d{4}$/);
  await expect(page.getByRole('button', { name: 'Anonimizează' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('gdpr-anonymised-patient.png') });
});

test('the header refuses a patient still within the period with the day it becomes possible', async ({
  page,
  signIn,
}) => {
  await signIn(page, DEMO_USERS.admin);
  const patient = await createPatient(page.request, {
    nume: 'Recentescu',
    prenume: uniqueWord(),
    telefon: uniquePhone(),
  });
  await page.goto(`/pacienti/history/${patient._id}`);
  await page.getByRole('button', { name: 'Anonimizează' }).click();
  const dialog = page.getByRole('dialog', { name: 'Anonimizare pacient (GDPR)' });
  await dialog.getByRole('button', { name: 'Anonimizează definitiv' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    /^Pacientul poate fi anonimizat începând cu \d{2}\.\d{2}\.\d{4}: perioada de păstrare este de \d+ ani de la ultima vizită \(\d{2}\.\d{2}\.\d{4}\)\.$/,
  );
  await dialog.getByRole('button', { name: 'Renunță' }).click();
  await expect(page.getByTestId('patient-name')).toHaveText(new RegExp(`^Recentescu `));
});

test('a medic is not offered the anonymisation', async ({ page, signIn, demoApp }) => {
  await signIn(page, DEMO_USERS.medic);
  const patient = await createPatient(page.request, {
    nume: 'Uitatescu',
    prenume: uniqueWord(),
    telefon: uniquePhone(),
  });
  openedIn2010(demoApp.dataDir, patient._id);
  await page.goto(`/pacienti/history/${patient._id}`);
  await expect(page.getByTestId('patient-name')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export date (GDPR)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Anonimizează' })).toHaveCount(0);
  const refused = await page.request.post(`/api/pacienti/${patient._id}/anonimizare`, {
    headers: { 'X-Requested-With': 'odonto' },
    data: {},
  });
  expect(refused.status()).toBe(403);
});
