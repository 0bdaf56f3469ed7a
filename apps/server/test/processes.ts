import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export const SERVER_DIR = resolve(import.meta.dirname, '..');

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a server script with tsx, like `npm start` does, and collects its output. */
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
  return spawn(process.execPath, ['--import', 'tsx', resolve(SERVER_DIR, script), ...args], {
    cwd: SERVER_DIR,
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
