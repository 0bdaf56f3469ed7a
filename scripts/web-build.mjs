// Builds the web app only when its build is missing or older than any of its sources (build-stamp.mjs),
// so `npm start` is quick on every start after the first.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { isBuildStale, writeBuildStamp } from './build-stamp.mjs';

const root = resolve(import.meta.dirname, '..');
const stampFile = join(root, 'apps/web/dist/.build-stamp');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/domain/src',
  'package-lock.json',
];

/** True when apps/web/dist is missing or older than its sources. */
export function isWebBuildStale() {
  return isBuildStale(stampFile, root, sources);
}

/** Runs the Vite build when needed; exits the process when the build fails. */
export function ensureWebBuild({ force = false } = {}) {
  if (!force && !isWebBuildStale()) return false;
  console.log('odonto: building the web app…');
  const startedAt = new Date();
  const result = spawnSync('npm', ['run', 'build', '-w', '@odonto/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('odonto: the web build failed');
    process.exit(result.status ?? 1);
  }
  writeBuildStamp(stampFile, startedAt);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureWebBuild({ force: process.argv.includes('--force') });
}
