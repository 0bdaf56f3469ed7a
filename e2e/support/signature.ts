import type { Page } from '@playwright/test';

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
