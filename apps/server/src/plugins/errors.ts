import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '@odonto/domain/messages';
import type { ErrorBody, ErrorCode } from '@odonto/domain/contracts/errors';
import type { App } from '../app-types';
import { isBusy } from '../db/dialect';

/** An expected failure with the status, code and Romanian message the caller sees. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      fields?: Record<string, string>;
      headers?: Record<string, string>;
      /** An imported file's errors, line by line. */
      lines?: { line: number; message: string }[];
    } = {},
  ) {
    super(message);
  }
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'invalid_input',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media',
  422: 'unprocessable',
  429: 'rate_limited',
};

const MESSAGE_BY_CODE: Partial<Record<ErrorCode, string>> = {
  invalid_input: MESSAGES.invalidInput,
  unauthenticated: MESSAGES.unauthenticated,
  forbidden: MESSAGES.forbidden,
  not_found: MESSAGES.notFound,
  conflict: MESSAGES.conflict,
  too_large: MESSAGES.tooLarge,
  unsupported_media: MESSAGES.unsupportedMedia,
  unprocessable: MESSAGES.invalidInput,
  rate_limited: MESSAGES.rateLimited,
};

export type ErrorReporter = (error: unknown, request: FastifyRequest) => void;

/** One error handler for the whole app: Romanian messages, field errors, and no internals in a 5xx. */
export function registerErrorHandling(app: App, reportError: ErrorReporter | undefined): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.extra.headers ?? {})) void reply.header(name, value);
      return sendError(
        reply,
        error.statusCode,
        error.code,
        error.message,
        error.extra.fields,
        error.extra.lines,
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const unknownKeys = issue.keyword === 'unrecognized_keys' ? issue.params['keys'] : undefined;
        const names = Array.isArray(unknownKeys) ? unknownKeys.map(String) : [fieldName(issue.instancePath)];
        for (const name of names) fields[name] ??= issue.message ?? MESSAGES.invalidInput;
      }
      return sendError(reply, 400, 'invalid_input', MESSAGES.invalidInput, fields);
    }
    if (isBusy(error)) {
      // Not a fault of the request: the write can simply be sent again (SQLITE_BUSY past busy_timeout).
      request.log.warn({ err: error }, 'database busy');
      void reply.header('retry-after', '2');
      return sendError(reply, 503, 'busy', MESSAGES.databaseBusy);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    const code = CODE_BY_STATUS[status];
    if (status < 500 && code) {
      return sendError(reply, status, code, MESSAGE_BY_CODE[code] ?? MESSAGES.invalidInput);
    }
    request.log.error({ err: error }, 'request failed');
    reportError?.(error, request);
    return sendError(reply, 500, 'server_error', MESSAGES.serverError);
  });
}

/**
 * Fastify's router answers a few faults before any route or hook runs (a path parameter past its length
 * limit, a malformed percent-encoding) with a body of its own; `frameworkErrors` routes them here so
 * every error answer keeps the API's shape.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void sendError(reply, 414, 'uri_too_long', MESSAGES.uriTooLong);
  } else if (error.code === 'FST_ERR_BAD_URL') {
    void sendError(reply, 400, 'invalid_input', MESSAGES.badUrl);
  } else {
    reply.log.error({ err: error }, 'router failed');
    void sendError(reply, 500, 'server_error', MESSAGES.serverError);
  }
}

/** `/a/0/b` → `a.0.b`; the body itself → `_`. */
function fieldName(instancePath: string): string {
  const name = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return name === '' ? '_' : name;
}

export function sendError(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  lines?: { line: number; message: string }[],
): FastifyReply {
  const body: ErrorBody = {
    error: { code, message, ...(fields ? { fields } : {}), ...(lines ? { lines } : {}) },
  };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}
