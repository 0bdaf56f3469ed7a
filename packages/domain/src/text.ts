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

/** C0 control characters and DEL, except tab, line feed and carriage return (a text's own line breaks). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * The path (`pacient.nume`, `items.0.note`) of the first text inside a request's value that holds a
 * control character no person types (NUL, escape, bell…); null when there is none. Keys count too.
 */
export function controlCharacterPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? path || '_' : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = controlCharacterPath(item, join(path, String(index)));
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL_CHARACTER.test(key)) return path || '_';
      const found = controlCharacterPath(item, join(path, key));
      if (found !== null) return found;
    }
  }
  return null;
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}
