import type { Page } from '@playwright/test';
import type { PatientListResponse } from '../../packages/domain/src/contracts/patients';
import type { DemoUser } from '../../apps/server/src/scripts/demo-users';
import { DEMO_USERS, expect, test } from '../fixtures';
import { accessibilityViolations } from '../support/axe';
import { addInstituteAdmin } from '../support/institute-admin';
import {
  foreignDates,
  foreignWords,
  layoutFaults,
  saveScreenshot,
  settle,
  visibleText,
  WINDOW_SIZES,
  type WindowSize,
} from '../support/screen-checks';
import {
  SIGNED_IN_SCREENS,
  SIGNED_OUT_SCREENS,
  type Screen,
  type ScreenIds,
  type Walker,
} from '../support/screens';

// Issue 19: every screen and modal at three window sizes, and in Romanian for every role. The sizes and
// the roles are separate tests, so the two workers share them. Issue 15: axe-core checks every screen and
// modal against WCAG 2.1 A/AA at 1366×768 and on the upright tablet as admin, and as every other role.
test.describe.configure({ mode: 'parallel' });
// About fifty screens a walk, each loaded and measured: on a busy two-core machine that also runs the two
// servers a walk has taken up to ten minutes, so it gets twenty.
test.setTimeout(1_200_000);

/** The demo patient the patient screens show: one with a balance to pay (so charges, payments and a plan). */
async function screenIds(page: Page): Promise<ScreenIds> {
  for (const query of ['sold=de-plata', 'page=1']) {
    const answer = await page.request.get(`/api/pacienti?${query}`);
    const { pacienti } = (await answer.json()) as PatientListResponse;
    const chosen = pacienti.find((item) => item.planOpenBani > 0) ?? pacienti[0];
    if (chosen) return { patientId: chosen._id };
  }
  throw new Error('the demo clinic has no patients');
}

/**
 * Opens the screen the way a click on a link does (the router's own navigation, no page reload: the walk
 * stays fast on a busy machine), waits until it has loaded, then opens its modal if it has one.
 */
async function visit(page: Page, screen: Screen, ids: ScreenIds): Promise<void> {
  const path = screen.path(ids);
  if (page.url().startsWith('http')) {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  } else await page.goto(path);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
  await page.getByRole('heading').first().waitFor();
  await settle(page);
  if (screen.open) {
    await screen.open(page);
    await settle(page);
  }
}

/** The English words and raw keys of the screen as one line each. */
async function textFaults(page: Page, who: string, screen: Screen): Promise<string[]> {
  const text = await visibleText(page);
  const { english, rawKeys } = foreignWords(text);
  return [
    ...english.map((word) => `${who} · ${screen.name}: English word "${word}"`),
    ...rawKeys.map((key) => `${who} · ${screen.name}: raw key "${key}"`),
    ...foreignDates(text).map(
      (date) => `${who} · ${screen.name}: date or time not as zz.ll.aaaa HH:mm "${date}"`,
    ),
  ];
}

/** The screen's WCAG 2.1 A/AA violations fail softly, each rule and element named in the report. */
async function checkAccessibility(page: Page, label: string): Promise<void> {
  expect.soft(await accessibilityViolations(page), `${label}: WCAG 2.1 A/AA (axe-core)`).toEqual([]);
}

/** Where axe-core runs: the laptop window and the upright tablet (the sideways tablet lays out like 1366). */
const AXE_SIZES: readonly WindowSize['name'][] = ['1366x768', '800x1280'];

/**
 * Visits the screens at one window size: each screen's layout faults fail softly (the walk goes on and
 * the report names every screen), its texts too when `who` is given, its accessibility at the AXE_SIZES;
 * a screenshot of each.
 */
async function walkLayout(
  page: Page,
  screens: readonly Screen[],
  ids: ScreenIds,
  size: WindowSize,
  who: string | null,
): Promise<void> {
  await page.setViewportSize({ width: size.width, height: size.height });
  for (const screen of screens) {
    await test.step(`${size.name} · ${screen.name}`, () => visit(page, screen, ids));
    const found = await layoutFaults(page);
    expect.soft(found, `${size.name} · ${screen.name}: sideways scroll or cut controls`).toEqual([]);
    if (who) expect.soft(await textFaults(page, who, screen), `${who} · ${screen.name}`).toEqual([]);
    if (AXE_SIZES.includes(size.name)) await checkAccessibility(page, `${size.name} · ${screen.name}`);
    await saveScreenshot(page, size.name, screen.name);
  }
}

const ADMIN = DEMO_USERS.admin;

for (const size of WINDOW_SIZES) {
  // The admin opens every screen; at the first size the walk reads their texts too.
  const readsTexts = size === WINDOW_SIZES[0];
  const checksAxe = AXE_SIZES.includes(size.name);
  const title = `every screen and modal fits ${size.name}${readsTexts ? ' and speaks Romanian' : ''}${checksAxe ? ' and passes axe-core' : ''}`;
  test(`${title}${readsTexts || checksAxe ? ' (admin)' : ''}`, async ({ page, signIn }) => {
    await walkLayout(page, SIGNED_OUT_SCREENS, { patientId: '' }, size, readsTexts ? 'anonim' : null);
    await signIn(page, ADMIN);
    const ids = await screenIds(page);
    const screens = SIGNED_IN_SCREENS.filter((screen) => screen.roles.includes('admin'));
    await walkLayout(page, screens, ids, size, readsTexts ? 'admin' : null);
  });
}

const OTHER_WALKERS: readonly Walker[] = ['dinstitute_admin', 'medic', 'asistent', 'sterilizare'];

for (const walker of OTHER_WALKERS) {
  test(`every screen a ${walker} opens speaks Romanian and passes axe-core`, async ({
    page,
    signIn,
    demoApp,
  }) => {
    const user: DemoUser = walker === 'dinstitute_admin' ? addInstituteAdmin(demoApp) : DEMO_USERS[walker];
    await page.setViewportSize({ width: WINDOW_SIZES[0].width, height: WINDOW_SIZES[0].height });
    await signIn(page, user);
    const ids = walker === 'sterilizare' ? { patientId: '' } : await screenIds(page);
    for (const screen of SIGNED_IN_SCREENS.filter((candidate) => candidate.roles.includes(walker))) {
      await test.step(`${walker} · ${screen.name}`, () => visit(page, screen, ids));
      expect.soft(await textFaults(page, walker, screen), `${walker} · ${screen.name}`).toEqual([]);
      await checkAccessibility(page, `${walker} · ${screen.name}`);
    }
  });
}

test('the checks see a sideways scroll, a cut control, English words, raw keys and foreign dates, and pass Romanian', async ({
  page,
}) => {
  await page.setContent(`
    <main>
      <div style="width: 3000px">lat</div>
      <div style="overflow: hidden; width: 50px"><button style="width: 200px">Salvează</button></div>
      <div style="overflow: auto; width: 50px"><button style="width: 200px">Derulează</button></div>
      <p>Save · Loading... · data_nasterii · firstName · Email · Pagel · Nov. 2026 · ana_pop@clinica.ro</p>
      <p>Apăsați <kbd>Home</kbd> sau <kbd>Page Up</kbd></p>
      <p>24.11.2026 14:30 · 2026-11-24 · 11/24/2026 · 11-24-2026 · 2:30 PM · factura-2026-11-24.pdf · 5 Mart. 2026</p>
    </main>`);
  const faults = await layoutFaults(page);
  expect(faults).toHaveLength(2);
  expect(faults[0]).toContain('the page scrolls sideways');
  expect(faults[1]).toContain('button "Salvează" is cut off');
  expect(foreignWords(await visibleText(page))).toEqual({
    english: ['Save', 'Loading...'],
    rawKeys: ['data_nasterii', 'firstName'],
  });
  expect(foreignDates(await visibleText(page))).toEqual([
    '2026-11-24',
    '11/24/2026',
    '11-24-2026',
    '2:30 PM',
  ]);
});

test('the accessibility check names a low-contrast text and a button without a name, on the page or in a part', async ({
  page,
}) => {
  await page.setContent(`
    <html lang="ro"><head><title>Probă</title></head>
    <body><main>
      <h1>Probă</h1>
      <p style="color: #bbbbbb; background: #ffffff">Text palid</p>
      <button id="fara-nume"><svg width="16" height="16" aria-hidden="true"></svg></button>
    </main>
    <footer><button id="in-subsol"><svg width="16" height="16" aria-hidden="true"></svg></button></footer>
    </body></html>`);
  const violations = await accessibilityViolations(page);
  expect(violations).toHaveLength(3);
  expect(violations).toContainEqual(
    expect.stringMatching(/^color-contrast \(serious\) p → <p .*>Text palid<\/p> — /),
  );
  expect(violations).toContainEqual(
    expect.stringMatching(/^button-name \(critical\) #fara-nume → <button id="fara-nume">/),
  );
  expect(violations).toContainEqual(expect.stringMatching(/^button-name \(critical\) #in-subsol → /));
  // A second run in the same document (axe is already there), on a part of it: only that part's faults.
  const inMain = await accessibilityViolations(page, 'main');
  expect(inMain).toHaveLength(2);
  expect(inMain.join('\n')).not.toContain('in-subsol');
});
