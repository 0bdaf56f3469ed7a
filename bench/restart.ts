// Restart time (issue 20): ms from the start command to the first 200 of /api/health, on a data set that
// already exists (migrated, SIRUTA loaded) with the builds already done, as when a clinic's server is
// restarted. Target: `npm start` answers within --max-ms (default 1000) at the median. Writes its section of
// bench/RESULTS.md, beside the hot path's, and exits 1 when the target is missed.
//   npm run bench -- restart
import { cpus, loadavg } from 'node:os';
import { datasetEnv, ensurePatients } from './lib/dataset';
import { ensureBuilds, measureRestarts, type StartCommand } from './lib/restart';
import { machineLine, writeSection } from './lib/results';

const args = process.argv.slice(2);
const maxArg = args.indexOf('--max-ms');
const MAX_MS = maxArg >= 0 ? Number(args[maxArg + 1]) : 1000;
const RUNS = Number(process.env.BENCH_RESTARTS ?? 10);
const PATIENTS = 20_000;

const NPM_START = '`npm start`';
const STARTS: StartCommand[] = [
  { name: NPM_START, command: 'npm', args: ['start'] },
  {
    name: '`node --enable-source-maps apps/server/dist/main.js` (the server alone)',
    command: process.execPath,
    args: ['--enable-source-maps', 'apps/server/dist/main.js'],
  },
  {
    name: '`node --import tsx apps/server/src/main.ts` (the server alone, as `npm start` ran it before)',
    command: process.execPath,
    args: ['--import', 'tsx', 'apps/server/src/main.ts'],
  },
];

const loadLine = () =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

async function run(): Promise<void> {
  console.log(`restart: ${machineLine()}; load average ${loadLine()}`);
  const env = await datasetEnv('sqlite', `patients${PATIENTS}`);
  await ensurePatients(env, PATIENTS);
  ensureBuilds();
  const loads = [loadavg()[0] ?? 0];
  const times = await measureRestarts(STARTS, env, RUNS, () => loads.push(loadavg()[0] ?? 0));
  const load = Math.max(...loads);
  const npmStart = times.find((row) => row.name === NPM_START);
  const missed = !npmStart || npmStart.medianMs > MAX_MS;
  const table = [
    '| command | median ms | p95 ms | CPU ms (median) | each start, ms |',
    '|---|---:|---:|---:|---|',
    ...times.map(
      (row) =>
        `| ${row.name} | ${row.medianMs.toFixed(0)} | ${row.p95Ms.toFixed(0)} | ${row.cpuMedianMs.toFixed(0)} | ${row.samples.map((ms) => ms.toFixed(0)).join(', ')} |`,
    ),
  ].join('\n');
  writeSection(
    'restart',
    [
      '## Restart: from the start command to the first answer of `/api/health` (`bench/restart.ts`)',
      '',
      `SQLite, ${PATIENTS.toLocaleString('en')} patients, the web app and the server already built (a restart, not`,
      `a first start). Each command ${RUNS} times after one start that is not counted, the three taken in`,
      'turn; `/api/health` asked every 5 ms from the spawn on. `npm start` runs npm, the launcher',
      '(scripts/start.mjs: are the builds current?) and then the server; the other rows are the server',
      'alone. CPU: user and system time of every process of the start until that answer, which the',
      `machine's other work changes less than the wall time. Target: \`npm start\` answers within ${MAX_MS} ms`,
      'at the median.',
      `Machine: ${machineLine()}; 1-minute load average up to ${load.toFixed(2)} during the run` +
        (load > 1.5 ? ` (shared with other work on ${cpus().length} cores: noisy, pessimistic).` : '.'),
      missed
        ? `Missed: \`npm start\` median ${npmStart?.medianMs.toFixed(0)} ms.`
        : `\`npm start\` within ${MAX_MS} ms at the median.`,
      '',
      table,
    ].join('\n'),
  );
  console.log(table);
  console.log(`load average ${loadLine()}`);
  if (missed) {
    console.error(`restart: \`npm start\` median past ${MAX_MS} ms`);
    process.exit(1);
  }
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
