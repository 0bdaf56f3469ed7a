import { z } from 'zod';
import { toInstant } from '../clinic-time';
import { DOCUMENT_KINDS, DOCUMENT_MESSAGES as TEXT } from '../documents';

export const documentKind = z.enum(DOCUMENT_KINDS, 'Tipul documentului nu este valid.');

/** Longest label, and longest note text. */
export const MAX_LABEL_LENGTH = 120;
export const MAX_NOTE_LENGTH = 20_000;

const isoDay = z
  .string('Data este obligatorie.')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data trebuie să fie în formatul AAAA-LL-ZZ.')
  .refine((day) => !Number.isNaN(toInstant(day)), 'Data nu este validă.');

/**
 * The `obj` of POST /api/update-doc/{patientId} (SPEC.md §7), as JSON in a form field. Without `id` it
 * adds a document of `kind` (its file in the form's one file part; a note has `text` instead); with `id`
 * and the `version` it was loaded with it changes the label, the date and a note's text.
 */
export const updateDocObj = z
  .strictObject({
    id: z.uuid('Documentul nu este valid.').optional(),
    version: z.number().int().positive().optional(),
    kind: documentKind,
    label: z
      .string(TEXT.labelRequired)
      .trim()
      .min(1, TEXT.labelRequired)
      .max(MAX_LABEL_LENGTH, `Denumirea are cel mult ${MAX_LABEL_LENGTH} de caractere.`),
    date: isoDay,
    text: z
      .string()
      .trim()
      .max(MAX_NOTE_LENGTH, `Nota are cel mult ${MAX_NOTE_LENGTH} de caractere.`)
      .optional(),
  })
  .superRefine((obj, context) => {
    if (obj.id !== undefined && obj.version === undefined)
      context.addIssue({ code: 'custom', path: ['version'], message: 'Versiunea documentului lipsește.' });
    if (obj.kind === 'nota' && (obj.text ?? '') === '')
      context.addIssue({ code: 'custom', path: ['text'], message: TEXT.textRequired });
    if (obj.kind !== 'nota' && obj.text !== undefined && obj.text !== '')
      context.addIssue({ code: 'custom', path: ['text'], message: 'Doar notele au text.' });
  });
export type UpdateDocObj = z.input<typeof updateDocObj>;

/** The stored file of a document (none for a note). */
export const documentFile = z.object({
  /** The saved name (SPEC.md §5): the label plus the extension; the download's file name. */
  name: z.string(),
  extension: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** Pictures only: the stored image's size, and a thumbnail at `thumbPath`. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  hasThumb: z.boolean(),
});
export type DocumentFile = z.infer<typeof documentFile>;

export const patientDocument = z.object({
  id: z.string(),
  kind: documentKind,
  label: z.string(),
  /** The document's date, YYYY-MM-DD (default: the day it was added). */
  date: z.string(),
  /** A note's text; null for the other kinds. */
  text: z.string().nullable(),
  file: documentFile.nullable(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
  version: z.number().int(),
});
export type PatientDocument = z.infer<typeof patientDocument>;

/** GET /api/documents/{patientId} and every document write: the patient's live documents by kind. */
export const documentsByKind = z.object({
  document: z.array(patientDocument),
  import: z.array(patientDocument),
  nota: z.array(patientDocument),
  radiografie: z.array(patientDocument),
});
export type DocumentsByKind = z.infer<typeof documentsByKind>;

/** POST /api/delete-doc/{patientId}: the document and the version it was loaded with. */
export const deleteDocRequest = z.strictObject({
  id: z.uuid('Documentul nu este valid.'),
  version: z.number().int().positive().optional(),
});
export type DeleteDocRequest = z.infer<typeof deleteDocRequest>;

/** The address of a document's file (inline; `download` asks for an attachment). */
export function documentFilePath(patientId: string, documentId: string, download = false): string {
  const path = `/api/documents/${encodeURIComponent(patientId)}/${encodeURIComponent(documentId)}/file`;
  return download ? `${path}?download=1` : path;
}

/** The address of a picture document's PNG thumbnail. */
export function documentThumbPath(patientId: string, documentId: string): string {
  return `/api/documents/${encodeURIComponent(patientId)}/${encodeURIComponent(documentId)}/thumb`;
}
