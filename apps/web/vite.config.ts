import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { sentryVitePlugin } from '@sentry/bundler-plugins/vite';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { phaseChunks } from './build/chunk-groups';

const API_TARGET = process.env.ODONTO_API_URL ?? 'http://localhost:3000';

/**
 * With SENTRY_AUTH_TOKEN, SENTRY_ORG and SENTRY_PROJECT set at build time, the source maps go to Sentry
 * (SENTRY_URL for a self-hosted one) and are then deleted from dist, so they are never served either
 * way. Without them nothing is sent anywhere.
 */
function sentrySourceMaps(env: NodeJS.ProcessEnv): PluginOption[] {
  const { SENTRY_AUTH_TOKEN: authToken, SENTRY_ORG: org, SENTRY_PROJECT: project, SENTRY_URL: url } = env;
  if (!authToken || !org || !project) return [];
  return sentryVitePlugin({
    authToken,
    org,
    project,
    ...(url ? { url } : {}),
    telemetry: false,
    sourcemaps: { filesToDeleteAfterUpload: ['dist/**/*.map'] },
  });
}

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;
/** Smaller files gain nothing worth a second request header's bytes. */
const COMPRESS_FROM_BYTES = 1024;

/** Every file below `dir`, recursively. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesBelow(path) : [path];
  });
}

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the build, at the strongest
 * settings: compressed once here, the server sends them as they are (issue 15, a tablet on mobile data).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'odonto-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesBelow(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < COMPRESS_FROM_BYTES) continue;
        const content = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * The production build runs React's API on Preact (decision 0051): React DOM was 58 of the sign-in screen's
 * 186 KB against issue 15's 150. The dev server and the unit tests keep React.
 */
const reactOnPreact = [
  { find: /^react$/, replacement: resolve(import.meta.dirname, 'build/react-on-preact.ts') },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

export default defineConfig(({ command }) => ({
  plugins: [react(), ...sentrySourceMaps(process.env), precompress()],
  resolve: { alias: command === 'build' ? reactOnPreact : [] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps are written for error reporting but not referenced from the served files.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // The libraries every screen needs, sign-in included, each in a chunk of its own, cached across the
        // deploys that do not upgrade them (issue 15's budgets; decision 0039). The screens' own code and
        // what they alone use stay split by the lazy routes (app/router.tsx).
        codeSplitting: {
          // A group takes only the modules it names: with their dependencies it would pull the entry's own
          // modules (Mantine's core, say) out of the entry and into the sign-in chunk.
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|preact)[\\/]|react-on-preact/,
            },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // The sign-in screen's modules, then the signed-in shell's with the patient list's, one chunk each.
            { name: phaseChunks('app/main.tsx') },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/history-imgs': { target: API_TARGET, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/history-imgs': { target: API_TARGET, changeOrigin: false },
    },
  },
}));
