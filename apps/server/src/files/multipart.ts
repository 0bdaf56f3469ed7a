import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../plugins/errors';

/** One uploaded file, read into memory (uploads are capped at UPLOAD_MAX_MB). */
export interface UploadedFile {
  fieldName: string;
  /** The name the browser sent; only its extension is ever used. */
  fileName: string;
  data: Buffer;
}

export interface UploadForm {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

export interface UploadOptions {
  maxBytes: number;
  /** Checked as soon as the file part starts, before its bytes are read: throw an AppError to refuse it. */
  checkFileName?: (fileName: string) => void;
}

const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 64 * 1024;
const MEGABYTES = new Intl.NumberFormat('ro-RO', { maximumFractionDigits: 2 });

/**
 * Reads a multipart/form-data request with at most one file, in any part order, into memory.
 * Every way the form can be wrong answers a Romanian 4xx (413 too large, 415 not a form, 400 otherwise).
 */
export async function readUploadForm(request: FastifyRequest, options: UploadOptions): Promise<UploadForm> {
  const { fields, files } = await readUploadFiles(request, { ...options, maxFiles: 1 });
  return { fields, file: files[0] ?? null };
}

export interface UploadFiles {
  fields: Record<string, string>;
  /** In the order the form sent them; each keeps its part's field name. */
  files: UploadedFile[];
}

/** Like readUploadForm, for a form with up to `maxFiles` files (each at most `maxBytes`). */
export async function readUploadFiles(
  request: FastifyRequest,
  options: UploadOptions & { maxFiles: number },
): Promise<UploadFiles> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'unsupported_media',
      'Trimiteți fișierul într-un formular (multipart/form-data).',
    );
  }
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const parts = request.parts({
    limits: {
      fileSize: options.maxBytes,
      files: options.maxFiles,
      fields: MAX_FIELDS,
      fieldSize: MAX_FIELD_BYTES,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = fieldText(part);
        continue;
      }
      try {
        options.checkFileName?.(part.filename);
      } catch (error) {
        part.file.resume();
        throw error;
      }
      files.push({ fieldName: part.fieldname, fileName: part.filename, data: await part.toBuffer() });
    }
  } catch (error) {
    throw toUploadError(error, options);
  }
  return { fields, files };
}

function fieldText(part: Extract<Multipart, { type: 'field' }>): string {
  if (part.valueTruncated)
    throw new AppError(400, 'invalid_input', `Câmpul ${part.fieldname} este prea lung.`);
  return typeof part.value === 'string' ? part.value : '';
}

/** `Fișierul este prea mare (maxim 25 MB).` */
export function tooLargeError(maxBytes: number): AppError {
  const megabytes = MEGABYTES.format(maxBytes / (1024 * 1024));
  return new AppError(413, 'too_large', `Fișierul este prea mare (maxim ${megabytes} MB).`);
}

function toUploadError(error: unknown, options: { maxBytes: number; maxFiles: number }): unknown {
  if (error instanceof AppError) return error;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLargeError(options.maxBytes);
  if (code === 'FST_FILES_LIMIT') {
    const most = options.maxFiles === 1 ? 'un singur fișier' : `cel mult ${options.maxFiles} fișiere`;
    return new AppError(400, 'invalid_input', `Trimiteți ${most}.`);
  }
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new AppError(400, 'invalid_input', 'Formularul are prea multe câmpuri.');
  }
  // Anything else the parser throws is a malformed or interrupted form, not a server fault.
  return new AppError(400, 'invalid_input', 'Formularul trimis nu este valid.');
}
