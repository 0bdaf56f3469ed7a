import type SharpModule from 'sharp';

/**
 * sharp (libvips), loaded with the first image the server reads or writes, not at every start (decision
 * 0042): loading it took 40–100 ms of CPU here.
 */
export async function loadSharp(): Promise<typeof SharpModule> {
  return (await import('sharp')).default;
}
