import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiError, mockApi } from '../test/mock-api';
import {
  ApiError,
  EARLY_ANSWER_MS,
  INVALID_RESPONSE_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  request,
  requestEarly,
  segment,
} from './http';

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

  describe('answers asked for early (a route loader, issue 20)', () => {
    it('gives the early answer to the next request for the same path, which does not ask again', async () => {
      const { calls } = mockApi({ 'GET /api/pacienti': { body: { total: 1 } } });
      requestEarly('/api/pacienti?page=1');
      expect(calls).toHaveLength(1);
      expect(calls[0]?.headers['X-Requested-With']).toBe('odonto');
      await expect(request('/api/pacienti?page=1')).resolves.toEqual({ total: 1 });
      expect(calls).toHaveLength(1);
      // Taken once: the next request asks the server.
      await request('/api/pacienti?page=1');
      expect(calls).toHaveLength(2);
    });

    it('asks again when the early answer is stale, for another path, or after a write', async () => {
      const { calls } = mockApi({
        'GET /api/pacienti': { body: { total: 1 } },
        'POST /api/restore-pacient/p1': { body: {} },
      });
      requestEarly('/api/pacienti?page=1');
      await request('/api/pacienti?page=2');
      expect(calls.map((call) => call.url)).toEqual(['/api/pacienti?page=1', '/api/pacienti?page=2']);

      await request('/api/restore-pacient/p1', { method: 'POST', body: {} });
      await request('/api/pacienti?page=1');
      expect(calls).toHaveLength(4);

      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        requestEarly('/api/pacienti?page=1');
        vi.setSystemTime(Date.now() + EARLY_ANSWER_MS);
        await request('/api/pacienti?page=1');
        expect(calls).toHaveLength(6);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  it('encodes path segments', () => {
    expect(segment('ana+test@clinica.ro')).toBe('ana%2Btest%40clinica.ro');
  });

  describe('Idempotency-Key', () => {
    const body = { nume: 'Popescu' };

    it('sends one key for a submission sent twice before its answer (a double-click)', async () => {
      const { calls } = mockApi({ 'POST /api/save-pacient': { status: 201, body: {} } });
      await Promise.all([
        request('/api/save-pacient', { method: 'POST', body }),
        request('/api/save-pacient', { method: 'POST', body }),
      ]);
      const [first, second] = calls.map((call) => call.headers['Idempotency-Key']);
      expect(first).toMatch(/^[0-9a-f]{32}$/);
      expect(second).toBe(first);
    });

    it('keeps the key for a retry after a lost answer, and takes a new one after an answer', async () => {
      const keys: (string | undefined)[] = [];
      const fetchMock = vi.fn((_path: string, init: RequestInit) => {
        keys.push((init.headers as Record<string, string>)['Idempotency-Key']);
        if (keys.length === 1) return Promise.reject(new TypeError('Failed to fetch'));
        return Promise.resolve(new Response('{}', { status: 201 }));
      });
      vi.stubGlobal('fetch', fetchMock);
      await expect(request('/api/save-pacient', { method: 'POST', body })).rejects.toMatchObject({
        status: 0,
      });
      await request('/api/save-pacient', { method: 'POST', body });
      await request('/api/save-pacient', { method: 'POST', body });
      expect(keys[1]).toBe(keys[0]);
      expect(keys[2]).not.toBe(keys[1]);
    });

    it('gives another body or call its own key, and none to a GET', async () => {
      const { calls } = mockApi({
        'POST /api/save-pacient': { status: 201, body: {} },
        'GET /api/setup': { body: { needsSetup: false } },
      });
      const edited = { nume: 'Ionescu' };
      await Promise.all([
        request('/api/save-pacient', { method: 'POST', body }),
        request('/api/save-pacient', { method: 'POST', body: edited }),
        request('/api/setup'),
      ]);
      expect(calls[0]?.headers['Idempotency-Key']).not.toBe(calls[1]?.headers['Idempotency-Key']);
      expect(calls[2]?.headers['Idempotency-Key']).toBeUndefined();
    });

    it('recognises the same form with the same file as one submission', async () => {
      const { calls } = mockApi({ 'POST /api/update-doc/p1': { status: 201, body: {} } });
      const file = new File(['%PDF'], 'acord.pdf', { type: 'application/pdf', lastModified: 1 });
      const form = () => {
        const data = new FormData();
        data.append('obj', '{"label":"Acord"}');
        data.append('file', file);
        return data;
      };
      await Promise.all([
        request('/api/update-doc/p1', { method: 'POST', body: form() }),
        request('/api/update-doc/p1', { method: 'POST', body: form() }),
      ]);
      expect(calls[0]?.headers['Idempotency-Key']).toBeDefined();
      expect(calls[1]?.headers['Idempotency-Key']).toBe(calls[0]?.headers['Idempotency-Key']);
    });
  });
});
