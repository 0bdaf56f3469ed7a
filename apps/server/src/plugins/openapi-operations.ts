/**
 * What the OpenAPI document says of every operation beyond its zod schemas: a stable operationId, the
 * security it needs (the session cookie when its hooks let only signed-in users through, the CSRF header
 * when it changes state), and schemas that OpenAPI 3.0 tools read without complaint.
 */
import { z } from 'zod';
import { errorBody } from '@odonto/domain/contracts/errors';
import { isSignedInHook } from './auth';

/** A route as @fastify/swagger's transform sees it: its method(s), hooks and config. */
export interface DocumentedRoute {
  method: string | readonly string[];
  onRequest?: unknown;
  preHandler?: unknown;
  config?: unknown;
}

type Schema = Record<string, unknown>;
type SecurityRequirement = Record<string, string[]>;

export const SECURITY_SCHEMES = {
  session: { type: 'apiKey', in: 'cookie', name: 'odonto_session' },
  csrf: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Requested-With',
    description: 'Always the value `odonto`, on every call that changes state.',
  },
} as const;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** 'GET', '/api/get-pacient/:id' → 'getGetPacientById': the method, then the path's words, stable. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .flatMap((segment) => {
      const parameter = /^(?::(.+)|\{(.+)\})$/.exec(segment);
      const name = parameter ? (parameter[1] ?? parameter[2] ?? '') : segment;
      const parts = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
      return parameter ? ['By', ...parts] : parts;
    });
  return method.toLowerCase() + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

function hooksOf(route: DocumentedRoute): unknown[] {
  return [route.onRequest, route.preHandler].flatMap((hooks) => (Array.isArray(hooks) ? hooks : [hooks]));
}

function changesState(method: string, route: DocumentedRoute): boolean {
  const config = (route.config ?? {}) as { csrf?: boolean };
  return !SAFE_METHODS.has(method.toUpperCase()) || config.csrf === true;
}

/** The session cookie when the route lets only signed-in users through; the CSRF header on writes. */
export function securityOf(method: string, route: DocumentedRoute): SecurityRequirement[] {
  const requirement: SecurityRequirement = {};
  if (hooksOf(route).some(isSignedInHook)) requirement.session = [];
  if (changesState(method, route)) requirement.csrf = [];
  return Object.keys(requirement).length === 0 ? [] : [requirement];
}

/** A route's own `security` (e.g. a session that is optional), with the CSRF header added on writes. */
function withCsrf(
  security: SecurityRequirement[],
  method: string,
  route: DocumentedRoute,
): SecurityRequirement[] {
  if (!changesState(method, route)) return security;
  return security.length === 0
    ? [{ csrf: [] }]
    : security.map((requirement) => ({ ...requirement, csrf: [] }));
}

/**
 * zod's `.nullable()` as OpenAPI 3.0 wants it: `nullable` stands beside a `type`. A nullable union of
 * schemas of one type gets that type beside it; `nullable` on a schema of any type (z.unknown()) is
 * dropped, as such a schema already takes null.
 */
export function withTypedNullables(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withTypedNullables);
  if (schema === null || typeof schema !== 'object') return schema;
  const result: Schema = {};
  for (const [key, value] of Object.entries(schema)) result[key] = withTypedNullables(value);
  if (result.nullable !== true || 'type' in result) return result;
  const branches = [result.oneOf, result.anyOf, result.allOf].find(Array.isArray) as Schema[] | undefined;
  const types = new Set(branches?.map((branch) => branch.type));
  const [onlyType] = types;
  if (branches && types.size === 1 && typeof onlyType === 'string') return { type: onlyType, ...result };
  if (!branches && Object.keys(result).every((key) => key === 'nullable' || key === 'description')) {
    const { nullable: _nullable, ...rest } = result;
    return rest;
  }
  return result;
}

type DocumentedOperation = { security?: unknown; responses?: Schema };

/**
 * Every signed-in operation answers 401 to a caller without a session; those whose schema documents no
 * such answer (file downloads, mostly, which document no answer at all) get it here, in the error shape.
 */
export function withUnauthenticatedAnswers<T extends { paths?: object }>(document: T): T {
  const unauthenticated = {
    description: 'Nu sunteți autentificat (fără sesiune sau sesiune expirată).',
    content: { 'application/json': { schema: z.toJSONSchema(errorBody, { target: 'openapi-3.0' }) } },
  };
  const paths = (document.paths ?? {}) as Record<string, Record<string, DocumentedOperation> | undefined>;
  for (const methods of Object.values(paths))
    for (const operation of Object.values(methods ?? {})) {
      // Only where every way in needs the session: `[{}, { session: [] }]` makes it optional.
      const signedIn =
        Array.isArray(operation.security) &&
        operation.security.length > 0 &&
        operation.security.every((requirement: object) => 'session' in requirement);
      if (signedIn && !operation.responses?.['401'])
        operation.responses = { ...operation.responses, 401: unauthenticated };
    }
  return document;
}

/** The operation's schema with its operationId, security and 3.0-clean schemas. */
export function documentOperation(
  schema: Schema,
  method: string,
  url: string,
  route: DocumentedRoute,
): Schema {
  return {
    ...(withTypedNullables(schema) as Schema),
    operationId: schema.operationId ?? operationIdOf(method, url),
    security: Array.isArray(schema.security)
      ? withCsrf(schema.security as SecurityRequirement[], method, route)
      : securityOf(method, route),
  };
}
