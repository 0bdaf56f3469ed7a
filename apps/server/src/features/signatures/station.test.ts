import { expect, it, vi } from 'vitest';
import {
  SIGNATURE_MESSAGES,
  type SignatureRequestState,
  type StationEvent,
} from '@odonto/domain/contracts/signatures';
import { describeEachDialect } from '../../../test/build-test-app';
import { call, errorOf } from '../../../test/http';
import {
  drawnSignature,
  eventReader,
  listeningPort,
  openStream,
  patientWithEntry,
  postSignature,
  signIn,
} from './signatures.test-support';

describeEachDialect('signatures: signature station', ({ useApp }) => {
  const t = useApp();

  it('staff send a request, the station sees only it, the patient signs there, staff see it signed', async () => {
    const staff = await signIn(t());
    const station = await signIn(t(), 'asistent');
    const { patientId, entryId } = await patientWithEntry(t());
    const created = await call(t().app, {
      method: 'POST',
      url: '/api/signature-requests',
      cookie: staff,
      body: { kind: 'entry', patientId, entryId, version: 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json<SignatureRequestState>();
    expect(request).toMatchObject({ status: 'pending', kind: 'entry', entryId, signature: null });

    const pending = await call(t().app, { url: '/api/signature-station/pending', cookie: station });
    expect(pending.json<StationEvent>()).toEqual({
      request: {
        id: request.id,
        patientName: 'Popescu Ana',
        content: expect.objectContaining({ kind: 'entry', entryId }),
        expiresAt: '2026-03-02T09:15:00.000Z',
      },
    });

    const signed = await postSignature(t(), station, {
      kind: 'request',
      requestId: request.id,
      image: await drawnSignature(),
    });
    expect(signed.statusCode, signed.body).toBe(201);
    const state = await call(t().app, { url: `/api/signature-requests/${request.id}`, cookie: staff });
    expect(state.json<SignatureRequestState>()).toMatchObject({
      status: 'signed',
      signature: { via: 'station', matches: true, entryId },
    });
    expect((await call(t().app, { url: '/api/signature-station/pending', cookie: station })).json()).toEqual({
      request: null,
    });
    // Signed once: signing or cancelling again is a conflict.
    const again = await postSignature(t(), station, {
      kind: 'request',
      requestId: request.id,
      image: await drawnSignature(),
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(SIGNATURE_MESSAGES.requestClosed);
    const cancel = await call(t().app, {
      method: 'POST',
      url: `/api/signature-requests/${request.id}/cancel`,
      cookie: staff,
    });
    expect(cancel.statusCode).toBe(409);
  });

  it('a new request replaces the pending one; cancelled and expired requests cannot be signed', async () => {
    const staff = await signIn(t());
    const { patientId } = await patientWithEntry(t());
    const send = async () =>
      (
        await call(t().app, {
          method: 'POST',
          url: '/api/signature-requests',
          cookie: staff,
          body: { kind: 'consent', patientId },
        })
      ).json<SignatureRequestState>();
    const first = await send();
    const second = await send();
    const firstState = await call(t().app, { url: `/api/signature-requests/${first.id}`, cookie: staff });
    expect(firstState.json<SignatureRequestState>().status).toBe('cancelled');
    const cancelled = await call(t().app, {
      method: 'POST',
      url: `/api/signature-requests/${second.id}/cancel`,
      cookie: staff,
    });
    expect(cancelled.json<SignatureRequestState>().status).toBe('cancelled');
    const image = await drawnSignature();
    expect(
      (await postSignature(t(), staff, { kind: 'request', requestId: second.id, image })).statusCode,
    ).toBe(409);

    const third = await send();
    t().clock.advanceMinutes(16);
    const expired = await call(t().app, { url: `/api/signature-requests/${third.id}`, cookie: staff });
    expect(expired.json<SignatureRequestState>().status).toBe('expired');
    expect(
      (await postSignature(t(), staff, { kind: 'request', requestId: third.id, image })).statusCode,
    ).toBe(409);
    const actions = await t().db.selectFrom('audit_log').select('action').orderBy('id').execute();
    expect(actions.map((row) => row.action).filter((action) => action.startsWith('signature'))).toEqual([
      'signature_request',
      'signature_request',
      'signature_request_cancel',
      'signature_request',
    ]);
  });

  it('answers 400 bad body, 401, 403 to sterilizare, 404 unknown patient, entry or request, 409 stale entry', async () => {
    const { patientId, entryId } = await patientWithEntry(t());
    const url = '/api/signature-requests';
    const body = { kind: 'entry', patientId, entryId };
    expect((await call(t().app, { method: 'POST', url, body })).statusCode).toBe(401);
    const sterilizare = await signIn(t(), 'sterilizare');
    expect((await call(t().app, { method: 'POST', url, body, cookie: sterilizare })).statusCode).toBe(403);
    expect(
      (await call(t().app, { url: '/api/signature-station/events', cookie: sterilizare })).statusCode,
    ).toBe(403);
    expect((await call(t().app, { url: '/api/signature-station/events' })).statusCode).toBe(401);
    const cookie = await signIn(t());
    const send = (payload: unknown) => call(t().app, { method: 'POST', url, body: payload, cookie });
    expect((await send({ kind: 'entry', patientId })).statusCode).toBe(400);
    expect((await send({ ...body, patientId: 'nobody' })).statusCode).toBe(404);
    expect((await send({ ...body, entryId: 5 })).statusCode).toBe(404);
    expect((await send({ ...body, version: 3 })).statusCode).toBe(409);
    expect((await call(t().app, { url: `${url}/nope`, cookie })).statusCode).toBe(404);
    expect((await call(t().app, { method: 'POST', url: `${url}/nope/cancel`, cookie })).statusCode).toBe(404);
  });

  it('streams the pending request to a station at once over server-sent events (real server)', async () => {
    const staff = await signIn(t());
    const station = await signIn(t(), 'asistent');
    const { patientId, entryId } = await patientWithEntry(t());
    const port = await listeningPort(t());

    const response = await openStream(port, station);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const events = eventReader(response);
    expect(await events.nth(1)).toEqual({ request: null });

    const created = await call(t().app, {
      method: 'POST',
      url: '/api/signature-requests',
      cookie: staff,
      body: { kind: 'entry', patientId, entryId },
    });
    const request = created.json<SignatureRequestState>();
    expect(await events.nth(2)).toMatchObject({
      request: { id: request.id, patientName: 'Popescu Ana', content: { kind: 'entry', entryId } },
    });

    const image = await drawnSignature();
    expect(
      (await postSignature(t(), station, { kind: 'request', requestId: request.id, image })).statusCode,
    ).toBe(201);
    expect(await events.nth(3)).toEqual({ request: null });
    response.destroy();
    // A stream still open when the server closes is ended by app.close() (afterEach), not waited for.
    const open = await openStream(port, station);
    expect(await eventReader(open).nth(1)).toEqual({ request: null });
  });
});

describeEachDialect('signatures: station stream heartbeat', ({ useApp }) => {
  const t = useApp({ env: { STATION_HEARTBEAT_SECONDS: '0.1' } });

  it('keeps the stream open with heartbeats and closes it once the station signs out', async () => {
    const station = await signIn(t(), 'asistent');
    const port = await listeningPort(t());
    const response = await openStream(port, station);
    let text = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      text += chunk;
    });
    const ended = new Promise<void>((resolve) => response.on('end', resolve));
    await vi.waitFor(() => expect(text).toContain(': ping'), { timeout: 5_000 });

    const logout = await call(t().app, { method: 'DELETE', url: '/api/logout', cookie: station });
    expect(logout.statusCode).toBeLessThan(300);
    await ended;
  });
});
