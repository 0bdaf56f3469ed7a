/**
 * What fast-json-stringify is given for a route's zod response schema (decision 0043): the JSON Schema of
 * the OpenAPI document, cut down to what shapes the output, or the reason the schema cannot be serialised
 * faithfully that way (the route then keeps zod's encode and JSON.stringify).
 */
import type { z } from 'zod';
import { responseJsonSchema } from './openapi';

type JsonSchema = Record<string, unknown>;
type Def = { type: string } & Record<string, unknown>;

export type ResponseSchema = { jsonSchema: JsonSchema } | { fallback: string };

/** The zod schema as fast-json-stringify should see it, or why it cannot. */
export function serializerSchemaOf(schema: z.ZodType): ResponseSchema {
  const reason = unfaithfulPart(schema);
  if (reason) return { fallback: reason };
  return { jsonSchema: forFastJsonStringify(responseJsonSchema(schema)) as JsonSchema };
}

function defOf(schema: unknown): Def {
  return (schema as z.ZodType)._zod.def as unknown as Def;
}

/** Types whose JSON Schema fast-json-stringify writes as zod's encode does. */
const PLAIN_TYPES = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'null',
  'enum',
  'literal',
  'template_literal',
  'any',
  'unknown',
  'never',
]);
/** Wrappers that only change whether the value may be missing or null. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly']);
const PRIMITIVE_TYPES = new Set(['string', 'number', 'int', 'boolean', 'null', 'enum', 'literal']);

/**
 * The first part of `schema` whose JSON the compiled serializer would not write as zod's encode does, as
 * a sentence, or null. Transforms, pipes and codecs write what a function makes; dates, sets, maps and
 * recursion have no plain JSON Schema; a union of objects is only safe when a discriminator picks its
 * branch (fast-json-stringify tries the branches in order with Ajv, as zod does, but Ajv knows none of
 * zod's refinements).
 */
export function unfaithfulPart(schema: z.ZodType, seen = new Set<unknown>()): string | null {
  if (seen.has(schema)) return null;
  seen.add(schema);
  const def = defOf(schema);
  const inner = (child: unknown) => unfaithfulPart(child as z.ZodType, seen);
  if (PLAIN_TYPES.has(def.type)) return null;
  if (WRAPPERS.has(def.type)) return inner(def['innerType']);
  switch (def.type) {
    case 'object':
      for (const child of Object.values(def['shape'] as Record<string, unknown>)) {
        const found = inner(child);
        if (found) return found;
      }
      return def['catchall'] ? inner(def['catchall']) : null;
    case 'array':
      return inner(def['element']);
    case 'record':
      return defOf(def['keyType']).type === 'string'
        ? inner(def['valueType'])
        : 'a record with non-string keys';
    case 'tuple':
      if (def['rest']) return 'a tuple with a rest element';
      for (const item of def['items'] as unknown[]) {
        const found = inner(item);
        if (found) return found;
      }
      return null;
    case 'union':
      return unfaithfulUnion(def, inner);
    case 'transform':
    case 'pipe':
      return 'a transform, pipe or codec (a function makes the answer)';
    case 'date':
      return 'a z.date()';
    case 'lazy':
      return 'a recursive (lazy) schema';
    default:
      return `a z.${def.type}()`;
  }
}

function unfaithfulUnion(def: Def, inner: (child: unknown) => string | null): string | null {
  const options = def['options'] as z.ZodType[];
  for (const option of options) {
    const found = inner(option);
    if (found) return found;
  }
  if (typeof def['discriminator'] === 'string') return null;
  const isPrimitive = (option: z.ZodType) => PRIMITIVE_TYPES.has(unwrapped(option).type);
  return options.every(isPrimitive) ? null : 'a union of objects or arrays without a discriminator';
}

function unwrapped(schema: z.ZodType): Def {
  let def = defOf(schema);
  while (WRAPPERS.has(def.type)) def = defOf(def['innerType']);
  return def;
}

/** Keywords that only validate or describe: they do not change what fast-json-stringify writes. */
const VALIDATION_ONLY = new Set([
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'propertyNames',
  'description',
  'title',
  'examples',
  'example',
  'deprecated',
  'readOnly',
  'writeOnly',
  'contentEncoding',
  'contentMediaType',
  // zod's encode does not fill a default in (the answer must carry it); neither may the serializer.
  'default',
]);
/** The formats fast-json-stringify renders (a Date as such); others only validate. */
const RENDERED_FORMATS = new Set(['date-time', 'date', 'time']);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf']);

/**
 * The OpenAPI schema without its validation-only keywords: fast-json-stringify ignores them when it
 * writes, but Ajv would check them when it picks a union's branch, and a pattern written for zod (with
 * its `u` flag, say) need not compile there. `additionalProperties: false` goes too: fast-json-stringify
 * drops undeclared properties either way, and without it a branch still matches an object that carries
 * more than its answer (a database row), as zod's stripping object does.
 */
export function forFastJsonStringify(schema: unknown): unknown {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (VALIDATION_ONLY.has(key)) continue;
    if (key === 'format' && !RENDERED_FORMATS.has(String(value))) continue;
    if (key === 'additionalProperties' && value === false) continue;
    if (key === 'properties') {
      const properties = Object.entries(value as JsonSchema);
      result[key] = Object.fromEntries(
        properties.map(([name, child]) => [name, forFastJsonStringify(child)]),
      );
    } else if (SCHEMA_LISTS.has(key) || key === 'items') {
      result[key] = Array.isArray(value) ? value.map(forFastJsonStringify) : forFastJsonStringify(value);
    } else if (key === 'additionalProperties' || key === 'not') {
      result[key] = forFastJsonStringify(value);
    } else {
      result[key] = value;
    }
  }
  return withNullBranch(result);
}

/**
 * fast-json-stringify honours `nullable` beside a `type` only: a nullable union (OpenAPI 3.0's
 * `{ type, nullable, oneOf }`) would refuse null. It becomes a union with a null branch.
 */
function withNullBranch(schema: JsonSchema): JsonSchema {
  const branches = schema['oneOf'] ?? schema['anyOf'];
  if (schema['nullable'] !== true || !Array.isArray(branches)) return schema;
  const { nullable: _nullable, type: _type, oneOf: _oneOf, anyOf: _anyOf, ...rest } = schema;
  return { ...rest, anyOf: [{ type: 'null' }, ...branches] };
}
