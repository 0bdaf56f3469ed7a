import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { DocumentsByKind, PatientDocument, UpdateDocObj } from '@odonto/domain/contracts/documents';
import type { TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, loginAs } from '../../../test/http';
import { insertPatientRow } from '../../../test/stored-files';
import { postForm, type FormValue } from '../../../test/upload';

/** Test helpers of the documents API suites (not a test file itself). */

export const TODAY = '2026-03-02';

/** A small valid PDF (one empty page). */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** The start of a Windows program ('MZ' and the DOS stub), as a renamed .exe carries it. */
export const EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00', 'latin1'),
  Buffer.alloc(200, 0x41),
]);

/** A grey X-ray-like picture. */
export async function xray(width = 300, height = 150): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 90, g: 90, b: 90 } } })
    .png()
    .toBuffer();
}

export async function signIn(t: TestApp, role: 'admin' | 'medic' | 'asistent' | 'sterilizare' = 'medic') {
  const user = await createUser(t.db, { roles: [role] });
  return loginAs(t.app, user.email, user.password);
}

export async function staffWithPatient(t: TestApp): Promise<{ cookie: string; patientId: string }> {
  return { cookie: await signIn(t), patientId: await insertPatientRow(t.db) };
}

export function docObj(extra: Partial<UpdateDocObj> = {}): UpdateDocObj {
  return { kind: 'document', label: 'Consimțământ', date: TODAY, ...extra };
}

export function updateDoc(
  t: TestApp,
  cookie: string | null,
  patientId: string,
  obj: unknown,
  file?: { fileName: string; data: Uint8Array; type?: string },
): Promise<LightMyRequestResponse> {
  const parts: Record<string, FormValue> = { obj: typeof obj === 'string' ? obj : JSON.stringify(obj) };
  if (file) parts['file'] = file;
  return postForm(t.app, `/api/update-doc/${patientId}`, parts, cookie);
}

/** Adds a document and answers it (the newest of its kind). */
export async function addDoc(
  t: TestApp,
  cookie: string,
  patientId: string,
  obj: UpdateDocObj,
  file?: { fileName: string; data: Uint8Array; type?: string },
): Promise<PatientDocument> {
  const response = await updateDoc(t, cookie, patientId, obj, file);
  if (response.statusCode !== 201) throw new Error(`add failed ${response.statusCode} ${response.body}`);
  const list = response.json<DocumentsByKind>();
  const added = list[obj.kind ?? 'document'].find((doc) => doc.label === obj.label);
  if (!added) throw new Error('added document missing from the answer');
  return added;
}

export function listDocs(t: TestApp, cookie: string | null, patientId: string) {
  return call(t.app, { url: `/api/documents/${patientId}`, cookie });
}

export async function documentAuditRows(t: TestApp) {
  return t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', 'like', 'document_%')
    .orderBy('id')
    .execute();
}
