import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/** Issue 15's bar: the WCAG 2.0 and 2.1 rules of levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

const SNIPPET_LENGTH = 160;

// The minified build: a third of the size of the one axe-core exports as `source`, so a third of the
// parsing in the page.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeWindow = Window & {
  axe?: { run(context: Document | string, options: RunOptions): Promise<AxeResults> };
};

/** The element's opening tag, on one line and cut short, so a failure shows what the element is. */
function snippet(html: string): string {
  const line = html.replace(/\s+/g, ' ').trim();
  return line.length > SNIPPET_LENGTH ? `${line.slice(0, SNIPPET_LENGTH)}…` : line;
}

/**
 * Puts axe-core in the frame unless the document already has it: a walk moves between screens with the
 * router, in one document, so axe is parsed once a walk rather than once a screen (decision 0062). A frame
 * that takes no script (a PDF shown by the browser) is left out, as axe leaves out a frame it cannot reach.
 */
async function ensureAxe(frame: Frame): Promise<void> {
  try {
    const hasAxe = await frame.evaluate(() => (window as AxeWindow).axe !== undefined);
    if (!hasAxe) await frame.evaluate(AXE_SOURCE);
  } catch {
    // A frame that navigated away or takes no script.
  }
}

/**
 * Runs axe-core on the page as it stands (or on the elements `scope` selects), its frames included, and
 * returns one line per offending element: `rule-id (impact) selector → <html…> — why`. An empty list means
 * no WCAG A/AA violation.
 */
export async function accessibilityViolations(page: Page, scope?: string): Promise<string[]> {
  for (const frame of page.frames()) await ensureAxe(frame);
  const results = await page.evaluate(
    async ({ tags, selector }) => {
      const { axe } = window as AxeWindow;
      if (!axe) throw new Error('axe-core is not in the page');
      // Only the violations are read: axe then describes one passing element a rule, not every one (a
      // selector and a snippet each), which was most of its time on a long list.
      return axe.run(selector ?? document, {
        runOnly: { type: 'tag', values: [...tags] },
        resultTypes: ['violations'],
      });
    },
    { tags: WCAG_TAGS, selector: scope },
  );
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const why = (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').trim();
      return `${violation.id} (${violation.impact ?? 'n/a'}) ${node.target.join(' ')} → ${snippet(node.html)} — ${why}`;
    }),
  );
}
