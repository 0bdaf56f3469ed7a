import type { Locator, Page } from '@playwright/test';

/** A signature as a tablet's canvas gives it (PNG data URL), drawn in the page itself. */
export async function canvasSignature(page: Page): Promise<string> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 300;
    canvas.height = 100;
    const pen = canvas.getContext('2d');
    if (!pen) throw new Error('no 2d context');
    pen.lineWidth = 3;
    pen.beginPath();
    pen.moveTo(20, 50);
    for (let x = 20; x < 280; x += 10) pen.lineTo(x, 50 + Math.sin(x / 15) * 20);
    pen.stroke();
    return canvas.toDataURL('image/png');
  });
}

/** Draws a wavy stroke across the signature canvas with the mouse, as a patient would with a pen. */
export async function drawSignature(page: Page, canvas: Locator) {
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the signature canvas is not visible');
  const middle = box.y + box.height / 2;
  await page.mouse.move(box.x + 30, middle);
  await page.mouse.down();
  for (let step = 1; step <= 8; step += 1) {
    await page.mouse.move(box.x + 30 + step * 25, middle + Math.sin(step) * 25, { steps: 2 });
  }
  await page.mouse.up();
}
