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

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
