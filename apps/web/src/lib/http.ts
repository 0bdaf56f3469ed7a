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

/**
 * The `Idempotency-Key` of each write still waiting for its answer, by its call and body. A double-click
 * sends the same submission twice, and a retry after a lost answer sends it again: both carry the key of
 * the first, so the server writes once and answers the repeat with the first answer. Once an answer
 * arrives the submission is over; the next one, even identical, is a new write with a new key.
 */
const pendingWrites = new Map<string, string>();

function newIdempotencyKey(): string {
  // getRandomValues works on plain http too (a clinic's LAN address), where randomUUID does not exist.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** What identifies one submission: the call and its body (a file by its name, size, type and date). */
function submissionOf(method: Method, path: string, body: Body): string {
  if (!(body instanceof FormData)) return `${method} ${path} ${JSON.stringify(body ?? null)}`;
  const parts = Array.from(body.entries(), ([name, value]) =>
    typeof value === 'string'
      ? [name, value]
      : [name, value.name, value.size, value.type, value.lastModified],
  );
  return `${method} ${path} ${JSON.stringify(parts)}`;
}

function toRequestInit(
  method: Method,
  body: Body,
  signal: AbortSignal | undefined,
  cache: RequestCache | undefined,
  idempotencyKey: string | undefined,
): RequestInit {
  // The server's CSRF rule wants this header on every state-changing call; sending it always is simpler.
  const headers: Record<string, string> = { 'X-Requested-With': 'odonto', Accept: 'application/json' };
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
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

/**
 * GET answers asked for ahead of the screen that reads them: a route loader starts the screen's call as
 * the navigation starts, beside the screen's code (issue 20), and the screen's own `request` for the same
 * path takes that answer instead of asking again. Each is taken once, and only while it is fresh.
 */
const earlyAnswers = new Map<string, { answer: Promise<Response>; startedAt: number }>();
export const EARLY_ANSWER_MS = 10_000;

/** Starts `GET path` now, for the next `request(path)` within EARLY_ANSWER_MS. */
export function requestEarly(path: string): void {
  const now = Date.now();
  for (const [key, early] of earlyAnswers) {
    if (now - early.startedAt >= EARLY_ANSWER_MS) earlyAnswers.delete(key);
  }
  if (earlyAnswers.has(path)) return;
  const answer = fetch(path, toRequestInit('GET', undefined, undefined, undefined, undefined));
  answer.catch(() => undefined); // a failure is met (and reported) by the request that takes it
  earlyAnswers.set(path, { answer, startedAt: now });
}

function takeEarlyAnswer(path: string): Promise<Response> | undefined {
  const early = earlyAnswers.get(path);
  earlyAnswers.delete(path);
  return early && Date.now() - early.startedAt < EARLY_ANSWER_MS ? early.answer : undefined;
}

/** Calls the API on the same origin; parses the JSON answer with `schema` when one is given. */
export async function request<S extends z.ZodType | undefined = undefined>(
  path: string,
  { method = 'GET', body, schema, signal, cache }: RequestOptions<S> = {},
): Promise<Result<S>> {
  const submission = method === 'GET' ? null : submissionOf(method, path, body);
  // A write may change what an answer asked for early says: the screens ask again.
  if (submission !== null) earlyAnswers.clear();
  let idempotencyKey: string | undefined;
  if (submission !== null) {
    idempotencyKey = pendingWrites.get(submission) ?? newIdempotencyKey();
    pendingWrites.set(submission, idempotencyKey);
  }
  let response: Response;
  try {
    const early = method === 'GET' && cache === undefined ? takeEarlyAnswer(path) : undefined;
    response = await (early ?? fetch(path, toRequestInit(method, body, signal, cache, idempotencyKey)));
  } catch (error) {
    // No answer: the write may have happened, so a retry of this submission keeps its key.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network', NETWORK_ERROR_MESSAGE);
  }
  if (submission !== null) pendingWrites.delete(submission);
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
