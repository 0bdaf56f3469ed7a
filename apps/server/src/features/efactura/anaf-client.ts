import type * as Xmlbuilder2 from 'xmlbuilder2';
import type { XmlElement } from './xml-element';
import { anafStateOf, type AnafState } from '@odonto/domain/efactura-sending';
import { onFirstUse } from '../../load-on-first-use';
import { request } from './anaf-http';

const xmlbuilder2 = onFirstUse<typeof Xmlbuilder2>('xmlbuilder2');

/**
 * ANAF's e-Factura REST calls (upload, stareMesaj, descarcare, listaMesajeFactura) and its OAuth token
 * endpoint, as plain outcomes the worker decides on. The one distinction that matters for exactly-once
 * sending: a failed upload either proves ANAF kept nothing (`retry`: no connection, 429, 5xx, 401) or
 * leaves it unknown (`unknown`: the request went out and no answer came back).
 */

export interface AnafApi {
  /** The REST base, e.g. https://api.anaf.ro/prod/FCTEL/rest. */
  apiUrl: string;
  accessToken: string;
  timeoutMs: number;
}

export type UploadOutcome =
  | { kind: 'accepted'; uploadIndex: string }
  | { kind: 'refused'; errors: string[] }
  | { kind: 'unauthorized' }
  | { kind: 'retry'; reason: string }
  | { kind: 'unknown'; reason: string };

export type StateOutcome =
  | { kind: 'state'; state: AnafState; stare: string; downloadId: string | null; errors: string[] }
  | { kind: 'errors'; errors: string[] }
  | { kind: 'unauthorized' }
  | { kind: 'retry'; reason: string };

export type DownloadOutcome =
  | { kind: 'zip'; data: Buffer }
  | { kind: 'errors'; errors: string[] }
  | { kind: 'unauthorized' }
  | { kind: 'retry'; reason: string };

/** One message of listaMesajeFactura. */
export interface AnafMessage {
  id: string;
  /** The upload index the message is about. */
  uploadIndex: string;
  type: string;
  createdAt: string;
  details: string;
}

export type MessagesOutcome =
  | { kind: 'messages'; messages: AnafMessage[] }
  | { kind: 'unauthorized' }
  | { kind: 'retry'; reason: string };

function bearer(api: AnafApi): Record<string, string> {
  return { authorization: `Bearer ${api.accessToken}` };
}

/** Whether the HTTP status says ANAF did not take the request and asks to come back later. */
function isTransient(status: number): boolean {
  return status === 429 || status === 408 || status >= 500;
}

function statusReason(status: number): string {
  return status === 429 ? 'ANAF a limitat cererile (429)' : `ANAF indisponibil (HTTP ${status})`;
}

/** The root element of an XML answer, or null when the body is not XML. */
function xmlRoot(body: Buffer): XmlElement | null {
  try {
    return xmlbuilder2().create(body.toString('utf8')).root().node as unknown as XmlElement;
  } catch {
    return null;
  }
}

function errorMessages(root: XmlElement): string[] {
  return ['Errors', 'Error']
    .flatMap((tag) => Array.from(root.getElementsByTagName(tag)))
    .map((node) => node.getAttribute('errorMessage') ?? '')
    .filter((message) => message !== '');
}

/** ANAF's JSON error answers carry `eroare` (and sometimes `message`). */
function jsonError(body: Buffer): string | null {
  try {
    const value = JSON.parse(body.toString('utf8')) as { eroare?: unknown; message?: unknown };
    if (typeof value.eroare === 'string') return value.eroare;
    if (typeof value.message === 'string') return value.message;
    return null;
  } catch {
    return null;
  }
}

/** UBL credit notes go up as standard CN, invoices (also storno invoices) as UBL. */
export function uploadStandard(xml: string): 'UBL' | 'CN' {
  return /<(?:[A-Za-z0-9_-]+:)?CreditNote[\s>]/.test(xml.slice(0, 2000)) ? 'CN' : 'UBL';
}

/** POST /upload (B2B) or /uploadb2c (B2C): ANAF answers the upload index or the file's errors. */
export async function uploadInvoice(
  api: AnafApi,
  input: { cif: string; b2c: boolean; xml: string },
): Promise<UploadOutcome> {
  const path = input.b2c ? 'uploadb2c' : 'upload';
  const query = new URLSearchParams({ standard: uploadStandard(input.xml), cif: input.cif });
  const raw = await request(
    `${api.apiUrl}/${path}?${query.toString()}`,
    { method: 'POST', headers: { ...bearer(api), 'content-type': 'text/plain' }, body: input.xml },
    api.timeoutMs,
  );
  if (raw.kind === 'not-sent') return { kind: 'retry', reason: raw.reason };
  if (raw.kind === 'no-answer') return { kind: 'unknown', reason: raw.reason };
  if (raw.status === 401 || raw.status === 403) return { kind: 'unauthorized' };
  if (isTransient(raw.status)) return { kind: 'retry', reason: statusReason(raw.status) };
  const root = xmlRoot(raw.body);
  if (raw.status === 200 && root) {
    const index = root.getAttribute('index_incarcare');
    if (root.getAttribute('ExecutionStatus') === '0' && index)
      return { kind: 'accepted', uploadIndex: index };
    const errors = errorMessages(root);
    if (errors.length > 0) return { kind: 'refused', errors };
  }
  const message = jsonError(raw.body);
  // A 4xx other than 401/403/429 is ANAF refusing the request itself: nothing was registered.
  if (raw.status >= 400)
    return { kind: 'refused', errors: [message ?? `ANAF a refuzat cererea (HTTP ${raw.status})`] };
  // 200 with neither an index nor errors: ANAF's answer cannot be read, so whether it kept the file is unknown.
  return { kind: 'unknown', reason: 'Răspuns ANAF necunoscut la încărcare' };
}

/** GET /stareMesaj: ok / nok (with the answer's download id), in prelucrare, or errors. */
export async function messageState(api: AnafApi, uploadIndex: string): Promise<StateOutcome> {
  const query = new URLSearchParams({ id_incarcare: uploadIndex });
  const raw = await request(
    `${api.apiUrl}/stareMesaj?${query.toString()}`,
    { headers: bearer(api) },
    api.timeoutMs,
  );
  if (raw.kind !== 'response') return { kind: 'retry', reason: raw.reason };
  if (raw.status === 401 || raw.status === 403) return { kind: 'unauthorized' };
  if (raw.status !== 200) return { kind: 'retry', reason: statusReason(raw.status) };
  const root = xmlRoot(raw.body);
  if (!root) return { kind: 'retry', reason: 'Răspuns ANAF necunoscut la starea mesajului' };
  const stare = root.getAttribute('stare');
  const state = stare === null ? null : anafStateOf(stare);
  if (stare !== null && state !== null) {
    return {
      kind: 'state',
      state,
      stare,
      downloadId: root.getAttribute('id_descarcare'),
      errors: errorMessages(root),
    };
  }
  const errors = errorMessages(root);
  return errors.length > 0
    ? { kind: 'errors', errors }
    : { kind: 'retry', reason: `Stare ANAF necunoscută: ${stare ?? '-'}` };
}

/** GET /descarcare: the answer ZIP (the invoice with ANAF's signature, or the errors of a nok). */
export async function downloadAnswer(api: AnafApi, downloadId: string): Promise<DownloadOutcome> {
  const query = new URLSearchParams({ id: downloadId });
  const raw = await request(
    `${api.apiUrl}/descarcare?${query.toString()}`,
    { headers: bearer(api) },
    api.timeoutMs,
  );
  if (raw.kind !== 'response') return { kind: 'retry', reason: raw.reason };
  if (raw.status === 401 || raw.status === 403) return { kind: 'unauthorized' };
  if (raw.status !== 200) return { kind: 'retry', reason: statusReason(raw.status) };
  // A ZIP starts with "PK"; anything else is ANAF's JSON error.
  if (raw.body.subarray(0, 2).toString('latin1') === 'PK') return { kind: 'zip', data: raw.body };
  return { kind: 'errors', errors: [jsonError(raw.body) ?? 'Răspuns ANAF necunoscut la descărcare'] };
}

/** GET /listaMesajeFactura: the messages of the last `days` (1–60) about the clinic's CIF. */
export async function listMessages(api: AnafApi, cif: string, days: number): Promise<MessagesOutcome> {
  const query = new URLSearchParams({ zile: String(days), cif });
  const raw = await request(
    `${api.apiUrl}/listaMesajeFactura?${query.toString()}`,
    { headers: bearer(api) },
    api.timeoutMs,
  );
  if (raw.kind !== 'response') return { kind: 'retry', reason: raw.reason };
  if (raw.status === 401 || raw.status === 403) return { kind: 'unauthorized' };
  if (raw.status !== 200) return { kind: 'retry', reason: statusReason(raw.status) };
  let value: { mesaje?: unknown; eroare?: unknown };
  try {
    value = JSON.parse(raw.body.toString('utf8')) as typeof value;
  } catch {
    return { kind: 'retry', reason: 'Răspuns ANAF necunoscut la lista de mesaje' };
  }
  // "Nu exista mesaje in ultimele N zile" comes as `eroare` without `mesaje`.
  if (!Array.isArray(value.mesaje)) return { kind: 'messages', messages: [] };
  const messages = value.mesaje.flatMap((item: unknown): AnafMessage[] => {
    if (typeof item !== 'object' || item === null) return [];
    const m = item as Record<string, unknown>;
    const text = (key: string) =>
      typeof m[key] === 'string' || typeof m[key] === 'number' ? String(m[key]) : '';
    if (text('id') === '' || text('id_solicitare') === '') return [];
    return [
      {
        id: text('id'),
        uploadIndex: text('id_solicitare'),
        type: text('tip'),
        createdAt: text('data_creare'),
        details: text('detalii'),
      },
    ];
  });
  return { kind: 'messages', messages };
}
