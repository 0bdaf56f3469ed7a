import { writeFileSync } from 'node:fs';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { pdfText } from './pdf-text';

/** Replaces window.print with a counter: headless Chromium has no print dialog. */
export async function countPrints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counted = window as unknown as { printCount: number };
    counted.printCount = 0;
    window.print = () => {
      counted.printCount += 1;
    };
  });
}

export async function printsSoFar(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { printCount: number }).printCount);
}

/** Prints the page as the browser would (A4, the page's own size), keeps the PDF with the test, answers its text. */
export async function printToPdf(page: Page, testInfo: TestInfo, name: string): Promise<string> {
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await testInfo.attach(name, { body: pdf, contentType: 'application/pdf' });
  writeFileSync(testInfo.outputPath(name), pdf);
  return pdfText(pdf);
}
