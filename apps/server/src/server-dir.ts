import { resolve } from 'node:path';

/**
 * apps/server, found from this file's own place: it is one level below it both when the server runs from
 * its TypeScript (src/server-dir.ts) and when it runs from its build, where the bundler puts every module
 * in a file side by side in dist/ (decision 0042). Files the server reads at run time are found from here,
 * never from the module that reads them: that module's place differs between the two.
 */
export const SERVER_DIR = resolve(import.meta.dirname, '..');

/** The project's root (package.json, apps/web/dist). */
export const PROJECT_ROOT = resolve(SERVER_DIR, '../..');
