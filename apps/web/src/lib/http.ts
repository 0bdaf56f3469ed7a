import type { z } from 'zod';
import { errorBody } from '@odonto/domain/contracts/errors';
import { MESSAGES } from '@odonto/domain/messages';

/** A wrong line of an imported file, as the server reports it. */
export interface FileLineError {
  line: number;
  message: string;
}

/** A failed call: the HTTP status and the server's `{ error: { code, message, fields, lines } }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Readonly<Record<string, string>>;
  /** An imported file's errors, line by line (code 'invalid_file'). */
  readonly lines: readonly FileLineError[];

  constructor(
    status: number,
    code: string,
    message: string,
    fields: Record<string, string> = {},
    lines: readonly FileLineError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.lines = lines;
  }
}

export const NETWORK_ERROR_MESSAGE =
  'Serverul nu poate fi contactat. Verificați conexiunea și încercați din nou.';
export const INVALID_RESPONSE_MESSAGE = 'Serverul a trimis un răspuns neașteptat.';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Body = FormData | object | undefined;

interface RequestOptions<S extends z.ZodType | undefined> {
  method?: Method;
  body?: Body;
  schema?: S;
  signal?: AbortSignal;
  /** The browser HTTP cache mode, e.g. 'no-cache' to revalidate a cacheable answer (ETag) every time. */
  cache?: RequestCache;
}

type Result<S> = S extends z.ZodType ? z.output<S> : unknown;

function toRequestInit(
  method: Method,
  body: Body,
  signal: AbortSignal | undefined,
  cache: RequestCache | undefined,
): RequestInit {
  // The server's CSRF rule wants this header on every state-changing call; sending it always is simpler.
  const headers: Record<string, string> = { 'X-Requested-With': 'odonto', Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  return { method, headers, body: payload, credentials: 'include', signal, ...(cache ? { cache } : {}) };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toApiError(status: number, json: unknown): ApiError {
  const parsed = errorBody.safeParse(json);
  if (parsed.success) {
    const { code, message, fields, lines } = parsed.data.error;
    return new ApiError(status, code, message, fields, lines);
  }
  return new ApiError(status, status >= 500 ? 'server_error' : 'http_error', MESSAGES.serverError);
}

/** Calls the API on the same origin; parses the JSON answer with `schema` when one is given. */
export async function request<S extends z.ZodType | undefined = undefined>(
  path: string,
  { method = 'GET', body, schema, signal, cache }: RequestOptions<S> = {},
): Promise<Result<S>> {
  let response: Response;
  try {
    response = await fetch(path, toRequestInit(method, body, signal, cache));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network', NETWORK_ERROR_MESSAGE);
  }
  const json = await readJson(response);
  if (!response.ok) throw toApiError(response.status, json);
  if (!schema) return json as Result<S>;
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(response.status, 'invalid_response', INVALID_RESPONSE_MESSAGE);
  return parsed.data as Result<S>;
}

/** Encodes one path segment, e.g. an email in `/api/forgot-pass/{email}`. */
export function segment(value: string): string {
  return encodeURIComponent(value);
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
