/**
 * Answers written by fast-json-stringify, compiled from each route's zod response schema (issue 20,
 * decision 0043), instead of zod's encode and JSON.stringify on every request: opening a patient with 300
 * history entries spent 39 % of its CPU checking the answer. The suite still checks every answer against
 * its contract (`checkAnswers`), and checks that the compiled serializer wrote what the contract gives.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import {
  ResponseSerializationError,
  serializerCompiler as zodSerializerCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inPiecesWhenLong, type SerializeAnswer, type SerializeText } from './answer-pieces';
import { serializerSchemaOf, unfaithfulPart } from './response-schema';

type Serialize = SerializeAnswer;

/** A route answer that fell back to zod's encode and JSON.stringify, and why. */
export interface SerializerFallback {
  method: string;
  url: string;
  status: string;
  reason: string;
}

export interface ResponseSerializerOptions {
  /**
   * Check every answer against its contract (zod's encode, as fastify-type-provider-zod does) and the
   * compiled serializer's text against it: in the test suite, not in a clinic.
   */
  checkAnswers: boolean;
  /** Told of each route answer that keeps zod's serializer. */
  onFallback?: (fallback: SerializerFallback) => void;
}

/**
 * Raised in the suite when the compiled serializer wrote something else than the contract gives. The
 * caller sees a 500 without internals, so the difference goes to stderr too, where the failing test
 * shows it (the suite's log is silent).
 */
export class CompiledSerializerMismatch extends Error {
  override name = 'CompiledSerializerMismatch';
  readonly statusCode = 500;
  constructor(method: string, url: string, detail: string) {
    super(`${method} ${url}: the compiled serializer does not write what the contract gives: ${detail}`);
  }
}

function mismatch(method: string, url: string, detail: string): CompiledSerializerMismatch {
  const error = new CompiledSerializerMismatch(method, url, detail);
  process.stderr.write(`${error.name}: ${error.message}\n`);
  return error;
}

// One compiled function per zod schema, for every app in the process: the error body, say, serves most
// routes, and the suite builds many apps.
const compiledBySchema = new WeakMap<object, Serialize | { fallback: string }>();

/**
 * Fastify's serializer compiler: fast-json-stringify per response schema, zod's serializer where it
 * cannot be faithful. A schema is compiled at its first answer, not at start (the patient's alone takes
 * some 40 ms, all of them a few hundred), so a restart answers as soon as it did.
 */
export function createResponseSerializerCompiler(
  options: ResponseSerializerOptions,
): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const { schema, method, url } = route;
    const fallBack = (reason: string): SerializeText => {
      options.onFallback?.({ method, url, status: route.httpStatus ?? '', reason });
      return zodSerializerCompiler(route);
    };
    const reason = schema instanceof z.ZodType ? unfaithfulPartOf(schema) : 'not a zod schema';
    if (reason) return fallBack(reason);
    let serialize: Serialize | undefined;
    const compileThenSerialize: Serialize = (data) => {
      const compiled = compiledFor(schema);
      if (typeof compiled !== 'function') serialize = fallBack(compiled.fallback);
      else serialize = options.checkAnswers ? checked(schema, compiled, method, url) : compiled;
      return serialize(data);
    };
    // Fastify sends a Buffer as it sends a string (reply.js, onSendEnd); its type only names the string.
    return (data) => (serialize ?? compileThenSerialize)(data) as string;
  };
}

// Why a schema keeps zod's serializer, or null, also once per schema for every app: each route's answers
// are looked at when an app is built, and the suite builds one per test.
const unfaithfulBySchema = new WeakMap<z.ZodType, string | null>();

function unfaithfulPartOf(schema: z.ZodType): string | null {
  let reason = unfaithfulBySchema.get(schema);
  if (reason === undefined) {
    reason = unfaithfulPart(schema);
    unfaithfulBySchema.set(schema, reason);
  }
  return reason;
}

function compiledFor(schema: z.ZodType): Serialize | { fallback: string } {
  let compiled = compiledBySchema.get(schema);
  if (!compiled) {
    const prepared = serializerSchemaOf(schema);
    compiled = 'fallback' in prepared ? prepared : build(prepared.jsonSchema);
    compiledBySchema.set(schema, compiled);
  }
  return compiled;
}

function build(jsonSchema: Record<string, unknown>): Serialize | { fallback: string } {
  const compile = (schema: object) => fastJsonStringify(schema) as SerializeText;
  try {
    return inPiecesWhenLong(jsonSchema, compile(jsonSchema), compile);
  } catch (error) {
    return { fallback: `fast-json-stringify refused its JSON Schema (${String(error)})` };
  }
}

/**
 * As fastify-type-provider-zod checks an answer (a 500 when it breaks its contract), then the compiled
 * text, written from the handler's own value as in a clinic, against JSON.stringify of zod's result.
 */
function checked(schema: z.ZodType, serialize: Serialize, method: string, url: string): Serialize {
  return (data) => {
    const result = z.safeEncode(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    const expected = JSON.stringify(result.data);
    let written: string | Buffer;
    try {
      written = serialize(data);
    } catch (error) {
      throw mismatch(method, url, `it failed (${String(error)})`);
    }
    const text = typeof written === 'string' ? written : written.toString('utf8');
    if (text === expected) return written;
    const difference = firstDifference(JSON.parse(text) as unknown, JSON.parse(expected) as unknown, '');
    if (difference) throw mismatch(method, url, difference);
    return written;
  };
}

/** Where two JSON values differ first, as `path: written ≠ expected`, or null when they are equal. */
export function firstDifference(written: unknown, expected: unknown, path: string): string | null {
  if (isDeepStrictEqual(written, expected)) return null;
  const bothObjects =
    written !== null &&
    expected !== null &&
    typeof written === 'object' &&
    typeof expected === 'object' &&
    Array.isArray(written) === Array.isArray(expected);
  if (bothObjects) {
    const writtenRecord = written as Record<string, unknown>;
    const expectedRecord = expected as Record<string, unknown>;
    const keys = new Set([...Object.keys(writtenRecord), ...Object.keys(expectedRecord)]);
    for (const key of keys) {
      const found = firstDifference(writtenRecord[key], expectedRecord[key], `${path}/${key}`);
      if (found) return found;
    }
  }
  return `${path || '/'}: ${JSON.stringify(written) ?? 'missing'} ≠ ${JSON.stringify(expected) ?? 'missing'}`;
}
