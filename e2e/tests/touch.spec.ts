import type { Locator, Page } from '@playwright/test';
import type { Appointment } from '../../packages/domain/src/contracts/appointments';
import { DEMO_USERS, expect, test } from '../fixtures';
import {
  API_HEADERS,
  createPatient,
  dayOfOwn,
  demoDoctors,
  uniquePhone,
  uniqueWord,
} from '../support/patients';

// A 10-inch tablet held in landscape, driven by a finger: no mouse event reaches the page.
test.use({ viewport: { width: 1280, height: 800 }, hasTouch: true, isMobile: false });

interface Point {
  x: number;
  y: number;
}

/**
 * A finger pressed at the first point, slid through the others and lifted, as the tablet's touch screen
 * reports it: Chromium's own touch input (CDP), which the page sees as pointer events of type 'touch' and
 * which honours `touch-action` like a real screen (a plain page.mouse never does either).
 */
async function swipe(page: Page, points: readonly Point[]) {
  const [first, ...rest] = points;
  if (!first) throw new Error('no points');
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at: Point | null) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: at ? [{ x: Math.round(at.x), y: Math.round(at.y), id: 1 }] : [],
    });
  await touch('touchStart', first);
  for (const point of rest) await touch('touchMove', point);
  await touch('touchEnd', null);
  await cdp.detach();
}

/** The points of a straight slide from `from` to `to` in `steps` moves. */
function slide(from: Point, to: Point, steps: number): Point[] {
  return Array.from({ length: steps + 1 }, (_, index) => ({
    x: from.x + ((to.x - from.x) * index) / steps,
    y: from.y + ((to.y - from.y) * index) / steps,
  }));
}

async function boxOf(locator: Locator) {
  await locator.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

test('by touch: an appointment is moved in the calendar with a finger', async ({ page, signIn }) => {
  await signIn(page, DEMO_USERS.medic);
  const prenume = uniqueWord();
  const patient = await createPatient(page.request, { nume: 'Tactil', prenume, telefon: uniquePhone() });
  const { medic } = await demoDoctors(page.request);
  const day = dayOfOwn(5);
  const booked = await page.request.post(`/api/save-programare/${patient._id}`, {
    headers: API_HEADERS,
    data: {
      createdAt: day,
      trimite_sms: false,
      deLa: { ora: 11, minute: 0 },
      panaLa: { ora: 11, minute: 30 },
      medicId: medic._id,
      nota: '',
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  await page.goto(`/calendar?vedere=zi&zi=${day}&medic=${medic._id}`);
  const block = page.getByRole('button', { name: `Tactil ${prenume}, 11:00–11:30, ${medic.nume}` });
  await expect(block).toBeVisible();
  const box = await boxOf(block);
  // One hour down: 4 slots of 16 px, slid in small moves as a finger does.
  const start = { x: box.x + box.width / 2, y: box.y + 6 };
  await swipe(page, slide(start, { x: start.x, y: start.y + 64 }, 8));

  const moved = page.getByRole('button', { name: `Tactil ${prenume}, 12:00–12:30, ${medic.nume}` });
  await expect(moved).toBeVisible();
  await expect(block).toHaveCount(0);
  await expect
    .poll(async () => {
      const answer = await page.request.get(`/api/get-programari/${patient._id}`, { headers: API_HEADERS });
      return ((await answer.json()) as Appointment[]).map((item) => [item.createdAt, item.deLa, item.panaLa]);
    })
    .toEqual([[day, { ora: 12, minute: 0 }, { ora: 12, minute: 30 }]]);

  // A tap (no slide) is not a drag: it opens the patient, as a click does.
  await expect(moved).not.toHaveAttribute('aria-busy', 'true');
  await moved.tap();
  await expect(page).toHaveURL(new RegExp(`/pacienti/programari/${patient._id}$`));
});

test('by touch: the patient signs the consent with a finger, and a tooth is chosen on the chart by a tap', async ({
  page,
  signIn,
}) => {
  await signIn(page, DEMO_USERS.medic);
  const patient = await createPatient(page.request, {
    nume: 'Tactil',
    prenume: uniqueWord(),
    telefon: uniquePhone(),
  });

  await page.goto(`/pacienti/history/${patient._id}`);
  await page.getByRole('button', { name: 'Acord pacient', exact: true }).tap();
  const consent = page.getByRole('dialog', { name: 'Acordul pacientului' });
  const sign = consent.getByRole('button', { name: 'Semnează acordul' });
  // Nothing drawn yet: nothing to sign.
  await expect(sign).toBeDisabled();
  const canvas = consent.getByTestId('signature-canvas');
  const pad = await boxOf(canvas);
  const middle = pad.y + pad.height / 2;
  await swipe(
    page,
    Array.from({ length: 12 }, (_, step) => ({ x: pad.x + 30 + step * 20, y: middle + Math.sin(step) * 25 })),
  );
  // The stroke is on the canvas: some pixels are no longer blank.
  const inked = await canvas.evaluate((element) => {
    const drawn = element as HTMLCanvasElement;
    const pixels = drawn.getContext('2d')?.getImageData(0, 0, drawn.width, drawn.height).data ?? [];
    let count = 0;
    for (let index = 3; index < pixels.length; index += 4) if ((pixels[index] ?? 0) > 0) count += 1;
    return count;
  });
  expect(inked).toBeGreaterThan(100);
  await sign.tap();
  await expect(consent.getByTestId('signed-snapshot')).toContainText('îmi dau acordul');
  await consent.getByRole('button', { name: 'Închide', exact: true }).tap();
  await expect(page.getByRole('button', { name: 'Acord semnat', exact: true })).toBeVisible();

  await page.goto(`/pacienti/schita/${patient._id}`);
  await expect(page.getByRole('heading', { name: 'Schiță dentară', level: 1 })).toBeVisible();
  const tooth = page.locator('[data-tooth="3.6"]');
  await tooth.scrollIntoViewIfNeeded();
  // A finger is no mouse: the tooth is big enough to hit.
  const toothBox = await tooth.boundingBox();
  expect(Math.min(toothBox?.width ?? 0, toothBox?.height ?? 0)).toBeGreaterThanOrEqual(44);
  await tooth.tap();
  await expect(page.getByRole('region', { name: /^Dinte 3\.6 — / })).toBeVisible();
  await expect(tooth).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Adaugă tratament pe 3.6', exact: true }).tap();
  await expect(
    page
      .getByRole('dialog', { name: 'Adaugă tratament' })
      .getByRole('combobox', { name: 'Dinte', exact: true }),
  ).toHaveValue(/^3\.6 — /);
});
