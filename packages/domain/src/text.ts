/**
 * Text normalisation for search keys (DESIGN.md §2 search): the database compares app-normalised
 * columns because SQLite's own case folding does not know Romanian letters. The server stores
 * `normalizeSearchText(...)` next to the name and the browser sends its query through the same function,
 * so both sides agree on what "the same text" means.
 */

// Combining marks left after canonical decomposition: the comma below of ș/ț, the cedilla of ş/ţ,
// the breve of ă, the circumflex of â/î, and every other accent a foreign name may carry.
const COMBINING_MARKS = /\p{M}/gu;
const WHITESPACE_RUN = /\s+/gu;
const NON_DIGITS = /[^0-9]/g;

/** Lower case, diacritics stripped (ș/ş→s, ț/ţ→t, ă/â→a, î→i, …), whitespace collapsed and trimmed. */
export function normalizeSearchText(text: string): string {
  // Lower-casing first lets 'İ' become 'i' + a combining dot, which the next step removes.
  return text.toLowerCase().normalize('NFD').replace(COMBINING_MARKS, '').replace(WHITESPACE_RUN, ' ').trim();
}

/** Only the ASCII digits of the text: '+40 722-123 456' → '40722123456' (phone search keys). */
export function digitsOnly(text: string): string {
  return text.replace(NON_DIGITS, '');
}
