// `npm start`: build the web app if needed, then run the server (API + web) on one port.
// `npm run demo`: the same on ./data-demo, seeded with a demo clinic first.
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ensureWebBuild } from './web-build.mjs';

const root = resolve(import.meta.dirname, '..');
const isDemo = process.argv.includes('--demo');
const env = { ...process.env };
if (isDemo) env.ODONTO_DATA_DIR = env.ODONTO_DATA_DIR ?? resolve(root, 'data-demo');

ensureWebBuild();

if (isDemo) {
  const seed = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/seed-demo.ts'], {
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
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
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
