import JSZip from 'jszip';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { EfacturaSubmission } from '@odonto/domain/contracts/efactura';
import { describeEachDialect } from '../../../test/build-test-app';
import { startFakeAnaf, type FakeAnaf } from '../../../test/fake-anaf';
import { createUser } from '../../../test/factories';
import { call, loginAs } from '../../../test/http';
import { findSubmission } from './efactura-submissions';
import {
  auditActions,
  CIF,
  connect,
  invoiceXml,
  newWorker,
  queue,
  signInAdmin,
  submissionRow,
} from './efactura.test-support';

let fake: FakeAnaf;
beforeEach(async () => {
  fake = await startFakeAnaf();
});
afterEach(async () => {
  await fake.close();
});

describeEachDialect('e-Factura worker against the local ANAF', ({ useApp }) => {
  const t = useApp();

  const state = async (documentId: string) => (await findSubmission(t().db, documentId))?.state;

  it('uploads a queued invoice once, follows it to ok and stores the signed answer ZIP', async () => {
    const cookie = await connect(t(), fake);
    const queued = await queue(t(), 'inv-1', { b2c: true });
    expect(queued).toMatchObject({ state: 'queued', attempts: 0, uploadIndex: null, hasAnswer: false });

    const worker = newWorker(t());
    expect(await worker.runOnce()).toBe(1);
    expect(fake.uploads).toHaveLength(1);
    expect(fake.uploads[0]).toMatchObject({
      path: 'uploadb2c',
      standard: 'UBL',
      cif: CIF,
      xml: invoiceXml('inv-1'),
    });
    let row = await submissionRow(t(), 'inv-1');
    expect(row).toMatchObject({
      state: 'uploaded',
      upload_index: fake.uploads[0]?.index,
      attempts: 1,
      lease: null,
    });

    // Asked again only after the first poll delay.
    expect(await worker.runOnce()).toBe(0);
    t().clock.advanceMinutes(1);
    expect(await worker.runOnce()).toBe(1);
    row = await submissionRow(t(), 'inv-1');
    expect(row).toMatchObject({ state: 'ok', download_id: fake.uploads[0]?.downloadId, errors: null });

    const answer = await call(t().app, { url: '/api/efactura/submissions/inv-1/answer', cookie });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(answer.rawPayload);
    expect(Object.keys(zip.files).sort()).toEqual([
      `${fake.uploads[0]?.index}.xml`,
      `semnatura_${fake.uploads[0]?.index}.xml`,
    ]);
    const xml = await call(t().app, { url: '/api/efactura/submissions/inv-1/xml', cookie });
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-disposition']).toBe('attachment; filename="inv-1.xml"');
    expect(xml.body).toBe(invoiceXml('inv-1'));
    const shown = await call(t().app, { url: '/api/efactura/submissions/inv-1', cookie });
    expect(shown.json<EfacturaSubmission>()).toMatchObject({ state: 'ok', hasAnswer: true, errors: [] });

    t().clock.advanceMinutes(120);
    expect(await worker.runOnce()).toBe(0);
    expect(fake.uploads).toHaveLength(1);
  });

  it('sends a company invoice to /upload and a credit note as standard CN', async () => {
    await connect(t(), fake);
    await queue(t(), 'inv-b2b', { b2c: false });
    const creditNote = invoiceXml('cn-1').replace(/Invoice/g, 'CreditNote');
    await queue(t(), 'cn-1', { b2c: false, kind: 'credit-note', xml: creditNote });
    expect(await newWorker(t()).runOnce()).toBe(2);
    expect(fake.uploads.map((u) => [u.path, u.standard, u.xml.includes('<CreditNote')]).sort()).toEqual([
      ['upload', 'CN', true],
      ['upload', 'UBL', false],
    ]);
  });

  it("records ANAF's nok with its messages in Romanian, as ANAF gives them", async () => {
    await connect(t(), fake);
    const messages = [
      'E: validari globale  eroare: [BR-RO-030] Dacă Codul tipului facturii (BT-3) este 751, se va completa …',
      'Cod fiscal cumpărător invalid',
    ];
    fake.setOutcome({ outcome: 'nok', messages });
    await queue(t(), 'inv-nok');
    const worker = newWorker(t());
    await worker.runOnce();
    t().clock.advanceMinutes(1);
    await worker.runOnce();
    const submission = await findSubmission(t().db, 'inv-nok');
    expect(submission).toMatchObject({ state: 'nok', errors: messages, hasAnswer: true });
  });

  it('ends as nok when ANAF says "XML cu erori nepreluat de sistem"', async () => {
    await connect(t(), fake);
    fake.setOutcome({ outcome: 'rejected' });
    await queue(t(), 'inv-rej');
    const worker = newWorker(t());
    await worker.runOnce();
    t().clock.advanceMinutes(1);
    await worker.runOnce();
    expect(await findSubmission(t().db, 'inv-rej')).toMatchObject({
      state: 'nok',
      errors: ['XML cu erori nepreluat de sistem'],
      hasAnswer: false,
    });
  });

  it('marks an upload ANAF refuses as failed with its message, never retried on its own', async () => {
    await connect(t(), fake);
    fake.failNext('upload', 'refuse');
    await queue(t(), 'inv-bad');
    const worker = newWorker(t());
    await worker.runOnce();
    const submission = await findSubmission(t().db, 'inv-bad');
    expect(submission?.state).toBe('failed');
    expect(submission?.errors[0]).toContain('Fisierul transmis nu este valid');
    t().clock.advanceMinutes(600);
    expect(await worker.runOnce()).toBe(0);
    expect(fake.uploads).toHaveLength(0);
  });

  it('polls with back-off while ANAF answers "in prelucrare", through a time-out, until ok', async () => {
    await connect(t(), fake);
    fake.setOutcome({ outcome: 'ok', processing: 2 });
    await queue(t(), 'inv-slow');
    const worker = newWorker(t());
    await worker.runOnce();
    const polls: Array<[string | null, number]> = [];
    const record = async () => {
      const row = await submissionRow(t(), 'inv-slow');
      polls.push([row.next_attempt_at, row.polls]);
    };
    t().clock.advanceMinutes(1);
    await worker.runOnce(); // in prelucrare
    await record();
    t().clock.advanceMinutes(2);
    fake.failNext('stareMesaj', 'timeout');
    await worker.runOnce(); // no answer in time
    await record();
    expect((await submissionRow(t(), 'inv-slow')).last_error).toContain('ANAF nu a răspuns');
    t().clock.advanceMinutes(4);
    await worker.runOnce(); // in prelucrare
    await record();
    t().clock.advanceMinutes(8);
    await worker.runOnce(); // ok
    expect(polls).toEqual([
      ['2026-03-02T09:01:30.000Z', 1],
      ['2026-03-02T09:04:00.000Z', 2],
      ['2026-03-02T09:09:00.000Z', 3],
    ]);
    expect(await findSubmission(t().db, 'inv-slow')).toMatchObject({ state: 'ok', lastError: null });
    expect(fake.uploads).toHaveLength(1);
  });

  it('retries an upload after 500 and 429 with back-off, then sends it once', async () => {
    await connect(t(), fake);
    fake.failNext('upload', '500', '429');
    await queue(t(), 'inv-retry');
    const worker = newWorker(t());
    await worker.runOnce();
    let row = await submissionRow(t(), 'inv-retry');
    expect(row).toMatchObject({ state: 'queued', attempts: 1, next_attempt_at: '2026-03-02T09:01:00.000Z' });
    expect(row.last_error).toContain('HTTP 500');
    expect(await worker.runOnce()).toBe(0);
    t().clock.advanceMinutes(1);
    await worker.runOnce();
    row = await submissionRow(t(), 'inv-retry');
    expect(row).toMatchObject({ state: 'queued', attempts: 2, next_attempt_at: '2026-03-02T09:03:00.000Z' });
    expect(row.last_error).toContain('429');
    t().clock.advanceMinutes(2);
    await worker.runOnce();
    expect(await state('inv-retry')).toBe('uploaded');
    expect(fake.uploads).toHaveLength(1);
  });

  it('renews an expiring token before the upload, and once after a 401, under one lock for two workers', async () => {
    await connect(t(), fake);
    expect(fake.grants).toEqual(['authorization_code']);
    await queue(t(), 'inv-a');
    await queue(t(), 'inv-b');
    // 90 days later the access token is about to expire: two workers at once renew it once.
    t().clock.advanceMinutes(90 * 24 * 60 - 60);
    const [one, two] = [newWorker(t()), newWorker(t())];
    const handled = await Promise.all([one.runOnce(), two.runOnce()]);
    expect(handled[0] + handled[1]).toBe(2);
    expect(fake.grants).toEqual(['authorization_code', 'refresh_token']);
    expect(fake.uploads.map((u) => u.xml).sort()).toEqual([invoiceXml('inv-a'), invoiceXml('inv-b')]);

    // ANAF rejects the token before its time: one renewal, the call repeated once.
    fake.expireAccessTokens();
    t().clock.advanceMinutes(1);
    await one.runOnce();
    expect(fake.grants.filter((g) => g === 'refresh_token')).toHaveLength(2);
    expect(await state('inv-a')).toBe('ok');
    expect(await state('inv-b')).toBe('ok');
    expect(await auditActions(t(), 'efactura_token')).toEqual([
      'efactura_token_refresh',
      'efactura_token_refresh',
    ]);
    const status = await call(t().app, { url: '/api/efactura/status', cookie: await signInAdmin(t()) });
    expect(status.json()).toMatchObject({ connected: true, accessExpiresAt: '2026-08-29T08:01:00.000Z' });
  });

  it('puts an upload back in the queue when ANAF keeps refusing the renewed token', async () => {
    await connect(t(), fake);
    await queue(t(), 'inv-401');
    fake.failNext('upload', '401', '401');
    await newWorker(t()).runOnce();
    const row = await submissionRow(t(), 'inv-401');
    expect(row).toMatchObject({ state: 'queued', attempts: 1 });
    expect(row.last_error).toContain('ANAF a refuzat autorizarea');
    expect(fake.grants).toEqual(['authorization_code', 'refresh_token']);
  });

  it('waits, without trying, while the app is not authorised', async () => {
    await queue(t(), 'inv-wait');
    expect(await newWorker(t()).runOnce()).toBe(0);
    expect(await submissionRow(t(), 'inv-wait')).toMatchObject({
      state: 'queued',
      attempts: 0,
      next_attempt_at: '2026-03-02T09:15:00.000Z',
    });
    expect(fake.calls).toEqual([]);
  });

  it('two workers at once upload a document once', async () => {
    await connect(t(), fake);
    for (const id of ['d-1', 'd-2', 'd-3']) await queue(t(), id);
    const workers = [newWorker(t()), newWorker(t()), newWorker(t())];
    const handled = await Promise.all(workers.map((w) => w.runOnce()));
    expect(handled.reduce((a, b) => a + b, 0)).toBe(3);
    expect(fake.uploads.map((u) => u.xml).sort()).toEqual(['d-1', 'd-2', 'd-3'].map(invoiceXml));
    t().clock.advanceMinutes(1);
    await Promise.all(workers.map((w) => w.runOnce()));
    for (const id of ['d-1', 'd-2', 'd-3']) expect(await state(id)).toBe('ok');
    expect(fake.uploads).toHaveLength(3);
  });

  it('a crash after the upload was recorded: the next worker follows it, no second upload', async () => {
    await connect(t(), fake);
    await queue(t(), 'inv-c1');
    const crashing = newWorker(t());
    await crashing.runOnce();
    expect(await state('inv-c1')).toBe('uploaded');
    // The process dies here; a new one starts.
    t().clock.advanceMinutes(11);
    await newWorker(t()).runOnce();
    expect(await state('inv-c1')).toBe('ok');
    expect(fake.uploads).toHaveLength(1);
  });

  it('a crash between the upload and its record: never uploaded again, found in the message list', async () => {
    await connect(t(), fake);
    await queue(t(), 'inv-c2');
    const crashing = newWorker(t(), {
      onStep: async (step) => {
        if (step === 'answered') throw new Error('process killed');
      },
    });
    await expect(crashing.runOnce()).rejects.toThrow('process killed');
    expect(fake.uploads).toHaveLength(1);
    expect(await submissionRow(t(), 'inv-c2')).toMatchObject({ state: 'uploading', upload_index: null });

    // Within the lease, a new worker leaves it alone.
    const next = newWorker(t());
    expect(await next.runOnce()).toBe(0);
    // After the lease it is marked to check (never re-sent), and found in ANAF's messages by its XML.
    t().clock.advanceMinutes(11);
    await newWorker(t()).runOnce();
    const row = await submissionRow(t(), 'inv-c2');
    expect(row).toMatchObject({ state: 'uploaded', upload_index: fake.uploads[0]?.index });
    await newWorker(t()).runOnce();
    expect(await state('inv-c2')).toBe('ok');
    expect(fake.uploads).toHaveLength(1);
    expect(fake.calls.filter((c) => c.endsWith('/listaMesajeFactura'))).toHaveLength(1);
  });

  it("another firm's interrupted upload is looked for in that CIF's own message list", async () => {
    await connect(t(), fake, { otherCifs: ['18547290'] });
    await queue(t(), 'inv-o1', { cif: 'RO18547290' });
    const crashing = newWorker(t(), {
      onStep: async (step) => {
        if (step === 'answered') throw new Error('process killed');
      },
    });
    await expect(crashing.runOnce()).rejects.toThrow('process killed');
    expect(fake.uploads.map((upload) => upload.cif)).toEqual(['18547290']);
    t().clock.advanceMinutes(11);
    await newWorker(t()).runOnce();
    expect(await submissionRow(t(), 'inv-o1')).toMatchObject({
      state: 'uploaded',
      upload_index: fake.uploads[0]?.index,
    });
    // Only the CIF with a submission waiting was asked for: the clinic's has none.
    expect(fake.calls.filter((c) => c.endsWith('/listaMesajeFactura'))).toHaveLength(1);
    expect(fake.uploads).toHaveLength(1);
  });

  it('a crash after the claim, before the POST: to check, then sent by the admin after looking in SPV', async () => {
    const cookie = await connect(t(), fake);
    await queue(t(), 'inv-c3');
    const crashing = newWorker(t(), {
      onStep: async (step) => {
        if (step === 'claimed') throw new Error('process killed');
      },
    });
    await expect(crashing.runOnce()).rejects.toThrow('process killed');
    t().clock.advanceMinutes(11);
    const worker = newWorker(t());
    await worker.runOnce();
    t().clock.advanceMinutes(60);
    await worker.runOnce();
    const checked = await findSubmission(t().db, 'inv-c3');
    expect(checked).toMatchObject({ state: 'check', uploadIndex: null });
    expect(checked?.lastError).toContain('SPV');
    expect(fake.uploads).toHaveLength(0);

    const resolve = (body: unknown) =>
      call(t().app, { method: 'POST', url: '/api/efactura/submissions/inv-c3/resolve', cookie, body });
    expect((await resolve({ action: 'requeue', version: 0 })).statusCode).toBe(409);
    const requeued = await resolve({ action: 'requeue', version: checked?.version });
    expect(requeued.statusCode, requeued.body).toBe(200);
    expect(requeued.json()).toMatchObject({ state: 'queued', attempts: 0 });
    await worker.runOnce();
    expect(fake.uploads).toHaveLength(1);
    expect(await auditActions(t(), 'efactura_submission')).toEqual(['efactura_submission_resolve']);
  });

  it('an upload time-out, then success: found in the message list, never uploaded twice', async () => {
    await connect(t(), fake);
    fake.failNext('upload', 'timeout');
    await queue(t(), 'inv-to');
    const worker = newWorker(t());
    await worker.runOnce();
    // The same pass marked it to check and found it among ANAF's sent invoices.
    expect(await submissionRow(t(), 'inv-to')).toMatchObject({
      state: 'uploaded',
      upload_index: fake.uploads[0]?.index,
    });
    await worker.runOnce();
    expect(await findSubmission(t().db, 'inv-to')).toMatchObject({ state: 'ok', hasAnswer: true });
    expect(fake.uploads).toHaveLength(1);
  });

  it('an upload ANAF never answered is not sent again; the admin gives the index found in SPV', async () => {
    await connect(t(), fake);
    // A nok upload cannot be matched from the message list (its answer holds only the errors).
    fake.setOutcome({ outcome: 'nok', messages: ['Eroare de test'] });
    fake.failNext('upload', 'timeout');
    await queue(t(), 'inv-t');
    const worker = newWorker(t());
    await worker.runOnce();
    expect(fake.uploads).toHaveLength(1);
    const checked = await findSubmission(t().db, 'inv-t');
    expect(checked?.state).toBe('check');
    expect(checked?.lastError).toContain('ANAF nu a răspuns la trimitere');
    t().clock.advanceMinutes(120);
    await worker.runOnce();
    expect(fake.uploads).toHaveLength(1);

    const cookie = await signInAdmin(t());
    const resolve = (body: unknown) =>
      call(t().app, { method: 'POST', url: '/api/efactura/submissions/inv-t/resolve', cookie, body });
    const bad = await resolve({ action: 'uploaded', uploadIndex: 'abc', version: checked?.version });
    expect(bad.statusCode).toBe(400);
    const given = await resolve({
      action: 'uploaded',
      uploadIndex: fake.uploads[0]?.index,
      version: checked?.version,
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ state: 'uploaded', uploadIndex: fake.uploads[0]?.index });
    await worker.runOnce();
    expect(await findSubmission(t().db, 'inv-t')).toMatchObject({ state: 'nok', errors: ['Eroare de test'] });
    expect(fake.uploads).toHaveLength(1);
  });

  it('queues a document once and answers 404 for one never queued', async () => {
    const cookie = await connect(t(), fake);
    await queue(t(), 'inv-once');
    await expect(queue(t(), 'inv-once')).rejects.toMatchObject({ statusCode: 409 });
    for (const url of ['/api/efactura/submissions/nu-exista', '/api/efactura/submissions/nu-exista/xml']) {
      const missing = await call(t().app, { url, cookie });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({
        error: { message: 'Documentul nu a fost trimis spre e-Factura.' },
      });
    }
    const noAnswer = await call(t().app, { url: '/api/efactura/submissions/inv-once/answer', cookie });
    expect(noAnswer.statusCode).toBe(404);
    const assistant = await createUser(t().db, { roles: ['asistent'] });
    const assistantCookie = await loginAs(t().app, assistant.email, assistant.password);
    for (const url of ['', '/xml', '/answer']) {
      const refused = await call(t().app, {
        url: `/api/efactura/submissions/inv-once${url}`,
        cookie: assistantCookie,
      });
      expect(refused.statusCode).toBe(403);
    }
    const refusedResolve = await call(t().app, {
      method: 'POST',
      url: '/api/efactura/submissions/inv-once/resolve',
      cookie: assistantCookie,
      body: { action: 'requeue', version: 1 },
    });
    expect(refusedResolve.statusCode).toBe(403);
    const notResolvable = await call(t().app, {
      method: 'POST',
      url: '/api/efactura/submissions/inv-once/resolve',
      cookie,
      body: { action: 'requeue', version: 1 },
    });
    expect(notResolvable.statusCode).toBe(409);
  });
});
