import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_FILES_MOCKING_MODULES } from './module-mocking-files';

const webRoot = resolve(import.meta.dirname, '../..');

/** The web app's test files, relative to apps/web. */
function testFiles(): string[] {
  return ['src', 'build'].flatMap((folder) =>
    readdirSync(join(webRoot, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.test\.tsx?$/.test(name))
      .map((name) => relative(webRoot, join(webRoot, folder, name))),
  );
}

describe('the web tests that replace a module', () => {
  it('are each listed to run in their own project, and nothing else is', () => {
    const mocking = testFiles().filter((file) =>
      /\bvi\.mock\(/.test(readFileSync(join(webRoot, file), 'utf8').replace(/\/\/.*$/gm, '')),
    );
    expect(mocking.length).toBeGreaterThan(0);
    expect([...WEB_FILES_MOCKING_MODULES].sort()).toEqual([...mocking].sort());
  });
});
