/**
 * A patient's documents (issue 5, SPEC.md §2 docs screen, §5 upload rules): four kinds, each added
 * through its own modal, each with the file extensions its upload widget accepts.
 */

export const DOCUMENT_KINDS = ['document', 'import', 'nota', 'radiografie'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** SPEC.md §5: the upload widget's default extensions (images). */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'bmp', 'gif'] as const;
const PDF_AND_IMAGES = ['pdf', ...IMAGE_EXTENSIONS] as const;

/** What the screen calls each kind (section headings), the modal name that adds it, and its uploads. */
export const DOCUMENT_KIND_INFO: Readonly<
  Record<
    DocumentKind,
    { title: string; addLabel: string; modal: DocumentModalName; extensions: readonly string[] }
  >
> = {
  document: {
    title: 'Documente',
    addLabel: 'Adaugă document',
    modal: 'add-document',
    extensions: PDF_AND_IMAGES,
  },
  import: {
    title: 'Fișiere pacient importate',
    addLabel: 'Importă fișier pacient',
    modal: 'add-import-patient-file',
    extensions: PDF_AND_IMAGES,
  },
  nota: { title: 'Note', addLabel: 'Adaugă notă', modal: 'add-note', extensions: [] },
  radiografie: {
    title: 'Radiografii',
    addLabel: 'Adaugă radiografie',
    modal: 'add-x-ray',
    extensions: IMAGE_EXTENSIONS,
  },
};

/** SPEC.md §2 modal names of the four add modals. */
export type DocumentModalName = 'add-document' | 'add-import-patient-file' | 'add-note' | 'add-x-ray';

/** The content formats a stored file can be, read from its magic bytes by the server. */
export type DocumentFormat = 'pdf' | 'jpeg' | 'png' | 'gif' | 'bmp';

const FORMAT_BY_EXTENSION: Readonly<Record<string, DocumentFormat>> = {
  pdf: 'pdf',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  bmp: 'bmp',
};

/** What the user would call the format, in the 415 message ('un PDF', 'o imagine JPEG'). */
const FORMAT_NAMES: Readonly<Record<DocumentFormat, string>> = {
  pdf: 'un document PDF',
  jpeg: 'o imagine JPEG',
  png: 'o imagine PNG',
  gif: 'o imagine GIF',
  bmp: 'o imagine BMP',
};

export const DOCUMENT_MESSAGES = {
  unsupportedFormat: 'Format fisier nesuportat.',
  fileRequired: 'Alegeți fișierul.',
  noFileForNote: 'O notă nu are fișier.',
  textRequired: 'Textul notei este obligatoriu.',
  labelRequired: 'Denumirea este obligatorie.',
} as const;

/** The extension after the last dot, lower case; '' when the name has none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1) return '';
  return fileName.slice(dot + 1).toLowerCase();
}

/** True when a kind is stored with a file (every kind but notes). */
export function kindHasFile(kind: DocumentKind): boolean {
  return DOCUMENT_KIND_INFO[kind].extensions.length > 0;
}

/** True when the file name's extension is one the kind accepts (SPEC.md §5, any case). */
export function isAllowedDocumentFile(kind: DocumentKind, fileName: string): boolean {
  const extension = fileExtension(fileName);
  return extension !== '' && DOCUMENT_KIND_INFO[kind].extensions.includes(extension);
}

/** The content format an extension promises, or null for one we never take. */
export function formatOfExtension(extension: string): DocumentFormat | null {
  return FORMAT_BY_EXTENSION[extension.toLowerCase()] ?? null;
}

/** True when the format is a picture (shown with a thumbnail, zoom and pan). */
export function isImageFormat(format: DocumentFormat | null): boolean {
  return format !== null && format !== 'pdf';
}

/**
 * The 415 message when the bytes are not what the extension says, e.g. a program renamed .pdf:
 * 'Conținutul fișierului nu corespunde extensiei .pdf: fișierul nu este un document PDF.'
 */
export function contentMismatchMessage(extension: string): string {
  const format = formatOfExtension(extension);
  const expected = format ? `: fișierul nu este ${FORMAT_NAMES[format]}` : '';
  return `Conținutul fișierului nu corespunde extensiei .${extension.toLowerCase()}${expected}.`;
}

/**
 * SPEC.md §5: the saved name is the label plus the extension ('Consimțământ' + 'pdf' →
 * 'Consimțământ.pdf'); characters a file name cannot hold become '_'. No extension: the label alone.
 */
export function documentFileName(label: string, extension: string | null): string {
  const safe = label
    .trim()
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_')
    .replace(/\s+/g, ' ');
  const base = safe === '' ? 'document' : safe;
  return extension ? `${base}.${extension.toLowerCase()}` : base;
}

/** A document as grouping and sorting need it. */
export interface DatedDocument {
  kind: DocumentKind;
  date: string;
  createdAt: string;
}

/** The documents by kind, each list newest date first (ties: newest added first). */
export function groupDocuments<T extends DatedDocument>(documents: readonly T[]): Record<DocumentKind, T[]> {
  const groups: Record<DocumentKind, T[]> = { document: [], import: [], nota: [], radiografie: [] };
  for (const document of documents) groups[document.kind].push(document);
  for (const kind of DOCUMENT_KINDS) {
    groups[kind].sort((a, b) => b.date.localeCompare(a.date) || b.createdAt.localeCompare(a.createdAt));
  }
  return groups;
}

/** Zoom limits of the image viewer, and the step of one wheel notch or button press. */
export const ZOOM = { min: 1, max: 8, step: 1.25 } as const;

/** The zoom after `steps` notches (positive: in), kept within ZOOM's limits. */
export function nextZoom(zoom: number, steps: number): number {
  const next = zoom * ZOOM.step ** steps;
  return Math.min(ZOOM.max, Math.max(ZOOM.min, Math.round(next * 1000) / 1000));
}

/**
 * The pan offset after zooming from `zoom` to `next` around a point (relative to the image centre), so
 * the point under the pointer stays where it is; back at zoom 1 the image is centred again.
 */
export function panAfterZoom(
  pan: { x: number; y: number },
  point: { x: number; y: number },
  zoom: number,
  next: number,
): { x: number; y: number } {
  if (next <= ZOOM.min) return { x: 0, y: 0 };
  const ratio = next / zoom;
  return { x: point.x - (point.x - pan.x) * ratio, y: point.y - (point.y - pan.y) * ratio };
}
