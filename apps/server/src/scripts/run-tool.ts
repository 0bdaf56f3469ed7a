import { ConfigError } from '../config';
import { Refusal } from '../features/backups/refusal';

/** What a tool prints when it is done, and its exit code (0 unless given). */
export type ToolReport = string | { text: string; code: number };

/**
 * Runs a command-line tool (`npm run backup`, `restore`, `files`): prints its report and exits with its
 * code. A refusal prints its message and exits with its code, a configuration error its message, anything
 * else the error itself, with 1.
 */
export function runTool(run: () => Promise<ToolReport>): void {
  run().then(
    (report) => {
      const { text, code } = typeof report === 'string' ? { text: report, code: 0 } : report;
      console.log(text);
      process.exit(code);
    },
    (error: unknown) => {
      if (error instanceof Refusal) {
        console.error(error.message);
        process.exit(error.code);
      }
      console.error(error instanceof ConfigError ? error.message : error);
      process.exit(1);
    },
  );
}
