import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import JSZip from 'jszip';

/**
 * A stand-in for ANAF on 127.0.0.1 (random port) that answers as the documented e-Factura API does:
 * OAuth (`/anaf-oauth2/v1/authorize`, `/token`) and the REST calls under `/prod/FCTEL/rest` and
 * `/test/FCTEL/rest` (`upload`, `uploadb2c`, `stareMesaj`, `descarcare`, `listaMesajeFactura`), with ANAF's
 * XML and JSON shapes and its errors. Knobs: the outcome of the next uploads (ok, nok with messages,
 * "XML cu erori nepreluat de sistem", N answers of "in prelucrare" first) and faults for the next calls of
 * an endpoint (500, 429, 401, a time-out, a refusal). Every upload ANAF would have registered is kept in
 * `uploads`, so tests count them.
 */

export type Fault = '500' | '429' | '401' | 'timeout' | 'refuse';
export type Endpoint = 'upload' | 'stareMesaj' | 'descarcare' | 'listaMesajeFactura' | 'token';

export type Outcome =
  | { outcome: 'ok'; processing?: number }
  | { outcome: 'nok'; messages: string[]; processing?: number }
  | { outcome: 'rejected'; processing?: number };

export interface FakeUpload {
  index: string;
  downloadId: string;
  path: 'upload' | 'uploadb2c';
  standard: string;
  cif: string;
  xml: string;
  at: Date;
  plan: Outcome;
  /** stareMesaj answers of "in prelucrare" still to give. */
  processingLeft: number;
}

export interface FakeAnaf {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** The production REST base on this server. */
  apiUrl: string;
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
  uploads: FakeUpload[];
  /** Every call, as "METHOD /path", in order. */
  calls: string[];
  /** grant_type of every successful token call. */
  grants: string[];
  /** The outcome of uploads from now on (ok at once unless told). */
  setOutcome(plan: Outcome): void;
  /** The next calls of `endpoint` fail like this, one fault per call. */
  failNext(endpoint: Endpoint, ...faults: Fault[]): void;
  /** An authorisation code valid once for the token call (what ANAF's redirect would bring). */
  issueCode(redirectUri: string): string;
  /** Every access token issued so far is expired at ANAF: calls with them get 401. */
  expireAccessTokens(): void;
  close(): Promise<void>;
}

const NS_UPLOAD = 'mfp:anaf:dgti:spv:respUploadFisier:v1';
const NS_STATE = 'mfp:anaf:dgti:efactura:stareMesajFactura:v1';
const NS_ERRORS = 'mfp:anaf:dgti:efactura:mesajEroriFactuta:v1';

function xmlAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function anafDate(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}${pad(at.getHours())}${pad(at.getMinutes())}`;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeAnaf(
  options: { clientId?: string; clientSecret?: string; accessTtlSeconds?: number } = {},
): Promise<FakeAnaf> {
  const clientId = options.clientId ?? 'odonto-client';
  const clientSecret = options.clientSecret ?? 'odonto-secret';
  const accessTtl = options.accessTtlSeconds ?? 90 * 24 * 3600;
  const uploads: FakeUpload[] = [];
  const calls: string[] = [];
  const grants: string[] = [];
  const faults = new Map<Endpoint, Fault[]>();
  const codes = new Map<string, string>();
  const validAccess = new Set<string>();
  const validRefresh = new Set<string>();
  let plan: Outcome = { outcome: 'ok' };
  let counter = 0;

  const nextFault = (endpoint: Endpoint): Fault | undefined => faults.get(endpoint)?.shift();

  function send(response: ServerResponse, status: number, type: string, body: string | Buffer): void {
    response.writeHead(status, { 'content-type': type });
    response.end(body);
  }
  const sendXml = (response: ServerResponse, body: string) =>
    send(response, 200, 'application/xml', `<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
  const sendJson = (response: ServerResponse, status: number, body: unknown) =>
    send(response, status, 'application/json', JSON.stringify(body));

  /** Answers a fault; true when it did (a time-out answers nothing and keeps the request hanging). */
  function applyFault(fault: Fault | undefined, response: ServerResponse): boolean {
    if (fault === undefined || fault === 'refuse') return false;
    if (fault === 'timeout') return true;
    if (fault === '401') {
      sendJson(response, 401, { status: 401, error: 'Unauthorized', message: 'Token expirat' });
    } else {
      const status = Number(fault);
      sendJson(response, status, {
        status,
        error: status === 429 ? 'Too Many Requests' : 'Internal Server Error',
      });
    }
    return true;
  }

  function authorised(request: IncomingMessage): boolean {
    const header = request.headers.authorization ?? '';
    return header.startsWith('Bearer ') && validAccess.has(header.slice('Bearer '.length));
  }

  function issueTokens(): {
    access_token: string;
    refresh_token: string;
    expires_in: number;
    token_type: string;
  } {
    const access = `eyJ.${randomBytes(12).toString('hex')}`;
    const refresh = `eyJ.r.${randomBytes(12).toString('hex')}`;
    validAccess.add(access);
    validRefresh.add(refresh);
    return { access_token: access, refresh_token: refresh, expires_in: accessTtl, token_type: 'Bearer' };
  }

  async function token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(request));
    if (applyFault(nextFault('token'), response)) return;
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
      sendJson(response, 401, { error: 'invalid_client', error_description: 'Client necunoscut' });
      return;
    }
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const code = form.get('code') ?? '';
      const redirect = codes.get(code);
      codes.delete(code);
      if (redirect === undefined || redirect !== form.get('redirect_uri')) {
        sendJson(response, 400, { error: 'invalid_grant', error_description: 'Cod de autorizare invalid' });
        return;
      }
    } else if (grant === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      // A refresh token is used once: the renewal gives a new pair.
      if (!validRefresh.delete(refresh)) {
        sendJson(response, 400, { error: 'invalid_grant', error_description: 'Refresh token invalid' });
        return;
      }
    } else {
      sendJson(response, 400, { error: 'unsupported_grant_type' });
      return;
    }
    grants.push(grant);
    sendJson(response, 200, issueTokens());
  }

  function authorize(url: URL, response: ServerResponse): void {
    const redirect = url.searchParams.get('redirect_uri');
    if (url.searchParams.get('client_id') !== clientId || !redirect) {
      send(response, 400, 'text/plain', 'client_id sau redirect_uri invalid');
      return;
    }
    const target = new URL(redirect);
    target.searchParams.set('code', fake.issueCode(redirect));
    const state = url.searchParams.get('state');
    if (state) target.searchParams.set('state', state);
    response.writeHead(302, { location: target.toString() });
    response.end();
  }

  async function upload(
    path: 'upload' | 'uploadb2c',
    url: URL,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    const xml = await readBody(request);
    const fault = nextFault('upload');
    if (fault !== 'timeout' && applyFault(fault, response)) return;
    if (!authorised(request)) {
      applyFault('401', response);
      return;
    }
    const standard = url.searchParams.get('standard') ?? '';
    const cif = url.searchParams.get('cif') ?? '';
    const refusal =
      fault === 'refuse'
        ? "Fisierul transmis nu este valid. cvc-elt.1.a: Cannot find the declaration of element 'Factura'."
        : !['UBL', 'CN', 'CII', 'RASP'].includes(standard)
          ? `Valorile acceptate pentru parametrul standard sunt UBL, CN, CII sau RASP`
          : !/^\d{2,10}$/.test(cif)
            ? `CIF introdus= ${cif} nu este un numar`
            : xml.trim() === ''
              ? 'Nu a fost transmis niciun fisier'
              : null;
    const at = new Date();
    if (refusal !== null) {
      sendXml(
        response,
        `<header xmlns="${NS_UPLOAD}" dateResponse="${anafDate(at)}" ExecutionStatus="1"><Errors errorMessage="${xmlAttr(refusal)}"/></header>`,
      );
      return;
    }
    counter += 1;
    const entry: FakeUpload = {
      index: String(5_000_000_000 + counter),
      downloadId: String(3_000_000_000 + counter),
      path,
      standard,
      cif,
      xml,
      at,
      plan,
      processingLeft: plan.processing ?? 0,
    };
    uploads.push(entry);
    // A time-out here is the hard case: ANAF registered the upload, the caller never hears of it.
    if (fault === 'timeout') return;
    sendXml(
      response,
      `<header xmlns="${NS_UPLOAD}" dateResponse="${anafDate(at)}" ExecutionStatus="0" index_incarcare="${entry.index}"/>`,
    );
  }

  function stateOf(url: URL, request: IncomingMessage, response: ServerResponse): void {
    if (applyFault(nextFault('stareMesaj'), response)) return;
    if (!authorised(request)) {
      applyFault('401', response);
      return;
    }
    const id = url.searchParams.get('id_incarcare') ?? '';
    const entry = uploads.find((item) => item.index === id);
    if (!entry) {
      sendXml(
        response,
        `<header xmlns="${NS_STATE}"><Errors errorMessage="Nu exista factura cu id_incarcare= ${xmlAttr(id)}"/></header>`,
      );
      return;
    }
    if (entry.processingLeft > 0) {
      entry.processingLeft -= 1;
      sendXml(response, `<header xmlns="${NS_STATE}" stare="in prelucrare"/>`);
      return;
    }
    if (entry.plan.outcome === 'rejected') {
      sendXml(response, `<header xmlns="${NS_STATE}" stare="XML cu erori nepreluat de sistem"/>`);
      return;
    }
    sendXml(
      response,
      `<header xmlns="${NS_STATE}" stare="${entry.plan.outcome}" id_descarcare="${entry.downloadId}"/>`,
    );
  }

  async function download(url: URL, request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (applyFault(nextFault('descarcare'), response)) return;
    if (!authorised(request)) {
      applyFault('401', response);
      return;
    }
    const id = url.searchParams.get('id') ?? '';
    const entry = uploads.find((item) => item.downloadId === id && item.plan.outcome !== 'rejected');
    if (!entry || entry.processingLeft > 0) {
      sendJson(response, 200, {
        eroare: `Pentru id=${id} nu exista inregistrat niciun mesaj`,
        titlu: 'Descarcare mesaj',
      });
      return;
    }
    const zip = new JSZip();
    if (entry.plan.outcome === 'ok') {
      zip.file(`${entry.index}.xml`, entry.xml);
    } else if (entry.plan.outcome === 'nok') {
      const errors = entry.plan.messages
        .map((message) => `<Error errorMessage="${xmlAttr(message)}"/>`)
        .join('');
      zip.file(
        `${entry.index}.xml`,
        `<?xml version="1.0" encoding="UTF-8"?>\n<header xmlns="${NS_ERRORS}" Index_incarcare="${entry.index}" Cif_emitent="${entry.cif}">${errors}</header>`,
      );
    }
    zip.file(`semnatura_${entry.index}.xml`, `<Signature>fake-${entry.index}</Signature>`);
    send(response, 200, 'application/octet-stream', await zip.generateAsync({ type: 'nodebuffer' }));
  }

  function messages(url: URL, request: IncomingMessage, response: ServerResponse): void {
    if (applyFault(nextFault('listaMesajeFactura'), response)) return;
    if (!authorised(request)) {
      applyFault('401', response);
      return;
    }
    const days = Number(url.searchParams.get('zile'));
    const cif = url.searchParams.get('cif') ?? '';
    if (!Number.isInteger(days) || days < 1 || days > 60) {
      sendJson(response, 200, {
        eroare: 'Numarul de zile trebuie sa fie intre 1 si 60',
        titlu: 'Lista Mesaje',
      });
      return;
    }
    const listed = uploads.filter(
      (entry) => entry.cif === cif && entry.processingLeft === 0 && entry.plan.outcome !== 'rejected',
    );
    if (listed.length === 0) {
      sendJson(response, 200, { eroare: `Nu exista mesaje in ultimele ${days} zile`, titlu: 'Lista Mesaje' });
      return;
    }
    sendJson(response, 200, {
      mesaje: listed.map((entry) => ({
        data_creare: anafDate(entry.at),
        cif,
        id_solicitare: entry.index,
        detalii: `Factura cu id_incarcare=${entry.index} emisa de cif_emitent=${cif}`,
        tip: entry.plan.outcome === 'ok' ? 'FACTURA TRIMISA' : 'ERORI FACTURA',
        id: entry.downloadId,
      })),
      serial: randomBytes(6).toString('hex'),
      cui: cif,
      titlu: `Lista Mesaje disponibile din ultimele ${days} zile`,
    });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    calls.push(`${request.method ?? 'GET'} ${url.pathname}`);
    const rest = /^\/(?:prod|test)\/FCTEL\/rest\/(\w+)$/.exec(url.pathname)?.[1];
    const handle = async (): Promise<void> => {
      if (url.pathname === '/anaf-oauth2/v1/authorize' && request.method === 'GET')
        return authorize(url, response);
      if (url.pathname === '/anaf-oauth2/v1/token' && request.method === 'POST')
        return token(request, response);
      if ((rest === 'upload' || rest === 'uploadb2c') && request.method === 'POST') {
        return upload(rest, url, request, response);
      }
      if (rest === 'stareMesaj' && request.method === 'GET') return stateOf(url, request, response);
      if (rest === 'descarcare' && request.method === 'GET') return download(url, request, response);
      if (rest === 'listaMesajeFactura' && request.method === 'GET') return messages(url, request, response);
      sendJson(response, 404, { status: 404, error: 'Not Found' });
    };
    handle().catch((error: unknown) => {
      sendJson(response, 500, { error: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  const fake: FakeAnaf = {
    origin,
    apiUrl: `${origin}/prod/FCTEL/rest`,
    oauthUrl: `${origin}/anaf-oauth2/v1`,
    clientId,
    clientSecret,
    uploads,
    calls,
    grants,
    setOutcome(next) {
      plan = next;
    },
    failNext(endpoint, ...list) {
      faults.set(endpoint, [...(faults.get(endpoint) ?? []), ...list]);
    },
    issueCode(redirectUri) {
      const code = randomBytes(10).toString('hex');
      codes.set(code, redirectUri);
      return code;
    },
    expireAccessTokens() {
      validAccess.clear();
    },
    close: () =>
      new Promise((resolve, reject) => {
        // Requests left hanging by a time-out knob are cut.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}
