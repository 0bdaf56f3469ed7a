import { vi } from 'vitest';

export interface MockAnswer {
  status?: number;
  body?: unknown;
}

/** An answer, or a function answering each request (its address with the query string). */
export type MockHandler =
  MockAnswer | ((request: { url: string; method: string; body: unknown }) => MockAnswer);

/** A recorded call to the mocked API. */
export interface MockCall {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
}

/**
 * Replaces fetch with answers keyed by 'METHOD /path' (query string ignored). Unknown calls answer
 * 404 with the API's error body, so a test fails loudly instead of hanging.
 */
export function mockApi(handlers: Record<string, MockHandler>): { calls: MockCall[] } {
  const calls: MockCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    calls.push({
      method,
      url,
      body,
      headers: { ...(init.headers as Record<string, string> | undefined) },
      credentials: init.credentials,
    });
    const path = decodeURIComponent(new URL(url, 'http://localhost').pathname);
    const handler = handlers[`${method} ${path}`];
    const answer: MockAnswer =
      handler === undefined
        ? { status: 404, body: { error: { code: 'not_found', message: `no mock for ${method} ${path}` } } }
        : typeof handler === 'function'
          ? handler({ url, method, body })
          : handler;
    const status = answer.status ?? 200;
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return new Response(status === 204 ? null : text, {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

export function apiError(
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
): MockAnswer {
  return { status, body: { error: { code, message, ...(fields ? { fields } : {}) } } };
}
