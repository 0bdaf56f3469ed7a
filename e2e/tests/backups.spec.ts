import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_USERS, expect, test } from '../fixtures';

test.describe('scheduled backups (Setări → Copii de siguranță)', () => {
  test('an admin turns the daily backup on, sees it saved, runs one now and sees the archive', async ({
    page,
    signIn,
    startOwnApp,
  }, testInfo) => {
    const app = await startOwnApp({ seed: 'demo' });
    const directory = join(app.dataDir, 'copii');
    await signIn(page, DEMO_USERS.admin, app.url);
    await page.goto(`${app.url}/setari?tab=copii`);
    const section = page.getByRole('region', { name: 'Copii de siguranță' });
    await expect(section.getByText('Nu s-a făcut încă nicio copie de aici.')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Rulează acum' })).toBeDisabled();

    // A wrong time is named under its field, before anything is sent.
    // Mantine's switch: its label takes the click (the input lies over the track).
    await section
      .locator('label')
      .filter({ hasText: /^Copie de siguranță zilnică$/ })
      .click();
    await expect(section.getByRole('switch', { name: 'Copie de siguranță zilnică' })).toBeChecked();
    await section.getByRole('textbox', { name: 'Ora' }).fill('25:00');
    await section.getByRole('textbox', { name: 'Directorul copiilor (pe server)' }).fill(directory);
    await section.getByRole('button', { name: 'Salvează' }).click();
    await expect(
      section.getByText('Ora se scrie HH:mm (24 de ore), de exemplu 02:30.').first(),
    ).toBeVisible();

    await section.getByRole('textbox', { name: 'Ora' }).fill('02:30');
    await section.getByRole('textbox', { name: 'Câte copii se păstrează' }).fill('3');
    await section.getByRole('button', { name: 'Salvează' }).click();
    await expect(page.getByText('Setările copiei de siguranță au fost salvate.')).toBeVisible();
    await expect(section.getByText(/Următoarea copie programată: \d{2}\.\d{2}\.\d{4} 02:30/)).toBeVisible();

    // Saved on the server: a reload shows it.
    await page.reload();
    await expect(section.getByRole('switch', { name: 'Copie de siguranță zilnică' })).toBeChecked();
    await expect(section.getByRole('textbox', { name: 'Ora' })).toHaveValue('02:30');
    await expect(section.getByRole('textbox', { name: 'Directorul copiilor (pe server)' })).toHaveValue(
      directory,
    );

    await section.getByRole('button', { name: 'Rulează acum' }).click();
    await expect(
      section.getByText(/Ultima copie: .*manual\), reușită — .*odonto-backup-.*\.tar\.gz/),
    ).toBeVisible({
      timeout: 30_000,
    });
    await page.screenshot({ path: testInfo.outputPath('setari-copii.png'), fullPage: true });
    const archives = readdirSync(directory).filter((name) => /^odonto-backup-.*\.tar\.gz$/.test(name));
    expect(archives).toHaveLength(1);
    expect(existsSync(join(directory, archives[0] ?? ''))).toBe(true);
  });
});
