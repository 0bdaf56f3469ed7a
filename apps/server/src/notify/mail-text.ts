/** A paragraph of a mail, or a link on its own line ('label' is what the HTML part shows). */
export type MailBlock = string | { link: string; label: string };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A mail's plain-text and HTML parts from the same paragraphs, so the two never say different things: the
 * text part writes a link's address on its own line (every mail program shows it), the HTML part a link.
 */
export function mailBody(blocks: readonly MailBlock[]): { text: string; html: string } {
  const text = blocks.map((block) => (typeof block === 'string' ? block : block.link)).join('\n\n');
  const html = blocks
    .map((block) =>
      typeof block === 'string'
        ? `<p>${escapeHtml(block)}</p>`
        : `<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.label)}</a></p>`,
    )
    .join('');
  return { text, html };
}
