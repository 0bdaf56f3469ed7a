import { brotliDecompressSync } from 'node:zlib';
import fastJsonStringify from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Patient } from '@odonto/domain/contracts/patients';
import { describeEachDialect } from '../../test/build-test-app';
import { call } from '../../test/http';
import { medicWithPatient, saveHistory, saveVia, treatment } from '../features/history/history.test-support';
import { inPiecesWhenLong, PIECES_FROM_ITEMS } from './answer-pieces';
import { serializerSchemaOf } from './response-schema';

type JsonSchema = Record<string, unknown>;
const compile = (schema: JsonSchema) => fastJsonStringify(schema) as (data: unknown) => string;

/** The whole-answer serializer and the one in pieces, as response-serializer.ts builds them. */
function serializersOf(schema: z.ZodType) {
  const prepared = serializerSchemaOf(schema);
  if (!('jsonSchema' in prepared)) throw new Error(prepared.fallback);
  const whole = compile(prepared.jsonSchema);
  return { whole, inPieces: inPiecesWhenLong(prepared.jsonSchema, whole, compile) };
}

const entry = z.object({
  id: z.number().int(),
  denumire: z.string(),
  dinte: z.enum(['1.1', '2.6', '3.6']).nullable(),
  detalii: z.string().optional(),
  pics: z.array(z.object({ name: z.string() })),
});
const patient = z.object({
  _id: z.string(),
  nume: z.string(),
  history: z.array(entry),
  programari: z.array(z.object({ start: z.string() })).optional(),
  anulate: z.array(z.number().int()).nullable(),
  sold: z.object({ bani: z.number().int() }).optional(),
  version: z.number().int(),
});

/** `count` entries of some 400 characters, with letters that make V8 store the text in two bytes each. */
function entries(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    id: 1_790_000_000_000 + index,
    denumire: `extracție dentară „${index}” ${'ș'.repeat(index % 7)}`,
    dinte: index % 3 === 0 ? null : ('3.6' as const),
    ...(index % 2 === 0 ? { detalii: `Anestezie locală; "cooperant"\n${'x'.repeat(300)}` } : {}),
    pics: index % 5 === 0 ? [{ name: `p${index}.jpg` }] : [],
    notInTheContract: 'never answered',
  }));
}

const LONG = 300;
const base = { _id: 'a1', nume: 'Ștefănescu', anulate: null, version: 4 };

describe('a long answer written in pieces', () => {
  it.each([
    { case: 'a long history', value: { ...base, history: entries(LONG) } },
    {
      case: 'every array long, the optional ones set',
      value: {
        ...base,
        history: entries(LONG),
        programari: Array.from({ length: LONG }, (_, i) => ({ start: `2026-03-0${(i % 9) + 1}` })),
        anulate: Array.from({ length: LONG }, (_, i) => i),
        sold: { bani: -12_050 },
      },
    },
    {
      case: 'exactly as many items as start the pieces, an optional array undefined',
      value: { ...base, history: entries(PIECES_FROM_ITEMS), programari: undefined, extra: 1 },
    },
  ])('writes the bytes of the whole answer, as a Buffer: $case', ({ value }) => {
    const { whole, inPieces } = serializersOf(patient);
    const written = inPieces(value);
    expect(Buffer.isBuffer(written)).toBe(true);
    expect(written.toString()).toBe(whole(value));
    expect(JSON.parse(written.toString())).toEqual(JSON.parse(JSON.stringify(z.encode(patient, value))));
    expect(written.toString()).not.toContain('never answered');
  });

  it('writes a short answer whole, as a string', () => {
    const { whole, inPieces } = serializersOf(patient);
    const value = { ...base, history: entries(PIECES_FROM_ITEMS - 1), anulate: [1, 2] };
    expect(inPieces(value)).toBe(whole(value));
  });

  it('writes a long array answered alone in pieces, a short one whole', () => {
    const { whole, inPieces } = serializersOf(z.array(entry));
    const long = entries(LONG);
    const written = inPieces(long);
    expect(Buffer.isBuffer(written) && written.equals(Buffer.from(whole(long)))).toBe(true);
    expect(inPieces(entries(3))).toBe(whole(entries(3)));
  });

  it('fails a missing required property as the whole answer does', () => {
    const { whole, inPieces } = serializersOf(patient);
    const { version: _version, ...withoutVersion } = { ...base, history: entries(LONG) };
    expect(() => whole(withoutVersion)).toThrow(/version/);
    expect(() => inPieces(withoutVersion)).toThrow(/version/);
  });

  it.each([
    { case: 'no array', schema: z.object({ nume: z.string(), version: z.number().int() }) },
    { case: 'a record', schema: z.record(z.string(), z.array(z.number())) },
    {
      case: 'undeclared properties kept (catchall)',
      schema: z.object({ history: z.array(z.number()) }).catchall(z.string()),
    },
  ])('leaves an answer whose shape is not only its properties whole: $case', ({ schema }) => {
    const { whole, inPieces } = serializersOf(schema);
    expect(inPieces).toBe(whole);
  });

  it('writes a value that is not a plain object whole', () => {
    const { whole, inPieces } = serializersOf(patient);
    const value = { ...base, history: entries(LONG), toJSON: () => ({ ...base, history: [] }) };
    expect(inPieces(value)).toBe(whole(value));
  });
});

describeEachDialect('a patient with a long history, through the API', ({ useApp }) => {
  const app = useApp();
  const visit = (index: number) =>
    treatment('extracție dentară', '3.6', {
      id: Date.parse('2026-03-02T08:00:00Z') + index,
      detalii: `Ședința ${index}: anestezie locală, pacient cooperant.`,
    });

  it('answers it whole, compressed or not, and a repeated save gives its first answer once', async () => {
    const t = app();
    const { cookie, patientId } = await medicWithPatient(t);
    for (let index = 0; index < PIECES_FROM_ITEMS; index += 1)
      await saveVia(t, cookie, patientId, visit(index));

    const url = `/api/get-pacient/${patientId}`;
    const plain = await call(t.app, { url, cookie, headers: { 'accept-encoding': 'identity' } });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-length']).toBe(String(plain.rawPayload.length));
    const history = plain.json<Patient>().history;
    expect(history).toHaveLength(PIECES_FROM_ITEMS);
    expect(history.map((entry) => entry.detalii)).toContain(
      'Ședința 7: anestezie locală, pacient cooperant.',
    );
    const compressed = await call(t.app, { url, cookie, headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).equals(plain.rawPayload)).toBe(true);

    // The save answers the whole patient, long too: the idempotency store keeps it for the repeat.
    const headers = { 'idempotency-key': 'long-history-save' };
    const first = await saveHistory(t, cookie, patientId, visit(PIECES_FROM_ITEMS), {}, headers);
    const repeat = await saveHistory(t, cookie, patientId, visit(PIECES_FROM_ITEMS), {}, headers);
    expect([first.statusCode, repeat.statusCode]).toEqual([201, 201]);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.body).toBe(first.body);
    expect(first.json<Patient>().history).toHaveLength(PIECES_FROM_ITEMS + 1);
    const after = await call(t.app, { url, cookie });
    expect(after.json<Patient>().history).toHaveLength(PIECES_FROM_ITEMS + 1);
  });
});
