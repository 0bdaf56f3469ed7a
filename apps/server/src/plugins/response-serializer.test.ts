import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from '../../test/build-test-app';
import {
  CompiledSerializerMismatch,
  createResponseSerializerCompiler,
  type SerializerFallback,
} from './response-serializer';

/** The serializer the compiler makes for `schema`, as Fastify would ask for it. */
function serializerFor(schema: z.ZodType, checkAnswers: boolean, fallbacks: SerializerFallback[] = []) {
  const compiler = createResponseSerializerCompiler({
    checkAnswers,
    onFallback: (fallback) => fallbacks.push(fallback),
  });
  return compiler({ schema, method: 'GET', url: '/answer', httpStatus: '200' });
}

const visit = z.object({
  id: z.number().int(),
  status: z.enum(['programat', 'anulat']),
  note: z.string().nullable(),
  room: z.string().optional(),
  teeth: z.array(z.array(z.enum(['11', '12', '21']))),
  doctor: z.object({ name: z.string(), phone: z.string().nullable() }).nullable(),
  payments: z.array(z.object({ amountBani: z.number().int(), at: z.string() })),
});

describe('the compiled response serializer', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([
    {
      case: 'every field set, with properties the contract does not have',
      value: {
        id: 7,
        status: 'anulat',
        note: 'Sună înainte; "urgent"\n',
        room: 'Cabinet 2',
        teeth: [['11', '12'], [], ['21']],
        doctor: { name: 'Dr. Ionescu', phone: null, password: 'never answered' },
        payments: [{ amountBani: 12_050, at: '2026-03-02T09:00:00.000Z', internal: 1 }],
        secret: 'never answered',
      },
    },
    {
      case: 'nulls, no optional field, empty arrays',
      value: { id: 1, status: 'programat', note: null, teeth: [], doctor: null, payments: [] },
    },
    {
      case: 'an optional field present but undefined',
      value: {
        id: 2,
        status: 'programat',
        note: '',
        room: undefined,
        teeth: [[]],
        doctor: null,
        payments: [],
      },
    },
  ])('writes what zod’s encode and JSON.stringify write: $case', ({ value }) => {
    const expected = JSON.stringify(z.encode(visit, value as z.output<typeof visit>));
    for (const checkAnswers of [false, true]) {
      const fallbacks: SerializerFallback[] = [];
      const text = serializerFor(visit, checkAnswers, fallbacks)(value);
      expect(JSON.parse(text)).toEqual(JSON.parse(expected));
      expect(text).not.toContain('never answered');
      expect(fallbacks).toEqual([]);
    }
  });

  it.each([
    {
      schema: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]),
      reason: /union of objects/,
    },
    { schema: z.object({ at: z.date() }), reason: /z\.date/ },
    { schema: z.object({ name: z.string().transform((name) => name.length) }), reason: /transform/ },
  ])('falls back to zod’s serializer where it cannot be faithful: $reason', ({ schema, reason }) => {
    const fallbacks: SerializerFallback[] = [];
    const serialize = serializerFor(schema, false, fallbacks);
    expect(fallbacks).toEqual([
      { method: 'GET', url: '/answer', status: '200', reason: expect.stringMatching(reason) },
    ]);
    if (schema.def.type === 'union') expect(serialize({ b: 2, extra: true })).toBe('{"b":2}');
  });

  it('keeps discriminated and nullable unions compiled, null included', () => {
    const discount = z
      .discriminatedUnion('kind', [
        z.object({ kind: z.literal('percent'), bp: z.number().int() }),
        z.object({ kind: z.literal('amount'), bani: z.number().int() }),
      ])
      .nullable();
    const schema = z.object({ discount, code: z.union([z.string(), z.number().int()]) });
    const fallbacks: SerializerFallback[] = [];
    const serialize = serializerFor(schema, true, fallbacks);
    expect(fallbacks).toEqual([]);
    expect(serialize({ discount: null, code: 3 })).toBe('{"discount":null,"code":3}');
    expect(serialize({ discount: { kind: 'amount', bani: 500, bp: 1 }, code: 'A1' })).toBe(
      '{"discount":{"kind":"amount","bani":500},"code":"A1"}',
    );
  });

  it('in the suite, fails an answer that breaks its contract; in a clinic, does not check it', () => {
    const broken = { id: 1.5, status: 'programat', note: null, teeth: [], doctor: null, payments: [] };
    expect(() => serializerFor(visit, true)(broken)).toThrow(/Response doesn't match the schema/);
    // fast-json-stringify truncates an integer, unchecked: the suite is what keeps answers to the contract.
    expect(JSON.parse(serializerFor(visit, false)(broken))).toMatchObject({ id: 1 });
  });

  it('in the suite, fails an answer the compiled serializer writes otherwise than the contract', () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    // zod's encode trims; the compiled serializer writes the value as it is.
    const schema = z.object({ name: z.string().trim() });
    expect(() => serializerFor(schema, true)({ name: ' Ana ' })).toThrow(CompiledSerializerMismatch);
    expect(stderr).toHaveBeenCalledWith(expect.stringContaining('/name: " Ana " ≠ "Ana"'));
    expect(serializerFor(schema, true)({ name: 'Ana' })).toBe('{"name":"Ana"}');
  });

  it('answers 500 for such an answer through Fastify, as for one that breaks its contract', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const app = Fastify();
    app.setSerializerCompiler(createResponseSerializerCompiler({ checkAnswers: true }));
    const schema = { response: { 200: z.object({ name: z.string().trim() }) } };
    app.get('/untrimmed', { schema }, async () => ({ name: ' Ana ' }));
    app.get('/broken', { schema }, async () => ({ name: 3 }));
    app.get('/fine', { schema }, async () => ({ name: 'Ana', extra: 1 }));
    try {
      expect((await app.inject({ url: '/untrimmed' })).statusCode).toBe(500);
      expect((await app.inject({ url: '/broken' })).statusCode).toBe(500);
      const fine = await app.inject({ url: '/fine' });
      expect([fine.statusCode, fine.body]).toEqual([200, '{"name":"Ana"}']);
    } finally {
      await app.close();
    }
  });

  it('compiles every answer of the app but the sign-in’s (a union of objects)', async () => {
    const fallbacks: unknown[] = [];
    const stream = {
      write: (line: string) => {
        const entry = JSON.parse(line) as { msg: string; method: string; url: string; status: string };
        if (entry.msg === 'answer serialised by zod, not compiled') fallbacks.push(entry);
      },
    };
    const t = await buildTestApp({ logger: { level: 'debug', stream } });
    try {
      await t.app.ready();
      expect(fallbacks).toEqual([
        expect.objectContaining({ method: 'POST', url: '/api/login', status: '200' }),
      ]);
    } finally {
      await t.close();
    }
  });
});
