import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiError, mockApi } from '../test/mock-api';
import { ApiError, INVALID_RESPONSE_MESSAGE, NETWORK_ERROR_MESSAGE, request, segment } from './http';

describe('http client', () => {
  it('sends credentials, the CSRF header and a JSON body, and parses the answer with the contract', async () => {
    const { calls } = mockApi({ 'POST /api/login': { body: { name: 'Ana', roles: ['medic'], extra: 1 } } });
    const answer = await request('/api/login', {
      method: 'POST',
      body: { email: 'a@b.ro', password: 'x' },
      schema: z.object({ name: z.string(), roles: z.array(z.string()) }),
    });
    expect(answer).toEqual({ name: 'Ana', roles: ['medic'] });
    expect(calls[0]?.credentials).toBe('include');
    expect(calls[0]?.headers['X-Requested-With']).toBe('odonto');
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(calls[0]?.body).toEqual({ email: 'a@b.ro', password: 'x' });
  });

  it('sends the CSRF header on GET calls too', async () => {
    const { calls } = mockApi({ 'GET /api/setup': { body: { needsSetup: false } } });
    await request('/api/setup');
    expect(calls[0]?.headers['X-Requested-With']).toBe('odonto');
  });

  it('turns an error answer into an ApiError with status, code, message and fields', async () => {
    mockApi({
      'POST /api/save-new-pass': apiError(400, 'invalid_input', 'Datele trimise nu sunt valide.', {
        confirm: 'Parolele nu coincid',
      }),
    });
    const failure = await request('/api/save-new-pass', { method: 'POST', body: {} }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 400,
      code: 'invalid_input',
      message: 'Datele trimise nu sunt valide.',
      fields: { confirm: 'Parolele nu coincid' },
    });
  });

  it('answers undefined for 204', async () => {
    mockApi({ 'DELETE /api/logout': { status: 204 } });
    await expect(request('/api/logout', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('reports a network failure in Romanian', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(request('/api/setup')).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it('rejects an answer that does not match the contract', async () => {
    mockApi({ 'GET /api/setup': { body: { needsSetup: 'poate' } } });
    await expect(
      request('/api/setup', { schema: z.object({ needsSetup: z.boolean() }) }),
    ).rejects.toMatchObject({
      code: 'invalid_response',
      message: INVALID_RESPONSE_MESSAGE,
    });
  });

  it('encodes path segments', () => {
    expect(segment('ana+test@clinica.ro')).toBe('ana%2Btest%40clinica.ro');
  });
});
