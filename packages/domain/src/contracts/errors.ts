import { z } from 'zod';

export const ERROR_CODES = [
  'invalid_input',
  // 400: an imported file with errors; `lines` lists each wrong line (price list import).
  'invalid_file',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  // 409: the patient was anonymised (GDPR): their identity can no longer be edited.
  'anonymised',
  // 410: a single-use link that was used or has expired (review links).
  'gone',
  'too_large',
  // 414: an address (a path parameter) longer than any the API takes.
  'uri_too_long',
  'unsupported_media',
  'unprocessable',
  'rate_limited',
  'csrf',
  // 503: the embedded database stayed busy past its timeout; the answer carries Retry-After.
  'busy',
  // 503: GET /api/ready — the database does not answer, or lacks migrations this version needs.
  'not_ready',
  'server_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** DESIGN.md §4: every error answer has this body. `fields` maps a field name to its Romanian message. */
export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** An imported file's errors, line by line (line 1 is the header). */
    lines: z.array(z.object({ line: z.number().int(), message: z.string() })).optional(),
    data: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;
