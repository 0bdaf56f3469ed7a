import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { updateDocObj } from '@odonto/domain/contracts/documents';
import {
  DOCUMENT_KINDS,
  DOCUMENT_KIND_INFO,
  DOCUMENT_MESSAGES as TEXT,
  fileExtension,
} from '@odonto/domain/documents';
import { readUploadForm, type UploadedFile } from '../../files/multipart';
import { AppError } from '../../plugins/errors';
import { refuseControlCharacters } from '../../plugins/text-guard';

export type DocObj = z.output<typeof updateDocObj>;

/** The form of POST /api/update-doc: `obj` checked, and at most one file. */
export interface DocForm {
  obj: DocObj;
  file: UploadedFile | null;
}

/** Every extension some kind accepts: the file part may come before `obj`, so its kind is not known yet. */
const ANY_KIND_EXTENSIONS = new Set(DOCUMENT_KINDS.flatMap((kind) => DOCUMENT_KIND_INFO[kind].extensions));

export function unsupportedFormat(): AppError {
  return new AppError(415, 'unsupported_media', TEXT.unsupportedFormat);
}

/** Reads the multipart form; a wrong extension is refused before the file's bytes are read (415). */
export async function readDocForm(request: FastifyRequest, maxBytes: number): Promise<DocForm> {
  const { fields, file } = await readUploadForm(request, {
    maxBytes,
    checkFileName: (fileName) => {
      if (!ANY_KIND_EXTENSIONS.has(fileExtension(fileName))) throw unsupportedFormat();
    },
  });
  const text = fields['obj'];
  if (text === undefined) throw invalid('Câmpul obj lipsește.', 'obj');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid('Câmpul obj nu este un JSON valid.', 'obj');
  }
  refuseControlCharacters(json, 'obj');
  const parsed = updateDocObj.safeParse(json);
  if (!parsed.success) {
    const fieldMessages: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const names =
        issue.code === 'unrecognized_keys' ? issue.keys : [issue.path.map(String).join('.') || 'obj'];
      for (const name of names) fieldMessages[name] ??= issue.message;
    }
    const [first] = Object.values(fieldMessages);
    throw new AppError(400, 'invalid_input', first ?? TEXT.labelRequired, { fields: fieldMessages });
  }
  return { obj: parsed.data, file };
}

/** A 400 whose message is also the field's. */
export function invalid(message: string, field: string): AppError {
  return new AppError(400, 'invalid_input', message, { fields: { [field]: message } });
}
