import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { usedInstrument, type UsedInstrument } from '@odonto/domain/contracts/history';
import { isPictureName } from '@odonto/domain/contracts/history-pictures';
import { readUploadFiles, type UploadedFile } from '../../files/multipart';
import { AppError } from '../../plugins/errors';
import { HISTORY_SERVER_MESSAGES as TEXT } from './history-messages';
import { refuseControlCharacters } from '../../plugins/text-guard';

/** SPEC.md §5: the upload widget's default extensions. */
const PICTURE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'bmp', 'gif'];
/** Pictures one save may upload; an entry may hold more, added over several saves. */
export const MAX_PICTURE_FILES = 10;

/** A history form as save-history and update-history receive it, its fields checked. */
export interface HistoryForm<T> {
  obj: T;
  /** update-history: instruments to record as used (SPEC.md §7); [] when the field is absent. */
  usedInstruments: UsedInstrument[];
  /** Names of pictures removed in the modal: `obj.deleted` and the optional `deleted` field together. */
  deleted: string[];
  files: UploadedFile[];
}

function refuseOtherExtensions(fileName: string): void {
  const extension = fileName.includes('.') ? (fileName.split('.').pop()?.toLowerCase() ?? '') : '';
  if (!PICTURE_EXTENSIONS.includes(extension)) throw new AppError(415, 'unsupported_media', TEXT.fileFormat);
}

/** Reads the multipart form and checks `obj` against `schema`; every fault is a Romanian 4xx. */
export async function readHistoryForm<S extends z.ZodType<{ deleted: string[] }>>(
  request: FastifyRequest,
  schema: S,
  maxBytes: number,
): Promise<HistoryForm<z.output<S>>> {
  const { fields, files } = await readUploadFiles(request, {
    maxBytes,
    maxFiles: MAX_PICTURE_FILES,
    checkFileName: refuseOtherExtensions,
  });
  if (fields['obj'] === undefined) throw invalid(TEXT.objMissing, { obj: TEXT.objMissing });
  const obj = schema.safeParse(parseJson(fields['obj'], 'obj', TEXT.objNotJson));
  if (!obj.success) throw invalidFields(obj.error);
  const usedInstruments = optionalList(fields['usedInstruments'], z.array(usedInstrument), 'usedInstruments');
  const deleted = optionalList(fields['deleted'], z.array(z.string().refine(isPictureName)), 'deleted');
  return {
    obj: obj.data,
    usedInstruments: usedInstruments ?? [],
    deleted: [...new Set([...obj.data.deleted, ...(deleted ?? [])])],
    files,
  };
}

const LIST_MESSAGES = { usedInstruments: TEXT.usedInstruments, deleted: TEXT.deleted } as const;

function optionalList<T>(
  text: string | undefined,
  schema: z.ZodType<T[]>,
  field: keyof typeof LIST_MESSAGES,
): T[] | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const message = LIST_MESSAGES[field];
  const parsed = schema.safeParse(parseJson(text, field, message));
  if (!parsed.success) throw invalid(message, { [field]: message });
  return parsed.data;
}

function parseJson(text: string, field: string, message: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid(message, { [field]: message });
  }
  refuseControlCharacters(value, field);
  return value;
}

/** A 400 whose message is the first field's, so the alert says what to fix. */
export function invalid(message: string, fields: Record<string, string>): AppError {
  return new AppError(400, 'invalid_input', message, { fields });
}

/** A zod error as the API's field messages: `pics.0.name`, and each unknown key under its own name. */
export function invalidFields(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const names = issue.code === 'unrecognized_keys' ? issue.keys : [issue.path.map(String).join('.') || '_'];
    for (const name of names) fields[name] ??= issue.message;
  }
  return invalid(Object.values(fields)[0] ?? TEXT.objNotJson, fields);
}
