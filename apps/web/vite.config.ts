import { sentryVitePlugin } from '@sentry/bundler-plugins/vite';
import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  plugins: [react(), ...sentrySourceMaps(process.env)],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps are written for error reporting but not referenced from the served files.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 800,
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
});
