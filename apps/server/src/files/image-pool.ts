import { availableParallelism } from 'node:os';

/**
 * Decoding an image takes its whole pixel buffer in memory (a 49-megapixel PNG ≈ 200 MB), so at most
 * `limit` images are decoded at once and the other uploads wait their turn (IMAGE_DECODE_CONCURRENCY,
 * the CPU count by default). One pool per process: every feature's uploads share it.
 */
let limit = availableParallelism();
let active = 0;
const waiting: (() => void)[] = [];

export function setImageDecodeLimit(slots: number): void {
  limit = Math.max(1, Math.floor(slots));
}

/** Runs `work` once a decoding slot is free; the slot passes straight to the next in line. */
export async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (active < limit) active += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  }
}
