// Builds the web app only when its build is missing or older than any of its sources,
// so `npm start` is quick on every start after the first.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

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

/** Newest modification time below a path, in ms; 0 when the path is missing. */
/**
 * @param {string} path
 * @returns {number}
 */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when apps/web/dist is missing or older than its sources. */
export function isWebBuildStale() {
  if (!existsSync(stampFile)) return true;
  const built = statSync(stampFile).mtimeMs;
  return sources.some((source) => newestMtime(join(root, source)) > built);
}

/** Runs the Vite build when needed; exits the process when the build fails. */
export function ensureWebBuild({ force = false } = {}) {
  if (!force && !isWebBuildStale()) return false;
  console.log('odonto: building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@odonto/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('odonto: the web build failed');
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, new Date().toISOString());
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureWebBuild({ force: process.argv.includes('--force') });
}
