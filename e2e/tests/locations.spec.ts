import type { Page } from '@playwright/test';
import { DEMO_USERS, expect, test } from '../fixtures';
import { accessibilityViolations } from '../support/axe';

// Issue 14: a clinic group's locations (sedii) and chairs (cabinete), administered in Setări.
test.describe('locations and chairs (Setări → Sedii și cabinete)', () => {
  async function confirm(page: Page): Promise<void> {
    const dialog = page.getByRole('dialog', { name: 'Confirmare' });
    await dialog.getByRole('button', { name: 'DA' }).click();
    await expect(dialog).toHaveCount(0);
  }

  test('an admin adds a location with hours and chairs, orders them, assigns a doctor and cannot close the last one', async ({
    page,
    browser,
    signIn,
    startOwnApp,
  }, testInfo) => {
    const app = await startOwnApp({ seed: 'demo' });
    await signIn(page, DEMO_USERS.admin, app.url);

    // One location: the users screen shows nothing about locations.
    await page.goto(`${app.url}/utilizatori`);
    await expect(page.getByRole('row', { name: `Utilizator ${DEMO_USERS.medic.nume}` })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Sedii' })).toHaveCount(0);

    await page.goto(`${app.url}/setari?tab=sedii`);
    const section = page.getByRole('region', { name: 'Sedii și cabinete' });
    await expect(section.getByRole('heading', { name: 'Sediul principal' })).toBeVisible();

    // A second location with its own hours.
    await section.getByRole('button', { name: 'Adaugă sediu' }).click();
    let dialog = page.getByRole('dialog', { name: 'Sediu nou' });
    await dialog.getByRole('textbox', { name: 'Denumire' }).fill('Sediul Nord');
    await dialog.getByRole('textbox', { name: 'Adresă' }).fill('Str. Florilor 3, Cluj-Napoca');
    await dialog.getByRole('textbox', { name: 'Telefon' }).fill('0264 123 456');
    await dialog.getByRole('textbox', { name: 'Se deschide la' }).fill('08:00');
    await dialog.getByRole('textbox', { name: 'Se închide la' }).fill('16:00');
    await dialog.getByRole('button', { name: 'Salvează' }).click();
    await expect(page.getByText('Sediul a fost adăugat.')).toBeVisible();
    const north = section.getByRole('region', { name: 'Sediul Nord' });
    await expect(north.getByText('Program: 08:00–16:00')).toBeVisible();
    await expect(north.getByText('Telefon: 0264123456')).toBeVisible();

    // Two chairs; one renamed, one closed.
    for (const name of ['Cabinet 1', 'Cabinet 2']) {
      await north.getByRole('button', { name: 'Adaugă cabinet la Sediul Nord' }).click();
      dialog = page.getByRole('dialog', { name: 'Cabinet nou la Sediul Nord' });
      await dialog.getByRole('textbox', { name: 'Denumirea cabinetului' }).fill(name);
      await dialog.getByRole('button', { name: 'Salvează' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(north.getByText(name, { exact: true })).toBeVisible();
    }
    await north.getByRole('button', { name: 'Redenumește cabinetul Cabinet 1' }).click();
    dialog = page.getByRole('dialog', { name: 'Redenumește cabinetul: Cabinet 1' });
    await dialog.getByRole('textbox', { name: 'Denumirea cabinetului' }).fill('Cabinet Ortodonție');
    await dialog.getByRole('button', { name: 'Salvează' }).click();
    await expect(north.getByText('Cabinet Ortodonție', { exact: true })).toBeVisible();
    await north.getByRole('button', { name: 'Închide cabinetul Cabinet 2' }).click();
    await confirm(page);
    await expect(north.getByRole('button', { name: 'Redeschide cabinetul Cabinet 2' })).toBeVisible();

    // The order: the new location moves to the top.
    await north.getByRole('button', { name: 'Mută sediul Sediul Nord mai sus' }).click();
    const names = section.getByRole('heading', { level: 3 });
    await expect(names).toHaveText(['Sediul Nord', 'Sediul principal']);
    await page.screenshot({ path: testInfo.outputPath('setari-sedii.png'), fullPage: true });
    // The section with chairs (the screen walk sees it with none).
    expect(await accessibilityViolations(page)).toEqual([]);

    // A group now: the users screen shows each user's locations and lets the admin choose them.
    await page.goto(`${app.url}/utilizatori`);
    await expect(page.getByRole('columnheader', { name: 'Sedii' })).toBeVisible();
    const doctorRow = page.getByRole('row', { name: `Utilizator ${DEMO_USERS.medic.nume}` });
    await expect(doctorRow.getByText('Toate')).toBeVisible();
    await doctorRow.click();
    dialog = page.getByRole('dialog', { name: 'Editează utilizator' });
    await dialog.getByRole('combobox', { name: 'Sedii' }).click();
    await page.getByRole('option', { name: 'Sediul Nord' }).click();
    await dialog.getByRole('button', { name: 'Salvează' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(doctorRow.getByText('Sediul Nord')).toBeVisible();

    // Closing: the first location closes, the last open one cannot.
    await page.goto(`${app.url}/setari?tab=sedii`);
    await section.getByRole('button', { name: 'Închide sediul Sediul principal' }).click();
    await confirm(page);
    await expect(
      section.getByRole('region', { name: 'Sediul principal' }).getByText('Închis', { exact: true }),
    ).toBeVisible();
    await section.getByRole('button', { name: 'Închide sediul Sediul Nord' }).click();
    await confirm(page);
    await expect(section.getByRole('alert')).toContainText('Ultimul sediu deschis nu poate fi închis.');

    // A doctor has no settings, so no locations section.
    const doctorContext = await browser.newContext();
    const doctorPage = await doctorContext.newPage();
    await signIn(doctorPage, DEMO_USERS.medic, app.url);
    await doctorPage.goto(`${app.url}/setari?tab=sedii`);
    await expect(doctorPage.getByText('Nu aveți acces la această pagină.')).toBeVisible();
    await expect(doctorPage.getByText('Sedii și cabinete')).toHaveCount(0);
    await doctorContext.close();
  });
});
