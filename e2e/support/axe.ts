import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Issue 15's bar: the WCAG 2.0 and 2.1 rules of levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

const SNIPPET_LENGTH = 160;

/** The element's opening tag, on one line and cut short, so a failure shows what the element is. */
function snippet(html: string): string {
  const line = html.replace(/\s+/g, ' ').trim();
  return line.length > SNIPPET_LENGTH ? `${line.slice(0, SNIPPET_LENGTH)}…` : line;
}

/**
 * Runs axe-core on the page as it stands and returns one line per offending element:
 * `rule-id (impact) selector → <html…> — why`. An empty list means no WCAG A/AA violation.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags([...WCAG_TAGS]).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const why = (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').trim();
      return `${violation.id} (${violation.impact ?? 'n/a'}) ${node.target.join(' ')} → ${snippet(node.html)} — ${why}`;
    }),
  );
}
