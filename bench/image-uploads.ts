// Memory under parallel uploads of huge images: 16 photos of 7000×7000 pixels (49 MP, the largest
// accepted) uploaded at once as patient avatars, through HTTP, against the real server on SQLite. Each
// decode holds ≈ 200 MB of pixels; the server decodes at most IMAGE_DECODE_CONCURRENCY at once (the CPU
// count by default). Reports the server's peak resident memory (VmHWM). Run: npm run bench -- image-uploads
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { residentMb } from './lib/clinic';
import { machineLine, writeSection } from './lib/results';
import { startBenchServer } from './lib/server';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 16);
const SIDE = 7000;
const ADMIN = { email: 'admin@bench.test', password: 'Parola-Bench-2026' };

interface Outcome {
  pool: string;
  arenas: string;
  statuses: Record<number, number>;
  seconds: number;
  peakMb: number;
}

/**
 * A 49-MP PNG of smooth gradients (a few MB to send, like a camera photo): decoding it takes its whole
 * pixel buffer whatever its content.
 */
async function hugePhoto(): Promise<Buffer> {
  const pixels = Buffer.alloc(SIDE * SIDE * 3);
  for (let y = 0; y < SIDE; y += 1)
    for (let x = 0; x < SIDE; x += 1) {
      const at = (y * SIDE + x) * 3;
      pixels[at] = (x * 255) / SIDE;
      pixels[at + 1] = (y * 255) / SIDE;
      pixels[at + 2] = ((x + y) * 127) / SIDE;
    }
  return sharp(pixels, { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** `arenas`: MALLOC_ARENA_MAX as npm start sets it ('2'), or null for glibc's default (8 per core). */
async function run(photo: Buffer, concurrency: number | null, arenas: '2' | null): Promise<Outcome> {
  const dataDir = await mkdtemp(join(tmpdir(), 'odonto-bench-images-'));
  const server = await startBenchServer(
    {
      ODONTO_DATA_DIR: dataDir,
      ODONTO_ADMIN_EMAIL: ADMIN.email,
      ODONTO_ADMIN_PASSWORD: ADMIN.password,
      OUTBOX_WORKER: 'false',
      UPLOAD_MAX_MB: '100',
      ...(concurrency === null ? {} : { IMAGE_DECODE_CONCURRENCY: String(concurrency) }),
      MALLOC_ARENA_MAX: arenas ?? undefined,
    },
    ADMIN,
  );
  const headers = { cookie: server.cookie, 'x-requested-with': 'odonto' };
  try {
    const created = await fetch(`${server.url}/api/save-pacient`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ nume: 'Popescu', prenume: 'Ion', telefon: '0722123456' }),
    });
    if (!created.ok) throw new Error(`patient: ${created.status} ${await created.text()}`);
    const { _id: patientId } = (await created.json()) as { _id: string };
    const baseline = residentMb(server.pid, 'VmHWM');
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: UPLOADS }, async () => {
        const form = new FormData();
        form.set('id', patientId);
        form.set('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'poza.png');
        const answer = await fetch(`${server.url}/api/save-avatar-img`, {
          method: 'POST',
          headers,
          body: form,
        });
        await answer.arrayBuffer();
        return answer.status;
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const statuses: Record<number, number> = {};
    for (const status of answers) statuses[status] = (statuses[status] ?? 0) + 1;
    console.log(`pool ${concurrency ?? 'default'}: baseline ${baseline} MB`);
    return {
      pool: concurrency === null ? `default (${availableParallelism()})` : String(concurrency),
      arenas: arenas ?? 'glibc default',
      statuses,
      seconds,
      peakMb: residentMb(server.pid, 'VmHWM'),
    };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const photo = await hugePhoto();
console.log(`a ${SIDE}×${SIDE} PNG of ${(photo.length / 2 ** 20).toFixed(1)} MB, ${UPLOADS} uploads at once`);
const outcomes = [await run(photo, null, '2'), await run(photo, null, null), await run(photo, UPLOADS, '2')];
const rows = outcomes.map(
  ({ pool, arenas, statuses, seconds, peakMb }) =>
    `| ${pool} | ${arenas} | ${UPLOADS} | ${Object.entries(statuses)
      .map(([status, count]) => `${count}× ${status}`)
      .join(', ')} | ${seconds.toFixed(1)} | ${peakMb} |`,
);
const body = [
  '## Parallel uploads of huge images (`bench/image-uploads.ts`)',
  '',
  machineLine(),
  '',
  `${UPLOADS} avatars of ${SIDE}×${SIDE} pixels (49 MP, a ${(photo.length / 2 ** 20).toFixed(1)} MB PNG) uploaded at once, SQLite. ` +
    'Peak resident memory of the server process (VmHWM), decoding pool as set by IMAGE_DECODE_CONCURRENCY, ' +
    'malloc arenas as set by MALLOC_ARENA_MAX. The first row is the server as `npm start` and the Docker ' +
    "image run it (two arenas); the second keeps glibc's default arenas, where the decoding threads leave " +
    'freed pixel buffers spread over many; the third lets every upload decode at once, as before the pool. ' +
    'Between runs the figures move by about ±40 MB.',
  '',
  '| decoding pool | malloc arenas | uploads | answers | all done in s | peak RSS MB |',
  '|---|---|---:|---|---:|---:|',
  ...rows,
].join('\n');
writeSection('image-uploads', body);
console.log(body);
