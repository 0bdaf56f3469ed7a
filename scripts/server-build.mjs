// Builds the server to JavaScript (apps/server/dist) when the build is missing or older than its sources,
// so that `npm start` runs it with plain `node` instead of compiling TypeScript at every start (decision
// 0042). `node scripts/server-build.mjs [--force]`.
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { isBuildStale, writeBuildStamp } from './build-stamp.mjs';

const root = resolve(import.meta.dirname, '..');
const outDir = join(root, 'apps/server/dist');
const stampFile = join(outDir, '.build-stamp');
const sources = [
  'apps/server/src',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'packages/domain/src',
  'tsconfig.base.json',
  'package-lock.json',
  'scripts/server-build.mjs',
];

/** The compiled entry points, run with `node --enable-source-maps`. */
export const serverEntries = {
  main: join(outDir, 'main.js'),
  seedDemo: join(outDir, 'seed-demo.js'),
};

/** True when apps/server/dist is missing or older than its sources. */
export function isServerBuildStale() {
  return isBuildStale(stampFile, root, sources);
}

/**
 * Pure JavaScript packages bundled too: ES modules of hundreds of files each, which Node would load one by
 * one at every start (kysely and zod were about a sixth of the start's CPU). Only the server imports them;
 * zod also fastify-type-provider-zod, bundled with it so that there is one zod.
 */
const BUNDLED_PACKAGES = ['kysely', 'zod', 'fastify-type-provider-zod'];

/**
 * Every module of the server and of @odonto/domain in the bundle, and BUNDLED_PACKAGES; every other package
 * stays in node_modules, loaded by Node as before (native ones such as better-sqlite3 and sharp cannot be
 * bundled, and others find files next to their own).
 * @type {import('esbuild').Plugin}
 */
const packagesFromNodeModules = {
  name: 'packages-from-node-modules',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) => {
      const name = path.split('/', path.startsWith('@') ? 2 : 1).join('/');
      return name.startsWith('@odonto/') || BUNDLED_PACKAGES.includes(name)
        ? undefined
        : { path, external: true };
    });
  },
};

/**
 * Runs the build. Each file replaces its old self whole (written aside, then renamed), so a server that
 * starts meanwhile, or a second build at the same time (parallel tests), never reads half a file.
 */
async function build() {
  const esbuild = await import('esbuild');
  const result = await esbuild
    .build({
      absWorkingDir: root,
      entryPoints: {
        main: 'apps/server/src/main.ts',
        'seed-demo': 'apps/server/src/scripts/seed-demo.ts',
      },
      outdir: outDir,
      bundle: true,
      // The modules main.ts imports only after Sentry.init stay in chunks of their own, loaded as late as
      // before: Sentry instruments the packages (http, Fastify) imported after it starts.
      splitting: true,
      format: 'esm',
      platform: 'node',
      // The oldest Node.js it runs on (decision 0041); import attributes (`with { type: 'json' }`) kept.
      target: 'node20.19',
      // Read by `node --enable-source-maps` for stack traces (the log's, Sentry's) that name the TypeScript
      // files and lines; the sources themselves stay in src/.
      sourcemap: true,
      sourcesContent: false,
      plugins: [packagesFromNodeModules],
      logLevel: 'warning',
      write: false,
    })
    // esbuild's service process would otherwise stay, a child of `npm start`'s launcher beside the server.
    .finally(() => esbuild.stop());
  mkdirSync(outDir, { recursive: true });
  const written = new Set(['.build-stamp']);
  for (const file of result.outputFiles) {
    const name = relative(outDir, file.path);
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
    written.add(name);
  }
  // Chunks of earlier builds (their names carry a hash of their content); not another build's files in the
  // making.
  for (const name of readdirSync(outDir))
    if (!written.has(name) && !name.endsWith('.tmp')) rmSync(join(outDir, name), { force: true });
}

/** Builds when needed; exits the process when the build fails. Answers whether it built. */
export async function ensureServerBuild({ force = false } = {}) {
  if (!force && !isServerBuildStale()) return false;
  console.log('odonto: building the server…');
  const startedAt = new Date();
  try {
    await build();
  } catch (error) {
    console.error('odonto: the server build failed', error);
    process.exit(1);
  }
  writeBuildStamp(stampFile, startedAt);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await ensureServerBuild({ force: process.argv.includes('--force') });
}
