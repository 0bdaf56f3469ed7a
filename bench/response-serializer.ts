// Serialising GET /api/get-pacient/{id}'s answer for a patient with 300 history entries (a third of them
// with a before and an after picture, as bench/lib/history.ts makes them), without HTTP or a database: zod's
// encode and JSON.stringify (fastify-type-provider-zod's serializer, what every answer paid before
// decision 0043) against the serializer compiled from the same contract, as one string (decision 0043) and
// in pieces (decision 0058). Each to its bytes, as the socket takes them. Median and p95 of many runs.
//   node --import tsx bench/response-serializer.ts
import { loadavg } from 'node:os';
import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { catalogueEntryByName } from '@odonto/domain/catalogue';
import { patient, type Patient } from '@odonto/domain/contracts/patients';
import { sideOf, TOOTH_IDS } from '@odonto/domain/teeth';
import {
  createResponseSerializerCompiler,
  firstDifference,
} from '../apps/server/src/plugins/response-serializer';
import { serializerSchemaOf } from '../apps/server/src/plugins/response-schema';
import { machineLine } from './lib/results';
import { percentile } from './lib/stats';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 300);
const RUNS = Number(process.env.BENCH_RUNS ?? 2_000);
const DAY_MS = 86_400_000;
const PROCEDURES = [
  'consultație',
  'detartraj ultrasonic',
  'obturație compozit trei suprafețe',
  'extracție dentară',
];

function answer(): Patient {
  const now = Date.parse('2026-03-02T09:00:00.000Z');
  const history = Array.from({ length: ENTRIES }, (_, i) => {
    const at = new Date(now - (ENTRIES - i) * 12 * DAY_MS);
    const id = at.getTime() + i;
    const denumire = PROCEDURES[i % PROCEDURES.length] ?? 'consultație';
    const procedure = catalogueEntryByName(denumire);
    const tooth = TOOTH_IDS[i % TOOTH_IDS.length] ?? '1.6';
    const onTooth = procedure?.dinteDD ?? false;
    const pics =
      i % 3 === 0
        ? ['inainte', 'dupa'].map((label, index) => ({
            name: `${id}-${index}-${label}.jpg`,
            w: 1600,
            h: 1200,
            index,
          }))
        : [];
    return {
      id,
      type: 'tratament' as const,
      denumire,
      createdAt: at.toISOString(),
      updated_at: null,
      dinte: onTooth ? tooth : null,
      dinteStart: null,
      dinteDestinatie: null,
      side: onTooth ? sideOf(tooth) : null,
      start: null,
      end: null,
      direction: null,
      fill: procedure?.fill ?? null,
      mapID: procedure?.id ?? null,
      pics,
      deleted: [],
      sterilizari: [{ name: 'sondă', id_sterilizare: `S-${i}`, used_at: at.getTime() }],
      detalii: i % 2 === 0 ? 'Anestezie locală, pacient cooperant. Control peste 6 luni.' : '',
      signature: null,
      signed: null,
      medic: 'Dr. Maria Ionescu',
      planItem: null,
      version: 1,
    };
  });
  return patient.parse({
    _id: 'c5d1c7a2-3f0e-4b8e-9a51-6a1f3c2b9d10',
    id: 1042,
    nume: 'Popescu',
    prenume: 'Ana-Maria',
    email: 'ana.popescu@example.ro',
    telefon: '0722123456',
    birthdate: '1981-05-17',
    varsta: 44,
    createdAt: '2014-01-10T08:00:00.000Z',
    updatedAt: '2026-02-27T12:30:00.000Z',
    judet: 'Cluj',
    oras: 'Cluj-Napoca',
    tara: 'România',
    medic: 'Dr. Maria Ionescu',
    igienizare: true,
    blocked: false,
    antecedente: { diabet: { val: false }, alergii: { val: true, text: 'penicilină' } },
    antecedenteDetalii: '',
    avatar: null,
    _attachments: {},
    history,
    anulate: [],
    dintiStersi: ['1.8', '2.8'],
    programari: [],
    signature: null,
    version: 12,
    deletedAt: null,
    anonimizatLa: null,
    sold: { kind: 'de plată', amountBani: 45_000 },
  });
}

function timeRuns(serialize: (data: unknown) => Buffer, data: unknown): { median: number; p95: number } {
  for (let i = 0; i < 200; i += 1) serialize(data);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    serialize(data);
    times.push(performance.now() - started);
  }
  return { median: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

const data = answer();
const route = { schema: patient, method: 'GET', url: '/api/get-pacient/:id', httpStatus: '200' };
const before = zodSerializerCompiler(route);
// The app's serializer may answer a Buffer (a long answer, in pieces): Fastify sends either.
const compiled = createResponseSerializerCompiler({ checkAnswers: false })(route) as (
  data: unknown,
) => string | Buffer;
const prepared = serializerSchemaOf(patient);
if (!('jsonSchema' in prepared)) throw new Error(prepared.fallback);
const oneString = fastJsonStringify(prepared.jsonSchema) as (data: unknown) => string;
const toBytes = (written: string | Buffer) => (typeof written === 'string' ? Buffer.from(written) : written);
const written = toBytes(compiled(data));
const difference = firstDifference(JSON.parse(written.toString()), JSON.parse(before(data)), '');
if (difference) throw new Error(`the compiled serializer does not write what zod does: ${difference}`);
if (!written.equals(Buffer.from(oneString(data)))) throw new Error('the pieces are not the whole answer');
const bytes = written.length;
console.log(
  `${machineLine()}; load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
console.log(`get-pacient answer, ${ENTRIES} entries, ${(bytes / 1024).toFixed(0)} KiB, ${RUNS} runs each`);
// Alternated, so that a busy moment of the machine falls on both.
const serializers = {
  'zod encode + JSON.stringify': (value: unknown) => Buffer.from(before(value)),
  'compiled, one string (decision 0043)': (value: unknown) => Buffer.from(oneString(value)),
  'compiled, in pieces (decision 0058)': (value: unknown) => toBytes(compiled(value)),
  // The floor: what the answer costs with no contract at all (nothing stripped, nothing checked).
  'JSON.stringify alone': (value: unknown) => Buffer.from(JSON.stringify(value)),
};
for (let round = 1; round <= 3; round += 1)
  for (const [name, serialize] of Object.entries(serializers)) {
    const { median, p95 } = timeRuns(serialize, data);
    console.log(`round ${round}, ${name}: median ${median.toFixed(3)} ms, p95 ${p95.toFixed(3)} ms`);
  }
