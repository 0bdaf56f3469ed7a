import { create } from 'xmlbuilder2';
import type { XmlElement } from './xml-element';
import { anafStateOf, type AnafState } from '@odonto/domain/efactura-sending';

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

// Errors that are raised before any byte of the request left: ANAF cannot have received it.
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
]);

type Raw =
  | { kind: 'response'; status: number; body: Buffer; contentType: string }
  | { kind: 'not-sent'; reason: string }
  | { kind: 'no-answer'; reason: string };

async function request(url: string, init: RequestInit, timeoutMs: number): Promise<Raw> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const body = Buffer.from(await response.arrayBuffer());
    return {
      kind: 'response',
      status: response.status,
      body,
      contentType: response.headers.get('content-type') ?? '',
    };
  } catch (error) {
    const code = errorCode(error);
    if (code !== null && NOT_SENT_CODES.has(code))
      return { kind: 'not-sent', reason: `ANAF inaccesibil (${code})` };
    if (error instanceof Error && error.name === 'TimeoutError') {
      return { kind: 'no-answer', reason: `ANAF nu a răspuns în ${Math.round(timeoutMs / 1000)} s` };
    }
    return { kind: 'no-answer', reason: `Legătura cu ANAF s-a întrerupt (${code ?? describe(error)})` };
  }
}

function errorCode(error: unknown): string | null {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return null;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

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
    return create(body.toString('utf8')).root().node as unknown as XmlElement;
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

/** The tokens ANAF's OAuth server gives. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lasts. */
  expiresIn: number;
}

export class AnafOAuthError extends Error {
  override name = 'AnafOAuthError';
  constructor(
    message: string,
    /** ANAF answered (4xx): the grant itself was refused, not a passing network problem. */
    readonly isRefused: boolean,
  ) {
    super(message);
  }
}

interface OAuthClient {
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}

/** The address of ANAF's consent page (the admin signs in there with the qualified certificate). */
export function authorizeUrl(
  client: Omit<OAuthClient, 'clientSecret' | 'timeoutMs'>,
  redirectUri: string,
  state: string,
): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: redirectUri,
    state,
    token_content_type: 'jwt',
  });
  return `${client.oauthUrl}/authorize?${query.toString()}`;
}

async function tokenCall(client: OAuthClient, params: Record<string, string>): Promise<TokenSet> {
  const body = new URLSearchParams({
    ...params,
    client_id: client.clientId,
    client_secret: client.clientSecret,
    token_content_type: 'jwt',
  });
  const raw = await request(
    `${client.oauthUrl}/token`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    },
    client.timeoutMs,
  );
  if (raw.kind !== 'response') throw new AnafOAuthError(raw.reason, false);
  let value: Record<string, unknown> = {};
  try {
    value = JSON.parse(raw.body.toString('utf8')) as Record<string, unknown>;
  } catch {
    // Reported below by status.
  }
  const access = value['access_token'];
  const refresh = value['refresh_token'];
  if (raw.status === 200 && typeof access === 'string' && typeof refresh === 'string') {
    const expiresIn = Number(value['expires_in']);
    return {
      accessToken: access,
      refreshToken: refresh,
      expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 90 * 24 * 3600,
    };
  }
  const reason = [value['error'], value['error_description']]
    .filter((part) => typeof part === 'string')
    .join(': ');
  throw new AnafOAuthError(
    `ANAF a refuzat tokenul (HTTP ${raw.status}${reason ? `, ${reason}` : ''})`,
    raw.status >= 400 && raw.status < 500,
  );
}

/** grant_type=authorization_code: the code ANAF's redirect brought, for the first tokens. */
export function exchangeCode(client: OAuthClient, code: string, redirectUri: string): Promise<TokenSet> {
  return tokenCall(client, { grant_type: 'authorization_code', code, redirect_uri: redirectUri });
}

/** grant_type=refresh_token: new tokens before the access token expires. */
export function refreshTokens(client: OAuthClient, refreshToken: string): Promise<TokenSet> {
  return tokenCall(client, { grant_type: 'refresh_token', refresh_token: refreshToken });
}
