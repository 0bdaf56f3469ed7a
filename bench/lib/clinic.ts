import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { ensureServerBuild } from './server';

const repoRoot = resolve(import.meta.dirname, '../..');

/**
 * Fills the data set with the demo clinic: `npm run demo`'s seed, from the server's build as that runs it
 * (it adds only what is missing).
 */
export function ensureDemoClinic(env: Record<string, string>): void {
  ensureServerBuild();
  const seeded = spawnSync(process.execPath, ['--enable-source-maps', 'apps/server/dist/seed-demo.js'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`the demo seed failed: ${seeded.stderr || seeded.stdout}`);
}

/** A 1600×1200 JPEG of smooth gradients and noise, about the size an intraoral camera sends. */
export async function clinicPhoto(): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let at = 0; at < pixels.length; at += 3) {
    const x = (at / 3) % width;
    const y = Math.floor(at / 3 / width);
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const noise = seed % 24;
    pixels[at] = 180 + ((x * 60) / width + noise) / 2;
    pixels[at + 1] = 90 + (y * 80) / height + noise;
    pixels[at + 2] = 90 + noise;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A process's memory from /proc in MB: resident now (VmRSS) or its peak (VmHWM). */
export function residentMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}
