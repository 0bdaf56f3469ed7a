import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_TEMPLATE_ENV, ensureServerBuild, seedDemo } from './server';

/**
 * Builds the server when its build is stale, then seeds the demo clinic once per run; every demo server
 * starts on a copy (see startApp).
 */
export default function globalSetup(): () => void {
  ensureServerBuild();
  const template = mkdtempSync(join(tmpdir(), 'odonto-e2e-demo-'));
  seedDemo(template);
  process.env[DEMO_TEMPLATE_ENV] = template;
  return () => rmSync(template, { recursive: true, force: true });
}
