/**
 * Names of a history entry's pictures (SPEC.md §3, §9): built in the treatment modal from the entry id, a
 * random number below 100000 and the picture's label, and split into 'inainte' (before) and 'dupa'
 * (after) by name. A name is `{entryId}-{random}-{label}`, e.g. '1767225600000-4821-inainte.jpg'; the
 * label is the upload widget's label plus the file extension (SPEC.md §5). The names become file names
 * and addresses (/history-imgs/{patientId}/{name}), so only lower-case letters, digits, '.', '_' and '-'
 * are kept.
 */
import { normalizeSearchText } from '../text';
import { thumbnailName } from './avatars';

/** The random part of a picture name is below this (SPEC.md §9). */
export const PICTURE_RANDOM_LIMIT = 100_000;
/** `{entryId}-{random}-{label}`: the label starts with a letter or digit, so it never starts a path. */
export const PICTURE_NAME_PATTERN = /^(\d{1,16})-(\d{1,5})-([a-z0-9][a-z0-9._-]{0,120})$/;

export const PICTURE_KINDS = ['inainte', 'dupa'] as const;
export type PictureKind = (typeof PICTURE_KINDS)[number];

/** The label as it may appear in a name: 'Înainte.JPG' → 'inainte.jpg', 'după 2.png' → 'dupa-2.png'. */
export function pictureLabel(label: string): string {
  return normalizeSearchText(label)
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, 120);
}

/**
 * The stored name of a picture: entry id, a random integer 0 … 99999 (the caller draws it, e.g.
 * `Math.floor(Math.random() * PICTURE_RANDOM_LIMIT)`, so this stays pure) and the label.
 */
export function pictureName(entryId: number, random: number, label: string): string {
  if (!Number.isSafeInteger(entryId) || entryId <= 0)
    throw new RangeError(`Id de tratament invalid: ${entryId}`);
  if (!Number.isInteger(random) || random < 0 || random >= PICTURE_RANDOM_LIMIT) {
    throw new RangeError(`Numărul aleator trebuie să fie un întreg între 0 și ${PICTURE_RANDOM_LIMIT - 1}.`);
  }
  const safeLabel = pictureLabel(label);
  if (safeLabel === '') throw new RangeError('Imaginea are nevoie de o etichetă.');
  return `${entryId}-${random}-${safeLabel}`;
}

/** True when the name is one pictureName builds (and so safe in a path). */
export function isPictureName(name: string): boolean {
  return PICTURE_NAME_PATTERN.test(name);
}

/** 'inainte' or 'dupa' by the picture's name (diacritics and case ignored), or null when it says neither. */
export function pictureKind(name: string): PictureKind | null {
  const text = normalizeSearchText(name);
  // 'inainte' first: a label such as 'inainte-de-dupa' is rare, but must land in one place only.
  if (text.includes('inainte')) return 'inainte';
  if (text.includes('dupa')) return 'dupa';
  return null;
}

/** The pictures split into before and after, in their `index` order; unnamed kinds go to `other`. */
export function splitPictures<T extends { name: string; index: number }>(
  pics: readonly T[],
): { inainte: T[]; dupa: T[]; other: T[] } {
  const result: { inainte: T[]; dupa: T[]; other: T[] } = { inainte: [], dupa: [], other: [] };
  for (const pic of [...pics].sort((a, b) => a.index - b.index))
    result[pictureKind(pic.name) ?? 'other'].push(pic);
  return result;
}

/** True when the picture is an image (SPEC.md §3: `w` flags an image; documents have none). */
export function isImagePicture(pic: { w: number | null | undefined }): boolean {
  return typeof pic.w === 'number' && pic.w > 0;
}

/** The address of the original picture (SPEC.md §7): /history-imgs/{patientId}/{name}. */
export function picturePath(patientId: string, name: string): string {
  return `/history-imgs/${encodeURIComponent(patientId)}/${encodeURIComponent(name)}`;
}

/** The address of its thumbnail (SPEC.md §7): /history-imgs/{patientId}/thumb-{name}.png. */
export function pictureThumbnailPath(patientId: string, name: string): string {
  return `/history-imgs/${encodeURIComponent(patientId)}/${encodeURIComponent(thumbnailName(name))}`;
}
