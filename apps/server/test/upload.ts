import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app-types';
import { CSRF_HEADERS } from './http';

export type FormValue = string | { fileName: string; data: Uint8Array; type?: string };

/** A multipart/form-data body as a browser's FormData sends it, in the order given. */
export async function formData(
  parts: Record<string, FormValue>,
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') form.append(name, value);
    else
      form.append(
        name,
        new Blob([value.data], { type: value.type ?? 'application/octet-stream' }),
        value.fileName,
      );
  }
  const request = new Request('http://odonto.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

/** POSTs a form with the CSRF header, signed in as `cookie` (or not). */
export async function postForm(
  app: App,
  url: string,
  parts: Record<string, FormValue>,
  cookie: string | null,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = await formData(parts);
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...CSRF_HEADERS, 'content-type': contentType, ...(cookie ? { cookie } : {}), ...headers },
  });
}
