/** JSON columns are text (docs/decisions/0003); the queries layer converts them with these. */
export function toJsonText(value: unknown): string {
  return JSON.stringify(value);
}

/** A JSON array of strings, or [] when the text is not one. */
export function parseStringArray(text: string | null): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
