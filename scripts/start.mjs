// `npm start`: build the web app and the server if needed, then run the server (API + web) on one port,
// as compiled JavaScript (decision 0042).
// `npm run demo`: the same on ./data-demo, seeded with a demo clinic first.
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ensureServerBuild, serverEntries } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';

const root = resolve(import.meta.dirname, '..');
const isDemo = process.argv.includes('--demo');
// Node.js 22 and later keep each module's compiled code between starts in NODE_COMPILE_CACHE, so a
// restart compiles only what changed (decision 0076); Node.js 20 ignores the variable. A value already set
// is kept.
/** @type {NodeJS.ProcessEnv} */
const env = { NODE_COMPILE_CACHE: resolve(root, 'node_modules', '.cache', 'odonto-compile'), ...process.env };
if (isDemo) env.ODONTO_DATA_DIR = env.ODONTO_DATA_DIR ?? resolve(root, 'data-demo');

ensureWebBuild();
await ensureServerBuild();

if (isDemo) {
  const seed = spawnSync(process.execPath, ['--enable-source-maps', serverEntries.seedDemo], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  if (seed.status !== 0) process.exit(seed.status ?? 1);
}

// The server runs in a process group of its own, so a terminal's Ctrl-C reaches it once, through this
// launcher, and not a second time straight from the terminal. Each signal is passed on as it came: the
// server drains on the first, ignores the second and exits at once on the third (apps/server/src/main.ts);
// if this launcher is killed outright the server notices it is gone and drains.
// Source maps: stack traces (in the log and in Sentry) name the TypeScript files and lines.
const server = spawn(process.execPath, ['--enable-source-maps', serverEntries.main], {
  cwd: root,
  // Two malloc arenas, not eight per core: image decoding threads otherwise leave each arena holding
  // freed pixel buffers (bench/RESULTS.md, parallel uploads: about 470–510 MB peak instead of 610).
  env: { MALLOC_ARENA_MAX: '2', ...env, ODONTO_LAUNCHER_PID: String(process.pid) },
  stdio: 'inherit',
  detached: true,
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']))
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null)
      server.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
