import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { PROJECT_ROOT } from '../src/server-dir';

export const SERVER_DIR = resolve(import.meta.dirname, '..');

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a server script with tsx, as `npm run restore` and the other tools do, and collects its output. */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
  stdin?: string,
): Promise<Finished> {
  const child = startScript(script, args, env);
  if (stdin !== undefined) child.stdin?.end(stdin);
  else child.stdin?.end();
  return finished(child);
}

export function startScript(script: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawnNode(['--import', 'tsx', resolve(SERVER_DIR, script), ...args], env, SERVER_DIR);
}

/**
 * A program of the server's build (`dist/<entry>`) with plain `node`, from the project's root, as `npm start`
 * runs `main.js` and `npm run demo` runs `seed-demo.js` (decision 0042). The server project's global setup
 * builds it first when a source is newer than the build.
 */
export function startBuilt(entry: 'main.js' | 'seed-demo.js', env: Record<string, string>): ChildProcess {
  return spawnNode(['--enable-source-maps', resolve(SERVER_DIR, 'dist', entry)], env, PROJECT_ROOT);
}

/** The server as `npm start` runs it. */
export function startServer(env: Record<string, string>): ChildProcess {
  return startBuilt('main.js', env);
}

/** Builds `dist/` when a source is newer than the build, as `npm start` does (scripts/server-build.mjs). */
export function buildServerWhenStale(): void {
  const built = spawnSync(process.execPath, ['scripts/server-build.mjs'], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`the server build failed: ${built.stderr || built.stdout}`);
}

/** Node.js with `args`, in `cwd`, with `env` as its whole environment but PATH and HOME. */
function spawnNode(args: string[], env: Record<string, string>, cwd: string): ChildProcess {
  return spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

export function finished(child: ChildProcess): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) => child.on('close', (code) => done({ code, stdout, stderr })));
}

/** Resolves with the server's address once it logs that it listens; rejects if it exits first. */
export async function listening(server: ChildProcess): Promise<string> {
  const [, address] = await printed(server, /Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
  return address ?? '';
}

/** Resolves with the match once the process has printed `pattern`; rejects if it exits first. */
export function printed(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise<RegExpExecArray>((resolve, reject) => {
    let log = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const match = pattern.exec(log);
      if (match) resolve(match);
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${log}`)));
  });
}
