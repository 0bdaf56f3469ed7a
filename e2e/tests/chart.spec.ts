import type { Locator, Page } from '@playwright/test';
import { DEMO_USERS, expect, test } from '../fixtures';
import { createPatient, uniquePhone, uniqueWord } from '../support/patients';

/** Picks a dropdown option by typing part of it, the way a user narrows the list (options open in a portal). */
async function pickOption(dialog: Locator, field: string, typed: string, option: string | RegExp) {
  await dialog.getByRole('combobox', { name: field, exact: true }).fill(typed);
  await dialog
    .page()
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .click();
}

function tooth(page: Page, id: string): Locator {
  return page.locator(`[data-tooth="${id}"]`);
}

/**
 * Opens the tooth's timeline from the chart and, from there, the treatment modal with that tooth chosen;
 * `steps` fills the rest, then the treatment is saved.
 */
async function treatTooth(page: Page, id: string, steps: (dialog: Locator) => Promise<void>) {
  await tooth(page, id).click();
  await expect(
    page.getByRole('region', { name: new RegExp(`^Dinte ${id.replace('.', '\\.')} — `) }),
  ).toBeVisible();
  await page.getByRole('button', { name: `Adaugă tratament pe ${id}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Adaugă tratament' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Dinte', exact: true })).toHaveValue(
    new RegExp(`^${id.replace('.', '\\.')} — `),
  );
  await steps(dialog);
  await dialog.getByRole('button', { name: 'Salvează' }).click();
  await expect(dialog).toBeHidden();
}

test('the dental chart shows a crown, a bridge, an extraction, an implant and a root canal; a tooth toggles missing', async ({
  page,
  signIn,
}) => {
  // One whole visit on the chart: six saves and two toggles, on a machine shared with other tests.
  test.setTimeout(120_000);
  await signIn(page, DEMO_USERS.medic);
  const patient = await createPatient(page.request, {
    nume: 'Schiță',
    prenume: uniqueWord(),
    telefon: uniquePhone(),
  });
  await page.goto(`/pacienti/schita/${patient._id}`);
  await expect(page.getByRole('heading', { name: 'Schiță dentară', level: 1 })).toBeVisible();
  await expect(page.locator('[data-tooth]')).toHaveCount(32);
  await expect(page.locator('[data-state="present"]')).toHaveCount(32);

  // A crown on 1.6, chosen on the chart: the modal opens with the tooth already picked.
  await treatTooth(page, '1.6', (dialog) =>
    pickOption(dialog, 'Tratament', 'coroană metalo', 'coroană metalo-ceramică'),
  );
  await expect(tooth(page, '1.6')).toHaveAttribute('data-state', 'crown');
  await expect(tooth(page, '1.6')).toHaveAttribute('data-fill', '#E0A526');
  await expect(tooth(page, '1.6')).toHaveAttribute('aria-label', 'Dinte 1.6 — coroană metalo-ceramică');

  // A bridge from 1.3 towards 1.5: 1.6 carries the crown, so it is no destination.
  await treatTooth(page, '1.3', async (dialog) => {
    await pickOption(dialog, 'Tratament', 'punte metalo', 'punte metalo-ceramică');
    await expect(dialog.getByRole('combobox', { name: 'Dinte', exact: true })).toHaveValue(/^1\.3 — /);
    await dialog.getByRole('combobox', { name: 'Dinte destinație', exact: true }).click();
    await expect(page.getByRole('option', { name: /^1\.5 / })).toBeVisible();
    await expect(page.getByRole('option', { name: /^1\.6 / })).toHaveCount(0);
    await page.getByRole('option', { name: /^1\.5 / }).click();
  });
  const bridge = page.locator('[data-bridge="1.3-1.5"]');
  // 1.3 is drawn right of 1.5 in the upper row (1.8 … 1.1), so the bridge runs left.
  await expect(bridge).toHaveAttribute('data-direction', 'left');
  await expect(bridge).toHaveAttribute('data-teeth', '1.5 1.4 1.3');
  for (const id of ['1.3', '1.4', '1.5'])
    await expect(tooth(page, id)).toHaveAttribute('data-state', 'bridge-pillar');
  await expect(tooth(page, '1.6')).toHaveAttribute('data-state', 'crown');

  // The extraction kind filter: only extractions are offered, and the chart dims the other teeth.
  await page.getByRole('button', { name: 'extracție', exact: true }).click();
  await treatTooth(page, '3.8', async (dialog) => {
    await dialog.getByRole('combobox', { name: 'Tratament', exact: true }).click();
    await expect(page.getByRole('option')).toHaveText(['extracție dentară']);
    await page.getByRole('option', { name: 'extracție dentară', exact: true }).click();
  });
  await expect(tooth(page, '3.8')).toHaveAttribute('data-state', 'absent');
  await expect(tooth(page, '3.8')).toHaveAttribute('data-absence', 'extracted');
  await expect(tooth(page, '3.8')).toHaveAttribute('data-match', 'true');
  await expect(tooth(page, '1.6')).toHaveAttribute('data-match', 'false');
  await page.getByRole('button', { name: 'toate', exact: true }).click();
  await expect(tooth(page, '1.6')).not.toHaveAttribute('data-match', /.*/);

  // An implant where 3.8 was, and a root canal on 2.6.
  await treatTooth(page, '3.8', (dialog) => pickOption(dialog, 'Tratament', 'implant d', 'implant dentar'));
  await expect(tooth(page, '3.8')).toHaveAttribute('data-state', 'implant');
  await expect(tooth(page, '3.8')).toHaveAttribute('data-implant', 'true');
  await treatTooth(page, '2.6', (dialog) =>
    pickOption(dialog, 'Tratament', 'endodontic pluri', 'tratament endodontic pluriradicular'),
  );
  await expect(tooth(page, '2.6')).toHaveAttribute('data-endo', 'true');
  await expect(tooth(page, '2.6')).toHaveAttribute('data-state', 'present');

  await page.getByTestId('dental-chart').screenshot({ path: test.info().outputPath('chart.png') });

  // 3.8's timeline: the extraction, then the implant; an entry opens in the modal.
  await tooth(page, '3.8').click();
  const timeline = page.getByTestId('timeline-entry');
  await expect(timeline).toHaveCount(2);
  await expect(timeline.nth(0)).toContainText('extracție dentară');
  await expect(timeline.nth(1)).toContainText('implant dentar');
  await timeline.nth(1).click();
  const update = page.getByRole('dialog', { name: 'Modifică tratament' });
  await expect(update.getByRole('combobox', { name: 'Dinte', exact: true })).toHaveValue(/^3\.8 — /);
  await update.getByRole('button', { name: 'Salvează' }).click();
  await expect(update).toBeHidden();

  // 2.8 marked missing, then present again, each after a NU/DA question.
  await tooth(page, '2.8').click();
  await page.getByRole('button', { name: 'Marchează dintele ca lipsă', exact: true }).click();
  await expect(page.getByText('Sunteți sigur că doriți să marcați dintele 2.8 ca lipsă?')).toBeVisible();
  await page.getByRole('button', { name: 'DA', exact: true }).click();
  await expect(tooth(page, '2.8')).toHaveAttribute('data-state', 'absent');
  await expect(tooth(page, '2.8')).toHaveAttribute('data-absence', 'removed');
  await page.getByRole('button', { name: 'Marchează dintele ca prezent', exact: true }).click();
  await page.getByRole('button', { name: 'DA', exact: true }).click();
  await expect(tooth(page, '2.8')).toHaveAttribute('data-state', 'present');

  // The keyboard reaches a tooth and opens its timeline.
  await tooth(page, '1.1').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: /^Dinte 1\.1 — / })).toBeVisible();

  // A 10-inch tablet held upright: the side menu folds behind its button, the whole mouth fits the width
  // without scrolling sideways, every tooth stays a finger-sized target and a tap reaches the last one.
  const scroller = page.getByTestId('dental-chart').locator('> div').first();
  const overflow = () => scroller.evaluate((element) => element.scrollWidth - element.clientWidth);
  await page.setViewportSize({ width: 800, height: 1280 });
  await expect(page.getByRole('button', { name: 'Deschide meniul' })).toBeVisible();
  // The shell slides its menu away (a short transition): the chart fits once it has.
  await expect.poll(overflow).toBeLessThanOrEqual(0);
  for (const id of ['1.8', '2.8', '4.8', '3.8']) {
    const box = await tooth(page, id).boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
  await tooth(page, '2.8').click();
  await expect(page.getByRole('region', { name: /^Dinte 2\.8 — / })).toBeVisible();
  // Held sideways, the menu stays open beside the chart and the whole mouth is in view without scrolling.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('navigation', { name: 'Meniu principal' })).toBeVisible();
  await expect.poll(overflow).toBeLessThanOrEqual(0);
});
