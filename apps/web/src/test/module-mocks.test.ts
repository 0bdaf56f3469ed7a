import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const webRoot = resolve(import.meta.dirname, '../..');
const vitestConfig = readFileSync(resolve(webRoot, '../../vitest.config.ts'), 'utf8');

/** The web app's test files, relative to apps/web. */
function testFiles(): string[] {
  return ['src', 'build'].flatMap((folder) =>
    readdirSync(join(webRoot, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.test\.tsx?$/.test(name))
      .map((name) => relative(webRoot, join(webRoot, folder, name))),
  );
}

describe('the web tests that replace a module', () => {
  // The web project shares a worker's modules between files (decision 0064): a vi.mock there would leak
  // into the files after it, so such a file must be listed in its own isolated project.
  it('are each listed in vitest.config.ts, and nothing else is', () => {
    const mocking = testFiles().filter((file) =>
      /\bvi\.mock\(/.test(readFileSync(join(webRoot, file), 'utf8').replace(/\/\/.*$/gm, '')),
    );
    const listed = [...vitestConfig.matchAll(/const webFilesMockingModules = \[([^\]]*)\]/g)].flatMap(
      (match) => [...(match[1] ?? '').matchAll(/'([^']+)'/g)].map((name) => name[1]),
    );
    expect(mocking.length).toBeGreaterThan(0);
    expect([...listed].sort()).toEqual([...mocking].sort());
  });
});
