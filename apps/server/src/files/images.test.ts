import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bmp, hasGpsTag, phoneJpeg, pngClaiming, redBlue, transparentPng } from '../../test/stored-files';
import { convertHeicToJpeg } from './heic';
import { detectImageFormat, prepareImage } from './images';

const HEIC = readFileSync(join(import.meta.dirname, '__fixtures__/red-blue-gps.heic'));
const OPTIONS = { formatError: 'Format document nesuportat.' };

/** The red, green and blue of one pixel of an image. */
async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

const isRed = ([r = 0, , b = 0]: number[]) => r > 150 && b < 100;
const isBlue = ([r = 0, , b = 0]: number[]) => b > 150 && r < 100;

describe('detectImageFormat', () => {
  it.each([
    ['png', () => redBlue('png')],
    ['jpeg', () => redBlue('jpeg')],
    ['gif', () => redBlue('gif')],
    ['bmp', async () => bmp()],
    ['heif', async () => HEIC],
    ['heif', () => redBlue('avif')],
  ] as const)('knows %s by its first bytes', async (format, make) => {
    expect(detectImageFormat(await make())).toBe(format);
  });

  it.each([
    ['text', Buffer.from('nu este o imagine, doar text simplu')],
    ['PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n')],
    [
      'MP4 video (ftyp isom)',
      Buffer.from('000000206674797069736f6d0000020069736f6d69736f32617663316d703431', 'hex'),
    ],
    ['too short', Buffer.from([0xff, 0xd8, 0xff])],
  ])('refuses %s', (_label, bytes) => {
    expect(detectImageFormat(bytes)).toBeNull();
  });
});

describe('prepareImage', () => {
  it('turns a phone JPEG upright and drops its EXIF, GPS included', async () => {
    const input = await phoneJpeg();
    const before = await sharp(input).metadata();
    expect(before).toMatchObject({ width: 120, height: 80, orientation: 6 });
    expect(hasGpsTag(before.exif)).toBe(true);

    const { main, thumb } = await prepareImage(input, OPTIONS);
    const after = await sharp(main.data).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 80, height: 120 });
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Orientation 6 turns the picture a quarter clockwise: the red left half is now on top.
    expect(isRed(await pixel(main.data, 40, 10))).toBe(true);
    expect(isBlue(await pixel(main.data, 40, 110))).toBe(true);
    expect(thumb).toMatchObject({ contentType: 'image/png', extension: 'png', width: 256, height: 256 });
    expect((await sharp(thumb.data).metadata()).exif).toBeUndefined();
  });

  it('converts a HEIC (HEVC) photo to JPEG through heic-convert, without its EXIF', async () => {
    expect(hasGpsTag((await sharp(HEIC).metadata()).exif)).toBe(true);
    const { source, main } = await prepareImage(HEIC, OPTIONS);
    expect(source).toBe('heif');
    expect(main).toMatchObject({ contentType: 'image/jpeg', extension: 'jpg', width: 96, height: 64 });
    expect((await sharp(main.data).metadata()).exif).toBeUndefined();
    expect(isRed(await pixel(main.data, 10, 32))).toBe(true);
    expect(isBlue(await pixel(main.data, 86, 32))).toBe(true);
  });

  it('keeps transparency as PNG and caps the longest side', async () => {
    expect((await prepareImage(await transparentPng(), OPTIONS)).main.contentType).toBe('image/png');
    const big = await redBlue('jpeg', 2400, 1200);
    expect((await prepareImage(big, OPTIONS)).main).toMatchObject({ width: 1600, height: 800 });
    expect((await prepareImage(big, { ...OPTIONS, maxSide: 500 })).main).toMatchObject({
      width: 500,
      height: 250,
    });
  });

  it('refuses what it cannot take, with Romanian messages', async () => {
    await expect(prepareImage(Buffer.from('doar text, nu o imagine'), OPTIONS)).rejects.toMatchObject({
      statusCode: 415,
      message: 'Format document nesuportat.',
    });
    const rle = bmp();
    rle.writeUInt32LE(1, 30);
    await expect(prepareImage(rle, OPTIONS)).rejects.toMatchObject({ statusCode: 415, message: /BMP/ });
    const truncated = (await redBlue('jpeg', 400, 300)).subarray(0, 400);
    await expect(prepareImage(truncated, OPTIONS)).rejects.toMatchObject({
      statusCode: 422,
      message: 'Imaginea nu poate fi citită; fișierul pare deteriorat.',
    });
    await expect(prepareImage(await pngClaiming(10_000, 6_000), OPTIONS)).rejects.toMatchObject({
      statusCode: 422,
      message: 'Imaginea are prea mulți pixeli (cel mult 50 de megapixeli).',
    });
  });
});

describe('convertHeicToJpeg', () => {
  it('converts one image at a time and refuses more than four waiting', async () => {
    const calls = Array.from({ length: 6 }, () =>
      convertHeicToJpeg(HEIC).then(
        (jpeg) => jpeg.subarray(0, 3).toString('hex'),
        (error: { statusCode?: number }) => error.statusCode,
      ),
    );
    expect(await Promise.all(calls)).toEqual(['ffd8ff', 'ffd8ff', 'ffd8ff', 'ffd8ff', 429, 429]);
  });

  it('answers 422 for bytes heic-convert cannot read', async () => {
    await expect(convertHeicToJpeg(Buffer.from('ftyp but not really a heic file'))).rejects.toMatchObject({
      statusCode: 422,
    });
  });
});
