import { expect, it } from 'vitest';
import type { Patient, PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import { SIGNATURE_MESSAGES, type SignatureRecord } from '@odonto/domain/contracts/signatures';
import type { SignatureAnswer } from '@odonto/domain/contracts/signatures-answer';
import { DEFAULT_CONSENT_TEXT } from '@odonto/domain/signatures';
import { describeEachDialect } from '../../../test/build-test-app';
import { call, errorOf } from '../../../test/http';
import { insertPatientRow } from '../../../test/stored-files';
import { postForm } from '../../../test/upload';
import {
  auditActions,
  dataUrl,
  drawnSignature,
  patientWithEntry,
  postSignature,
  signaturePngBytes,
  signIn,
} from './signatures.test-support';

describeEachDialect('signatures: POST /api/signature', ({ useApp }) => {
  const t = useApp();

  it('signs an entry: 201, the entry answers its signature, which stops matching once the entry changes', async () => {
    const cookie = await signIn(t());
    const { patientId, entryId } = await patientWithEntry(t());
    const response = await postSignature(t(), cookie, {
      kind: 'entry',
      patientId,
      entryId,
      version: 1,
      image: await drawnSignature(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json<SignatureAnswer>();
    expect(answer.signature).toMatchObject({
      kind: 'entry',
      patientId,
      entryId,
      via: 'direct',
      matches: true,
      changed: [],
      signedAt: '2026-03-02T09:00:00.000Z',
      snapshot: {
        kind: 'entry',
        entryId,
        fields: { denumire: 'coroană metalo-ceramică', detalii: 'culoare A2' },
      },
    });
    expect(answer.signature.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(answer.entry).toMatchObject({ id: entryId, version: 1, signature: answer.signature.image });
    expect(answer.entry?.signed).toEqual(answer.signature);

    // The image: signed-in staff only, as a PNG.
    const image = await call(t().app, {
      url: `/history-imgs/${patientId}/${answer.signature.image}`,
      cookie,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const signedOut = await call(t().app, { url: `/history-imgs/${patientId}/${answer.signature.image}` });
    expect(signedOut.statusCode).toBe(401);

    // get-pacient carries it; update-history answers the entry with it, no longer matching.
    const patient = (await call(t().app, { url: `/api/get-pacient/${patientId}`, cookie })).json<Patient>();
    expect(patient.history[0]?.signed?.matches).toBe(true);
    const { updated_at: _u, ...obj } = patient.history[0] as PatientHistoryEntry;
    const updated = await postForm(
      t().app,
      `/api/update-history/${patientId}`,
      { obj: JSON.stringify({ ...obj, createdAt: '2026-03-02', detalii: 'culoare A3' }) },
      cookie,
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<PatientHistoryEntry>()).toMatchObject({
      signature: answer.signature.image,
      signed: { id: answer.signature.id, matches: false, changed: ['detalii'] },
    });

    const list = await call(t().app, { url: `/api/signatures/${patientId}`, cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json<SignatureRecord[]>()).toMatchObject([{ id: answer.signature.id, matches: false }]);
    expect((await auditActions(t())).filter((row) => row.action === 'signature_activate')).toHaveLength(1);
  });

  it('signs a consent: 201 with the default text, listed newest first with an older entry signature', async () => {
    const cookie = await signIn(t(), 'asistent');
    const { patientId, entryId } = await patientWithEntry(t());
    const image = await drawnSignature();
    expect((await postSignature(t(), cookie, { kind: 'entry', patientId, entryId, image })).statusCode).toBe(
      201,
    );
    t().clock.advanceMinutes(5);
    const response = await postSignature(t(), cookie, { kind: 'consent', patientId, image });
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json<SignatureAnswer>();
    expect(answer.entry).toBeNull();
    expect(answer.signature).toMatchObject({
      kind: 'consent',
      entryId: null,
      matches: true,
      snapshot: { kind: 'consent', patientId, text: DEFAULT_CONSENT_TEXT },
    });
    const list = (await call(t().app, { url: `/api/signatures/${patientId}`, cookie })).json<
      SignatureRecord[]
    >();
    expect(list.map((record) => record.kind)).toEqual(['consent', 'entry']);
  });

  it('refuses bad images: 400 not a data URL or nothing drawn, 413 too large, 415 not a PNG, 422 damaged', async () => {
    const cookie = await signIn(t());
    const { patientId } = await patientWithEntry(t());
    const send = (image: string) => postSignature(t(), cookie, { kind: 'consent', patientId, image });
    const cases: [string, number, string][] = [
      ['data:image/jpeg;base64,AAAA', 400, SIGNATURE_MESSAGES.imageInvalid],
      [dataUrl(await signaturePngBytes(false)), 400, SIGNATURE_MESSAGES.imageEmpty],
      [
        dataUrl(Buffer.concat([await signaturePngBytes(), Buffer.alloc(1024 * 1024)])),
        413,
        SIGNATURE_MESSAGES.imageTooLarge,
      ],
      [dataUrl(Buffer.from('GIF89a not a png at all')), 415, SIGNATURE_MESSAGES.imageInvalid],
      [
        dataUrl(Buffer.concat([(await signaturePngBytes()).subarray(0, 40)])),
        422,
        SIGNATURE_MESSAGES.imageInvalid,
      ],
    ];
    for (const [image, status, message] of cases) {
      const response = await send(image);
      expect(response.statusCode, `${status} ${response.body}`).toBe(status);
      const error = errorOf(response);
      expect(status === 400 && error.fields ? error.fields['image'] : error.message).toBe(message);
    }
    const missing = await postSignature(t(), cookie, { kind: 'consent', patientId });
    expect(missing.statusCode).toBe(400);
    const unknownKind = await postSignature(t(), cookie, {
      kind: 'other',
      patientId,
      image: await drawnSignature(),
    });
    expect(unknownKind.statusCode).toBe(400);
    expect(await t().db.selectFrom('signatures').selectAll().execute()).toEqual([]);
  });

  it('answers 401 signed out, 403 to sterilizare and without the CSRF header, 404 unknown patient or entry, 409 stale version', async () => {
    const { patientId, entryId } = await patientWithEntry(t());
    const image = await drawnSignature();
    const body = { kind: 'entry', patientId, entryId, image };
    expect((await postSignature(t(), null, body)).statusCode).toBe(401);
    expect((await postSignature(t(), await signIn(t(), 'sterilizare'), body)).statusCode).toBe(403);
    const cookie = await signIn(t());
    const noCsrf = await call(t().app, {
      method: 'POST',
      url: '/api/signature',
      cookie,
      body,
      withoutCsrfHeader: true,
    });
    expect(noCsrf.statusCode).toBe(403);
    const deleted = await insertPatientRow(t().db, { deletedAt: '2026-03-01T00:00:00.000Z' });
    for (const [payload, message] of [
      [{ ...body, patientId: 'nobody' }, SIGNATURE_MESSAGES.patientNotFound],
      [{ ...body, patientId: deleted }, SIGNATURE_MESSAGES.patientNotFound],
      [{ ...body, entryId: 123 }, SIGNATURE_MESSAGES.entryNotFound],
      [{ kind: 'request', requestId: 'nope', image }, SIGNATURE_MESSAGES.requestNotFound],
    ] as const) {
      const response = await postSignature(t(), cookie, payload);
      expect(response.statusCode, response.body).toBe(404);
      expect(errorOf(response).message).toBe(message);
    }
    const stale = await postSignature(t(), cookie, { ...body, version: 2 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe(SIGNATURE_MESSAGES.entryChanged);
    // Nothing was stored by the refused calls.
    expect(await t().db.selectFrom('files').selectAll().execute()).toEqual([]);
  });

  it('GET /api/signatures/{patientId}: 401, 403 to sterilizare, 404 unknown patient, [] when none', async () => {
    const { patientId } = await patientWithEntry(t());
    expect((await call(t().app, { url: `/api/signatures/${patientId}` })).statusCode).toBe(401);
    const sterilizare = await signIn(t(), 'sterilizare');
    expect(
      (await call(t().app, { url: `/api/signatures/${patientId}`, cookie: sterilizare })).statusCode,
    ).toBe(403);
    const cookie = await signIn(t());
    expect((await call(t().app, { url: '/api/signatures/nobody', cookie })).statusCode).toBe(404);
    expect((await call(t().app, { url: `/api/signatures/${patientId}`, cookie })).json()).toEqual([]);
  });
});
