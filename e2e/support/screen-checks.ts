import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';

const repoRoot = resolve(import.meta.dirname, '../..');
/** Every screen × window size as a PNG; CI keeps `.test-output/` (see .ci/run). */
export const SCREENS_DIR = resolve(repoRoot, '.test-output/screens');

/** The window sizes of issue 19: a laptop, a 10-inch tablet held sideways and held upright. */
export const WINDOW_SIZES = [
  { name: '1366x768', width: 1366, height: 768 },
  { name: '1280x800', width: 1280, height: 800 },
  { name: '800x1280', width: 800, height: 1280 },
] as const;
export type WindowSize = (typeof WINDOW_SIZES)[number];

/**
 * English interface words a Romanian screen must not show. Whole words, case-sensitive: 'No' and 'Page'
 * as an English button says them, never the Romanian 'nou' or a patient called 'Pagel'. Left out on
 * purpose: 'Email' (Romanian writes it so, and email is also the tooth's enamel), 'Total', 'Status',
 * 'Date', 'Export', 'Cont', 'Profil', 'Web', 'OK' — Romanian words too.
 */
export const ENGLISH_WORDS = [
  'Submit',
  'Cancel',
  'Save',
  'Delete',
  'Edit',
  'Search',
  'Loading',
  'Loading...',
  'Error',
  'Required',
  'required',
  'Login',
  'login',
  'Log in',
  'Logout',
  'Log out',
  'Sign in',
  'Sign out',
  'Reset',
  'reset',
  'Password',
  'password',
  'Next',
  'Previous',
  'Page',
  'of',
  'No data',
  'Nothing found',
  'No results',
  'Close',
  'Confirm',
  'Yes',
  'No',
  'Back',
  'Add',
  'Remove',
  'Update',
  'Create',
  'Upload',
  'Download',
  'Print',
  'Settings',
  'User',
  'Users',
  'Patient',
  'Patients',
  'Select',
  'Choose',
  'Clear',
  'Apply',
  'Filter',
  'Filters',
  'Show',
  'Hide',
  'Today',
  'Tomorrow',
  'Yesterday',
  'Week',
  'Month',
  'Day',
  'Invalid',
  'Success',
  'Failed',
  'Warning',
  'Unknown',
  'Name',
  'Phone',
  'Address',
  'Actions',
  'Help',
  'Home',
  'Sessions',
  'Reports',
  'Invoices',
  'Invoice',
  'Price',
  'Appointment',
  'Appointments',
  'Treatment',
  'undefined',
  'null',
  'NaN',
  'Invalid Date',
  '[object Object]',
  'true',
  'false',
] as const;

/** A raw key: snake_case (two or more words) or camelCase, as a field name or a message key. */
const RAW_KEY =
  /(?<![\p{L}\d@./_-])(?:[a-z][a-z\d]*(?:_[a-z\d]+)+|[a-z]+(?:[A-Z][a-z\d]+)+)(?![\p{L}\d@_-])/gu;

function escapeForRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const ENGLISH = new RegExp(
  `(?<![\\p{L}\\d_-])(?:${[...ENGLISH_WORDS]
    .sort((a, b) => b.length - a.length)
    .map(escapeForRegExp)
    .join('|')})(?![\\p{L}\\d_-])`,
  'gu',
);

/** Addresses and e-mails name things, they are not interface words: they are taken out before the search. */
function withoutAddresses(text: string): string {
  return text.replace(/\S+@\S+/g, ' ').replace(/\b(?:https?:\/\/|www\.)\S+/g, ' ');
}

/** The English words and raw keys in a screen's text, each once. */
export function foreignWords(text: string): { english: string[]; rawKeys: string[] } {
  const clean = withoutAddresses(text);
  return {
    english: [...new Set(clean.match(ENGLISH) ?? [])],
    rawKeys: [...new Set(clean.match(RAW_KEY) ?? [])],
  };
}

/**
 * Numeric dates in any order but zz.ll.aaaa (ISO 2026-11-24, 11/24/2026, 11-24-2026) and 12-hour times
 * (2:30 PM), each once (issue 19, decision 0029). A date inside a file name or an address is not a text.
 */
const FOREIGN_DATE =
  /(?<![\p{L}\d./_-])(?:\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{2,4}|\d{1,2}-\d{1,2}-\d{4}|\d{1,2}:\d{2}\s?(?:AM|PM|am|pm))(?![\p{L}\d./_-])/gu;

export function foreignDates(text: string): string[] {
  return [...new Set(withoutAddresses(text).match(FOREIGN_DATE) ?? [])];
}

/** What the user sees as text: the page's text and its fields' placeholders. */
export async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const placeholders = [...document.querySelectorAll<HTMLInputElement>('[placeholder]')]
      .filter((field) => field.offsetParent !== null)
      .map((field) => field.placeholder);
    // A key's name as printed on it (<kbd>Page Up</kbd>) is a label, not an interface word.
    let text = document.body.innerText;
    for (const key of document.querySelectorAll('kbd')) text = text.replace(key.textContent ?? '', ' ');
    return [text, ...placeholders].join('\n');
  });
}

/**
 * The layout faults of the page as it stands: the document wider than the window (sideways scroll), and
 * every visible control that a container with hidden or clipped overflow cuts (more than 1 px). A scrolling
 * container is not a cut: its content is reached by scrolling.
 */
export async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth + 1)
      faults.push(
        `the page scrolls sideways: ${root.scrollWidth} px wide in a ${window.innerWidth} px window`,
      );

    const describe = (element: Element): string => {
      const label =
        element.getAttribute('aria-label') ??
        (element as HTMLElement).innerText?.trim().split('\n')[0] ??
        element.getAttribute('name') ??
        '';
      return `${element.tagName.toLowerCase()} "${label.slice(0, 60)}"`;
    };
    const controls = document.querySelectorAll(
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="combobox"]',
    );
    for (const control of controls) {
      const style = getComputedStyle(control);
      const box = control.getBoundingClientRect();
      // Visually hidden on purpose (Mantine's native inputs under a styled control, skip links).
      if (box.width <= 2 || box.height <= 2 || style.visibility === 'hidden' || Number(style.opacity) === 0)
        continue;
      if (style.clipPath !== 'none' || style.clip !== 'auto') continue;
      for (
        let parent = control.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        const parentStyle = getComputedStyle(parent);
        const scrolls = [parentStyle.overflowX, parentStyle.overflowY].some(
          (value) => value === 'auto' || value === 'scroll',
        );
        if (scrolls) break;
        const clipsX = parentStyle.overflowX === 'hidden' || parentStyle.overflowX === 'clip';
        const clipsY = parentStyle.overflowY === 'hidden' || parentStyle.overflowY === 'clip';
        if (!clipsX && !clipsY) continue;
        const frame = parent.getBoundingClientRect();
        const cutX = clipsX && (box.left < frame.left - 1 || box.right > frame.right + 1);
        const cutY = clipsY && (box.top < frame.top - 1 || box.bottom > frame.bottom + 1);
        if (cutX || cutY) {
          faults.push(
            `${describe(control)} is cut off by ${parent.tagName.toLowerCase()}.${[...parent.classList].join('.')}`,
          );
          break;
        }
      }
    }
    return faults;
  });
}

/** Waits until nothing on the page is loading or moving: no busy region, skeleton, loader or transition. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const isShown = (element: Element) => (element as HTMLElement).offsetParent !== null;
      const loading = document.querySelectorAll(
        '[aria-busy="true"], .mantine-Skeleton-root, .mantine-Loader-root, .mantine-LoadingOverlay-root',
      );
      if ([...loading].some(isShown)) return false;
      // Opening and closing transitions end; a spinner's endless turn does not count.
      return document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        );
    },
    undefined,
    { timeout: 20_000 },
  );
  await page.evaluate(() => document.fonts.ready);
}

/** Saves the screen as `.test-output/screens/<size>/<name>.png` (the whole page). */
export async function saveScreenshot(page: Page, size: string, name: string): Promise<void> {
  mkdirSync(resolve(SCREENS_DIR, size), { recursive: true });
  await page.screenshot({ path: resolve(SCREENS_DIR, size, `${name}.png`), fullPage: true });
}
