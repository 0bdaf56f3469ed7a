import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { LightMyRequestResponse } from 'fastify';
import type { StationEvent } from '@odonto/domain/contracts/signatures';
import sharp from 'sharp';
import type { TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, loginAs } from '../../../test/http';
import { insertPatientRow } from '../../../test/stored-files';

/** Test helpers of the signatures API suites (not a test file itself). */

export const DOCTOR = 'Dr. Ana Pop';
export const ENTRY_ID = 1772442000000;

export async function signIn(
  t: TestApp,
  role: 'admin' | 'medic' | 'asistent' | 'sterilizare' = 'medic',
): Promise<string> {
  const user = await createUser(t.db, { roles: [role], nume: DOCTOR });
  return loginAs(t.app, user.email, user.password);
}

/** A patient with one treatment (a crown on 1.6), written directly. */
export async function patientWithEntry(t: TestApp): Promise<{ patientId: string; entryId: number }> {
  const patientId = await insertPatientRow(t.db);
  await t.db
    .insertInto('history_entries')
    .values({
      patient_id: patientId,
      id: ENTRY_ID,
      type: 'tratament',
      denumire: 'coroană metalo-ceramică',
      map_id: 1.2,
      dinte: '1.6',
      dinte_start: null,
      dinte_destinatie: null,
      side: 'top',
      start_index: null,
      end_index: null,
      direction: null,
      fill: null,
      detalii: 'culoare A2',
      medic: DOCTOR,
      signature: null,
      sterilizari: '[]',
      created_at: '2026-03-01T22:00:00.000Z',
      updated_at: null,
      version: 1,
      deleted_at: null,
      deleted_by: null,
    })
    .execute();
  return { patientId, entryId: ENTRY_ID };
}

/** A PNG as signature_pad makes it: transparent, with a stroke when `drawn`. */
export async function signaturePngBytes(drawn = true, width = 300, height = 100): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 4);
  if (drawn) {
    for (let x = 20; x < width - 20; x += 1) {
      const y = Math.round(height / 2 + Math.sin(x / 15) * 20);
      pixels.writeUInt32BE(0x000000ff, (y * width + x) * 4);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

export function dataUrl(bytes: Buffer): string {
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

export async function drawnSignature(): Promise<string> {
  return dataUrl(await signaturePngBytes());
}

export function postSignature(
  t: TestApp,
  cookie: string | null,
  body: unknown,
): Promise<LightMyRequestResponse> {
  return call(t.app, { method: 'POST', url: '/api/signature', cookie, body });
}

export async function auditActions(t: TestApp): Promise<{ action: string; details: string | null }[]> {
  return t.db.selectFrom('audit_log').select(['action', 'details']).orderBy('id').execute();
}

/** Starts the app listening on a free port of 127.0.0.1 and answers the port. */
export async function listeningPort(t: TestApp): Promise<number> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return address.port;
}

/** A signature station's event stream, opened over real HTTP. */
export function openStream(port: number, cookie: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: '/api/signature-station/events', headers: { cookie } },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

/** Reads `event: request` messages off a live server-sent-events response. */
export function eventReader(response: IncomingMessage) {
  const events: StationEvent[] = [];
  const waiting: (() => void)[] = [];
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const message = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = message.split('\n').find((line) => line.startsWith('data: '));
      if (message.includes('event: request') && data) events.push(JSON.parse(data.slice(6)) as StationEvent);
    }
    for (const wake of waiting.splice(0)) wake();
  });
  return {
    /** The `count`-th event (1-based), waiting for it to arrive. */
    async nth(count: number): Promise<StationEvent> {
      while (events.length < count) await new Promise<void>((resolve) => waiting.push(resolve));
      return events[count - 1] as StationEvent;
    },
    /** The first event that `matches`, waiting for it to arrive. */
    async first(matches: (event: StationEvent) => boolean): Promise<StationEvent> {
      for (;;) {
        const found = events.find(matches);
        if (found) return found;
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
    },
    /** How many have arrived. */
    get count(): number {
      return events.length;
    },
  };
}
