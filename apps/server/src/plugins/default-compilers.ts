import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

// Fastify's dependencies, not ours: found from Fastify's own install.
const requireFromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));

/** The factory a package's default export makes, made on the first call. */
function onFirstUse<Factory extends (...args: never[]) => unknown>(name: string): Factory {
  let factory: Factory | undefined;
  const call = (...args: Parameters<Factory>) => {
    factory ??= (requireFromFastify(name) as () => Factory)();
    return factory(...args);
  };
  return call as Factory;
}

/**
 * Fastify's default validator and serializer compilers (Ajv and fast-json-stringify), loaded only when a
 * route first needs one. Fastify otherwise loads both as it is created, though the app validates and
 * serialises with zod's compilers (app.ts): loading them was about a tenth of the server's start
 * (decision 0042).
 */
export const lazyDefaultCompilers: CompilersFactory = {
  buildValidator: onFirstUse<NonNullable<CompilersFactory['buildValidator']>>('@fastify/ajv-compiler'),
  buildSerializer: onFirstUse<NonNullable<CompilersFactory['buildSerializer']>>(
    '@fastify/fast-json-stringify-compiler',
  ),
};
