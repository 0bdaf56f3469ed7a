import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded when it is first used, not when the module using it is: for packages only some
 * requests need, so that the server starts without loading them (decision 0042). Synchronous, for callers
 * that are; `await import()` does the same for the others.
 */
export function onFirstUse<Package>(name: string): () => Package {
  let loaded: Package | undefined;
  return () => (loaded ??= require(name) as Package);
}
