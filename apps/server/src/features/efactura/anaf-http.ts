/**
 * One HTTP call to ANAF with a time-out, told apart by what it proves: an answer, a request that never left
 * (no connection: ANAF cannot have it), or one that left without an answer (ANAF may have it).
 */
// Errors that are raised before any byte of the request left: ANAF cannot have received it.
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
]);

export type Raw =
  | { kind: 'response'; status: number; body: Buffer; contentType: string }
  | { kind: 'not-sent'; reason: string }
  | { kind: 'no-answer'; reason: string };

export async function request(url: string, init: RequestInit, timeoutMs: number): Promise<Raw> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const body = Buffer.from(await response.arrayBuffer());
    return {
      kind: 'response',
      status: response.status,
      body,
      contentType: response.headers.get('content-type') ?? '',
    };
  } catch (error) {
    const code = errorCode(error);
    if (code !== null && NOT_SENT_CODES.has(code))
      return { kind: 'not-sent', reason: `ANAF inaccesibil (${code})` };
    if (error instanceof Error && error.name === 'TimeoutError') {
      return { kind: 'no-answer', reason: `ANAF nu a răspuns în ${Math.round(timeoutMs / 1000)} s` };
    }
    return { kind: 'no-answer', reason: `Legătura cu ANAF s-a întrerupt (${code ?? describe(error)})` };
  }
}

function errorCode(error: unknown): string | null {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return null;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
