import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { finished, listening } from './processes';

const repoRoot = resolve(import.meta.dirname, '../../..');

/**
 * How the server stops (`npm start`'s launcher, a process manager's SIGTERM, a terminal's Ctrl-C): always
 * the same drain, exit code 0, the database checkpointed (no -wal file left behind).
 */
describe('stopping the server', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'odonto-stop-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  const env = () => ({
    PATH: process.env['PATH'] ?? '',
    HOME: process.env['HOME'] ?? '',
    PORT: '0',
    HOST: '127.0.0.1',
    ODONTO_DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    OUTBOX_WORKER: 'false',
  });
  /** `npm start`'s launcher, as the leader of its own process group (as a terminal starts it). */
  const startLauncher = () =>
    spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: repoRoot,
      env: env(),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const walLeft = () => existsSync(join(dataDir, 'odonto.sqlite-wal'));

  it('SIGTERM to the launcher (a process manager, docker stop) drains the server and exits 0', async () => {
    const launcher = startLauncher();
    const done = finished(launcher);
    await listening(launcher);
    // The server runs with two malloc arenas (decoded images otherwise leave memory in many).
    const pid = launcher.pid ?? 0;
    const serverPid = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ')[0];
    const serverEnv = readFileSync(`/proc/${serverPid}/environ`, 'utf8').split('\0');
    expect(serverEnv).toContain('MALLOC_ARENA_MAX=2');
    // Node.js 22+ keeps the modules' compiled code for the next start there (decision 0076).
    const compileCache = join(repoRoot, 'node_modules', '.cache', 'odonto-compile');
    expect(serverEnv).toContain(`NODE_COMPILE_CACHE=${compileCache}`);
    launcher.kill('SIGTERM');
    const { code, stdout } = await done;
    expect(code).toBe(0);
    expect(stdout).toContain('shutting down');
    expect(stdout).toContain('"msg":"stopped"');
    expect(walLeft()).toBe(false);
    // Written as the server exits.
    if (Number(process.versions.node.split('.')[0]) >= 22) {
      expect(readdirSync(compileCache, { recursive: true }).length).toBeGreaterThan(0);
    }
  }, 180_000);

  it("Ctrl-C (SIGINT to the terminal's process group) drains once, every time", async () => {
    for (let run = 0; run < 3; run++) {
      const launcher = startLauncher();
      const done = finished(launcher);
      await listening(launcher);
      process.kill(-(launcher.pid ?? 0), 'SIGINT');
      const { code, stdout } = await done;
      expect(code, stdout).toBe(0);
      expect(stdout).toContain('"msg":"stopped"');
      expect(stdout).not.toContain('already shutting down');
      expect(walLeft()).toBe(false);
    }
  }, 180_000);

  it('a launcher killed outright leaves no orphan: the server notices and drains', async () => {
    const launcher = startLauncher();
    const output = finished(launcher);
    const url = await listening(launcher);
    launcher.kill('SIGKILL');
    // The server shares the launcher's output pipes: they close when the server has exited.
    const { stdout } = await output;
    expect(stdout).toContain('"msg":"stopped"');
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  }, 180_000);
});
