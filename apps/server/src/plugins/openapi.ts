import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../app-types';
import type { Config } from '../config';
import {
  documentOperation,
  SECURITY_SCHEMES,
  withTypedNullables,
  withUnauthenticatedAnswers,
} from './openapi-operations';

export const DOCS_PREFIX = '/api/docs';

const zodTransform = createJsonSchemaTransform({
  skipList: [
    `${DOCS_PREFIX}`,
    `${DOCS_PREFIX}/`,
    `${DOCS_PREFIX}/*`,
    `${DOCS_PREFIX}/json`,
    `${DOCS_PREFIX}/yaml`,
  ],
});

/**
 * The JSON Schema the OpenAPI document gives an answer of `schema` (zod's output side, OpenAPI 3.0's
 * `nullable`): the compiled response serializers (response-serializer.ts) are built from the same text.
 */
export function responseJsonSchema(schema: unknown): unknown {
  const input = {
    url: '/answer',
    route: { method: 'GET', url: '/answer' },
    schema: { response: { 200: schema } },
    openapiObject: { openapi: '3.0.3' },
  } as unknown as Parameters<typeof zodTransform>[0];
  const { response } = zodTransform(input).schema as { response: Record<number, unknown> };
  return withTypedNullables(response[200]);
}

/** OpenAPI generated from the routes' zod schemas, browsable at /api/docs. */
export async function registerOpenApi(app: App, config: Config): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Odonto API',
        description:
          'Write calls (every method but GET/HEAD/OPTIONS, and the GET calls that delete) need the header ' +
          '`X-Requested-With: odonto`. Signed-in calls carry the `odonto_session` cookie set by POST /api/login. ' +
          'A write may carry `Idempotency-Key` (1–200 visible ASCII characters, e.g. a UUID, new for each ' +
          'submission): a repeat with the same key and body within 24 hours gets the first answer again, ' +
          'marked `Idempotent-Replayed: true`, without writing; the same key with another body is 422; a ' +
          'repeat sent while the first is still running waits for it (409 with Retry-After after 10 s).',
        version: '1',
      },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: (input) => {
      const { schema, url } = zodTransform(input);
      const methods = [input.route.method].flat().filter((method) => method !== 'HEAD');
      const method = methods[0] ?? 'GET';
      return { schema: documentOperation(schema as Record<string, unknown>, method, url, input.route), url };
    },
    transformObject: (documents) =>
      'openapiObject' in documents
        ? withUnauthenticatedAnswers(documents.openapiObject)
        : documents.swaggerObject,
  });
  // Its page loads only its own scripts and styles, so the app's strict CSP needs no exception.
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}
