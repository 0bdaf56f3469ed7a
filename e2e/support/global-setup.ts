import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_TEMPLATE_ENV, seedDemo } from './server';

/** Seeds the demo clinic once per run; every demo server starts on a copy (see startApp). */
export default function globalSetup(): () => void {
  const template = mkdtempSync(join(tmpdir(), 'odonto-e2e-demo-'));
  seedDemo(template);
  process.env[DEMO_TEMPLATE_ENV] = template;
  return () => rmSync(template, { recursive: true, force: true });
}
