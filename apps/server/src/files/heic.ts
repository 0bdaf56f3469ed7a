import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { AppError } from '../plugins/errors';
import { SERVER_DIR } from '../server-dir';

// Plain JavaScript, so the worker runs from its source file also when the server runs from its build.
const WORKER = join(SERVER_DIR, 'src/files/heic-worker.mjs');
/** The conversion in progress plus those waiting; more would wait minutes, so they are refused. */
const MAX_QUEUED = 4;
const TIMEOUT_MS = 120_000;

let queue: Promise<unknown> = Promise.resolve();
let queued = 0;

/**
 * HEIC (HEVC) → JPEG with heic-convert in a worker thread, one conversion at a time. The caller checks
 * the pixel count first: the worker decodes the whole image into memory.
 */
export async function convertHeicToJpeg(input: Uint8Array): Promise<Buffer> {
  if (queued >= MAX_QUEUED) {
    throw new AppError(
      429,
      'rate_limited',
      'Serverul convertește alte imagini HEIC. Încercați din nou peste un minut.',
      {
        headers: { 'retry-after': '60' },
      },
    );
  }
  queued += 1;
  const conversion = queue.then(() => runWorker(input));
  queue = conversion.catch(() => undefined);
  try {
    return await conversion;
  } finally {
    queued -= 1;
  }
}

function runWorker(input: Uint8Array): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: { input } });
    const fail = (message: string) => reject(new AppError(422, 'unprocessable', message));
    const timer = setTimeout(() => {
      fail('Conversia imaginii HEIC a durat prea mult.');
      void worker.terminate();
    }, TIMEOUT_MS);
    worker.once('message', (output: unknown) => {
      if (output instanceof Uint8Array)
        resolve(Buffer.from(output.buffer, output.byteOffset, output.byteLength));
      else fail('Imaginea HEIC nu poate fi convertită.');
      void worker.terminate();
    });
    worker.once('error', () => fail('Imaginea HEIC nu poate fi citită; fișierul pare deteriorat.'));
    worker.once('exit', () => {
      clearTimeout(timer);
      fail('Imaginea HEIC nu poate fi convertită.');
    });
  });
}
