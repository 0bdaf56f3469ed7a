// When a build is due: the web and the server builds (web-build.mjs, server-build.mjs) each leave a stamp
// file, and run again only when a source is newer than it, so `npm start` is quick on every start after
// the first.
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Newest modification time below a path, in ms; 0 when the path is missing.
 * @param {string} path
 * @returns {number}
 */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/**
 * True when the stamp is missing or older than any of the sources (paths below `root`).
 * @param {string} stampFile
 * @param {string} root
 * @param {readonly string[]} sources
 */
export function isBuildStale(stampFile, root, sources) {
  if (!existsSync(stampFile)) return true;
  const built = statSync(stampFile).mtimeMs;
  return sources.some((source) => newestMtime(join(root, source)) > built);
}

/**
 * Marks a build done, as of the moment it started: a source saved while it ran makes the next start build again.
 * @param {string} stampFile
 * @param {Date} startedAt
 */
export function writeBuildStamp(stampFile, startedAt) {
  writeFileSync(stampFile, `${startedAt.toISOString()}\n`);
  utimesSync(stampFile, startedAt, startedAt);
}
