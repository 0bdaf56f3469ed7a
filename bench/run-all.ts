// `npm run bench [-- name…]`: runs the named benchmarks (all when none is named), one after the other.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const ALL = [
  'patients-search',
  'million',
  'patient-history',
  'plans',
  'reports',
  'image-uploads',
  'load',
  'hot-path',
  'restart',
  'web-budgets',
];
const chosen = process.argv.slice(2).filter((name) => !name.startsWith('-'));
for (const name of chosen.length ? chosen : ALL) {
  if (!ALL.includes(name)) {
    console.error(`unknown benchmark ${name}; known: ${ALL.join(', ')}`);
    process.exit(2);
  }
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', resolve(import.meta.dirname, `${name}.ts`)],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
