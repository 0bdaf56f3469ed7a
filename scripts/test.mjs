// `npm test`: the whole suite — unit and API tests (Vitest; API on SQLite, and on PostgreSQL too when
// TEST_DATABASE_URL is set), then end-to-end tests in Chromium (Playwright) against the real server.
// `npm test -- <spec file>… [--grep …]` runs all of Vitest and only those end-to-end tests (CI's second
// Node.js): the arguments go to Playwright. ODONTO_TEST_PROJECTS=domain,server narrows Vitest to those of
// its projects (vitest.config.ts), and ODONTO_TEST_EXCLUDE (comma-separated globs, relative to a project's
// root) leaves files out; CI's Node.js 20 run uses both (decision 0041).
// Ends with one summary line 'N passed, N failed' and a non-zero exit code when anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureServerBuild } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';

const root = resolve(import.meta.dirname, '..');
const outDir = join(root, '.test-output');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

/**
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 */
function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/** @param {string} file */
function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

// First: the process tests start `npm start`'s launcher, which would otherwise build the web app and the
// server itself, and the end-to-end tests run the built server.
ensureWebBuild();
await ensureServerBuild();
const vitestJson = join(outDir, 'vitest.json');
/** @param {string} name a comma-separated environment variable */
const listFromEnv = (name) =>
  (process.env[name] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const projects = listFromEnv('ODONTO_TEST_PROJECTS');
const excluded = listFromEnv('ODONTO_TEST_EXCLUDE');
const vitestStatus = run('npx', [
  'vitest',
  'run',
  ...projects.flatMap((name) => ['--project', name]),
  ...excluded.flatMap((glob) => ['--exclude', glob]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);

const playwrightJson = join(outDir, 'playwright.json');
const e2eSpecs = process.argv.slice(2);
const e2eStatus = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...e2eSpecs], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
});

const vitest = readJson(vitestJson);
const playwright = readJson(playwrightJson);
// A flaky end-to-end test passed on its retry: it counts as passed and is named in Playwright's own output.
const e2ePassed = (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0);
const passed = (vitest?.numPassedTests ?? 0) + e2ePassed;
const failedTests = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0);
const skipped =
  (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);
// A runner that crashed or exited non-zero without a failed test still fails the suite, and is counted once.
const isBroken = vitestStatus !== 0 || e2eStatus !== 0 || !vitest || !playwright;
const failed = failedTests > 0 ? failedTests : isBroken ? 1 : 0;

/**
 * The tests that failed, and those that passed only on a retry (CI retries once), each as 'file › name'.
 * @param {any} vitestResults
 * @param {any} playwrightResults
 */
function namedOutcomes(vitestResults, playwrightResults) {
  /** @type {string[]} */
  const failedNames = [];
  /** @type {string[]} */
  const retriedNames = [];
  for (const file of vitestResults?.testResults ?? []) {
    const path = String(file.name).replace(`${root}/`, '');
    for (const test of file.assertionResults ?? []) {
      // Vitest keeps the first attempt's errors on a test that passed on its retry.
      if (test.status === 'failed') failedNames.push(`${path} › ${test.fullName}`);
      else if (test.status === 'passed' && test.failureMessages?.length)
        retriedNames.push(`${path} › ${test.fullName}`);
    }
    if (
      file.status === 'failed' &&
      !(file.assertionResults ?? []).some((/** @type {any} */ t) => t.status === 'failed')
    ) {
      failedNames.push(`${path} › ${file.message || 'the file failed to run'}`);
    }
  }
  /** @param {any} suite @param {string[]} titles */
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = `e2e/${spec.file} › ${[...titles, spec.title].join(' › ')} [${test.projectName}]`;
        if (test.status === 'unexpected') failedNames.push(name);
        else if (test.status === 'flaky') retriedNames.push(name);
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title ? [...titles, child.title] : titles);
  };
  for (const suite of playwrightResults?.suites ?? []) walk(suite, []);
  return { failedNames, retriedNames };
}

const { failedNames, retriedNames } = namedOutcomes(vitest, playwright);
const outcomeLines = [
  ...failedNames.map((name) => `FAILED: ${name}`),
  ...retriedNames.map((name) => `passed on its retry: ${name}`),
];
writeFileSync(join(outDir, 'outcomes.txt'), outcomeLines.map((line) => `${line}\n`).join(''));

console.log('');
for (const line of outcomeLines) console.log(line);
console.log(
  `unit+api: ${vitest ? `${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed` : 'no result'}`,
);
console.log(
  `e2e: ${playwright ? `${e2ePassed} passed, ${playwright.stats.unexpected} failed` : 'no result'}`,
);
const summary = `${passed} passed, ${failed} failed, ${skipped} skipped`;
console.log(summary);
// For .ci/run, which runs the suite on two Node.js versions and closes on one line for both.
writeFileSync(join(outDir, 'summary.txt'), `${summary}\n`);
process.exit(failed > 0 ? 1 : 0);
