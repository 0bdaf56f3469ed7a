/** The generic upload's default allow-list (SPEC.md §5). */
export const DEFAULT_UPLOAD_EXTENSIONS = ['jpg', 'jpeg', 'png', 'bmp', 'gif'] as const;

/** SPEC.md §5/§8: the alert shown when a picked file has an extension outside the allow-list. */
export const UNSUPPORTED_FORMAT_MESSAGE = 'Format fisier nesuportat.';

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'bmp', 'gif', 'webp', 'svg', 'avif']);

/** The extension after the last dot, lower case; '' when the name has none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1) return '';
  return fileName.slice(dot + 1).toLowerCase();
}

/** True when the file's extension is in the allow-list (compared without case or a leading dot). */
export function isAllowedExtension(fileName: string, allowed: readonly string[]): boolean {
  const extension = fileExtension(fileName);
  return extension !== '' && allowed.some((entry) => entry.replace(/^\./, '').toLowerCase() === extension);
}

/** SPEC.md §5: the saved name is the caller's label plus the file's extension, e.g. 'inainte.jpg'. */
export function savedFileName(label: string, fileName: string): string {
  const extension = fileExtension(fileName);
  return extension === '' ? label : `${label}.${extension}`;
}

/** Whether the preview can show the picture itself rather than a generic file icon. */
export function isImageFile(file: Pick<File, 'name' | 'type'>): boolean {
  if (file.type !== '') return file.type.startsWith('image/') && file.type !== 'image/heic';
  return IMAGE_EXTENSIONS.has(fileExtension(file.name));
}

/** A required upload is valid once a file is loaded; an optional one always is. */
export function isUploadValid(isRequired: boolean, file: File | null | undefined): boolean {
  return !isRequired || file != null;
}

/** The value of the file input's `accept` attribute for an allow-list. */
export function acceptAttribute(allowed: readonly string[]): string {
  return allowed.map((entry) => `.${entry.replace(/^\./, '').toLowerCase()}`).join(',');
}
