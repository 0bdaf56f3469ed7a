// `npm run dev`: the API with reload on change (tsx watch) and the Vite dev server, which proxies /api.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@odonto/web'], { cwd: root, stdio: 'inherit' }),
];
/** @param {NodeJS.Signals} signal */
function stopAll(signal) {
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => stopAll(signal));
for (const child of children)
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    process.exitCode = code ?? 0;
  });
