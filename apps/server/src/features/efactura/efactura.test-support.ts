import { expect } from 'vitest';
import type { EfacturaSubmission } from '@odonto/domain/contracts/efactura';
import type { TestApp } from '../../../test/build-test-app';
import type { FakeAnaf } from '../../../test/fake-anaf';
import { createUser } from '../../../test/factories';
import { call, loginAs } from '../../../test/http';
import { efacturaContext } from './efactura-context';
import { queueSubmission } from './efactura-submissions';
import { createEfacturaWorker, type EfacturaWorkerDeps } from './efactura-worker';

export const CIF = '14399840';
export const REDIRECT_URI = 'http://odonto.test/api/efactura/callback';

export async function signInAdmin(t: TestApp): Promise<string> {
  const user = await createUser(t.db, { roles: ['admin'] });
  return loginAs(t.app, user.email, user.password);
}

export function settingsBody(fake: FakeAnaf, overrides: Record<string, unknown> = {}) {
  return {
    environment: 'prod',
    apiUrl: fake.apiUrl,
    oauthUrl: fake.oauthUrl,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    redirectUri: REDIRECT_URI,
    cif: `RO${CIF}`,
    version: 0,
    ...overrides,
  };
}

/** Follows the admin's authorisation as a browser would: ours → ANAF's consent → our callback. */
export async function authorise(t: TestApp, cookie: string): Promise<string> {
  const start = await call(t.app, { url: '/api/efactura/authorize', cookie });
  expect(start.statusCode, start.body).toBe(302);
  const consent = await fetch(String(start.headers.location), { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location') ?? '');
  const callback = await call(t.app, { url: `${back.pathname}${back.search}` });
  expect(callback.statusCode, callback.body).toBe(302);
  return String(callback.headers.location);
}

/** An admin saves the settings for the fake ANAF and authorises; answers the admin's cookie. */
export async function connect(
  t: TestApp,
  fake: FakeAnaf,
  settings: Record<string, unknown> = {},
): Promise<string> {
  const cookie = await signInAdmin(t);
  const saved = await call(t.app, {
    method: 'PUT',
    url: '/api/efactura/settings',
    cookie,
    body: settingsBody(fake, settings),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(await authorise(t, cookie)).toBe('/setari?efactura=conectat');
  return cookie;
}

export function invoiceXml(number: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" ' +
      'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">',
    `  <cbc:ID>${number}</cbc:ID>`,
    '  <cbc:IssueDate>2026-03-02</cbc:IssueDate>',
    '</Invoice>',
  ].join('\n');
}

/** Queues a document as the invoices feature will, in a transaction. */
export async function queue(
  t: TestApp,
  documentId: string,
  options: { b2c?: boolean; kind?: 'invoice' | 'credit-note'; xml?: string; cif?: string } = {},
): Promise<EfacturaSubmission> {
  return t.db.transaction().execute((trx) =>
    queueSubmission(trx, {
      documentId,
      kind: options.kind ?? 'invoice',
      b2c: options.b2c ?? true,
      xml: options.xml ?? invoiceXml(documentId),
      cif: options.cif ?? `RO${CIF}`,
      at: t.clock.now(),
    }),
  );
}

/** A worker of its own (as a second process would have), with short ANAF time-outs. */
export function newWorker(t: TestApp, overrides: Partial<Omit<EfacturaWorkerDeps, 'ctx'>> = {}) {
  return createEfacturaWorker({
    ctx: efacturaContext(t.app, { httpTimeoutMs: 400 }),
    intervalMs: 60_000,
    ...overrides,
  });
}

export async function submissionRow(t: TestApp, documentId: string) {
  return t.db
    .selectFrom('efactura_submissions')
    .selectAll()
    .where('document_id', '=', documentId)
    .executeTakeFirstOrThrow();
}

export async function auditActions(t: TestApp, prefix = 'efactura_'): Promise<string[]> {
  const rows = await t.db
    .selectFrom('audit_log')
    .select('action')
    .where('action', 'like', `${prefix}%`)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}
