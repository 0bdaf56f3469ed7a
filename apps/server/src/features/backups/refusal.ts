/** A refusal of `npm run backup` / `npm run restore`: the message is printed, the process exits with `code`. */
export class Refusal extends Error {
  override name = 'Refusal';
  constructor(
    message: string,
    readonly code = 1,
  ) {
    super(message);
  }
}

export const UNTOUCHED = 'Baza de date actuală nu a fost atinsă.';

/** A moment as part of a file name: 2026-11-25T13-15-20-123Z. */
export function fileStamp(at: Date): string {
  return at.toISOString().replace(/[:.]/g, '-');
}
