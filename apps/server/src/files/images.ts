import type SharpModule from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { AppError } from '../plugins/errors';
import { convertHeicToJpeg } from './heic';
import { BmpUnsupportedError, decodeBmp, type DecodedBmp } from './bmp';
import { withImageSlot } from './image-pool';
import { loadSharp } from './sharp';

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'bmp' | 'heif';

/** An encoded image ready to store. */
export interface EncodedImage {
  data: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  extension: 'jpg' | 'png';
  width: number;
  height: number;
}

export interface ImageOptions {
  /** The Romanian message when the content is not an image we take (415). */
  formatError: string;
  /** The longest side of the stored image; smaller images keep their size. */
  maxSide?: number;
  /** The thumbnail's box; 'cover' crops it square (avatars), 'inside' keeps the whole picture. */
  thumbSide?: number;
  thumbFit?: 'cover' | 'inside';
  /** Keep lossless sources (PNG, BMP, GIF) lossless: X-rays and scanned text must not gain JPEG artefacts. */
  keepLossless?: boolean;
}

/** Above this an image is refused before it is decoded: 50 MP is twice a flagship phone's photo. */
export const MAX_PIXELS = 50_000_000;
const HEIF_BRANDS = new Set([
  'heic',
  'heix',
  'hevc',
  'hevx',
  'heim',
  'heis',
  'hevm',
  'hevs',
  'mif1',
  'msf1',
  'avif',
  'avis',
]);
const BMP_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

/** The image format the bytes really are (magic numbers, not the file name), or null. */
export function detectImageFormat(data: Uint8Array): ImageFormat | null {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (bytes.length < 16) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  const head = bytes.toString('latin1', 0, 6);
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (head.startsWith('BM') && BMP_HEADER_SIZES.has(bytes.readUInt32LE(14))) return 'bmp';
  if (
    bytes.toString('latin1', 4, 8) === 'ftyp' &&
    ftypBrands(bytes).some((brand) => HEIF_BRANDS.has(brand))
  ) {
    return 'heif';
  }
  return null;
}

/** The major and compatible brands of an ISO-BMFF 'ftyp' box. */
function ftypBrands(bytes: Buffer): string[] {
  const end = Math.min(bytes.readUInt32BE(0), bytes.length);
  const brands = [bytes.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(bytes.toString('latin1', at, at + 4));
  return brands;
}

/**
 * Checks an uploaded image and re-encodes it: turned upright by its EXIF orientation, EXIF/GPS and every
 * other metadata dropped (sharp keeps none unless asked), at most `maxSide` pixels, JPEG (PNG when it has
 * transparency), plus a PNG thumbnail. HEIC photos are converted by heic-convert first.
 */
export async function prepareImage(input: Buffer, options: ImageOptions): Promise<PreparedImage> {
  const source = detectImageFormat(input);
  if (source === null) throw new AppError(415, 'unsupported_media', options.formatError);
  // Decoded in a bounded pool: parallel uploads of huge images must not take the server's memory.
  return withImageSlot(() => decodeAndEncode(input, source, options));
}

type PreparedImage = { source: ImageFormat; main: EncodedImage; thumb: EncodedImage };

async function decodeAndEncode(
  input: Buffer,
  source: ImageFormat,
  options: ImageOptions,
): Promise<PreparedImage> {
  const sharp = await loadSharp();
  if (source === 'bmp') input = await bmpToPng(input);
  const metadata = await readMetadata(input);
  // sharp reads a HEIC's header but has no HEVC decoder; AVIF-in-HEIF it decodes itself.
  const isHevc = source === 'heif' && metadata.compression === 'hevc';
  const decodable = isHevc ? await convertHeicToJpeg(input) : input;
  try {
    const image = open(sharp, decodable).autoOrient();
    // Many PNGs carry an alpha channel that is fully opaque: those are stored as (much smaller) JPEG.
    const hasAlpha = !isHevc && metadata.hasAlpha && !(await image.clone().stats()).isOpaque;
    const asPng = hasAlpha || (options.keepLossless === true && source !== 'jpeg' && source !== 'heif');
    const side = options.maxSide ?? 1600;
    const resized = image
      .clone()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
    const thumbSide = options.thumbSide ?? 256;
    const thumbFit = options.thumbFit ?? 'cover';
    // A cropped thumbnail is always the full square; a whole-picture one never grows past the original.
    const thumbnail = image.clone().resize({
      width: thumbSide,
      height: thumbSide,
      fit: thumbFit,
      withoutEnlargement: thumbFit === 'inside',
    });
    return {
      source,
      main: await encode(
        asPng ? resized.png({ compressionLevel: 9 }) : resized.jpeg({ quality: 85, mozjpeg: true }),
      ),
      // SPEC.md names thumbnails .png; a 256-colour palette makes a photo's thumbnail ~5× smaller.
      thumb: await encode(thumbnail.png({ compressionLevel: 9, palette: true, quality: 90 })),
    };
  } catch {
    throw unreadable();
  }
}

/** sharp cannot read BMP: decode it ourselves (bmp.ts) and go on with a lossless PNG of its pixels. */
async function bmpToPng(input: Buffer): Promise<Buffer> {
  let decoded: DecodedBmp;
  try {
    decoded = decodeBmp(input, MAX_PIXELS);
  } catch (error) {
    if (error instanceof BmpUnsupportedError) {
      throw new AppError(
        415,
        'unsupported_media',
        'Acest tip de imagine BMP (comprimată) nu poate fi procesat. Salvați imaginea ca JPEG sau PNG.',
      );
    }
    if (error instanceof RangeError && error.message === 'too many pixels') throw tooManyPixels();
    throw unreadable();
  }
  const { width, height, pixels } = decoded;
  const sharp = await loadSharp();
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

async function readMetadata(input: Buffer): Promise<Metadata> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // Only the header is read here, so no pixel limit yet: the check below gives the clear message.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels === 0) throw unreadable();
  if (pixels > MAX_PIXELS) {
    throw tooManyPixels();
  }
  return metadata;
}

function open(sharp: typeof SharpModule, input: Buffer): Sharp {
  // 'truncated': refuse cut-off files, tolerate the minor warnings phone cameras often leave.
  return sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'truncated' });
}

async function encode(pipeline: Sharp): Promise<EncodedImage> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  const isPng = info.format === 'png';
  return {
    data,
    contentType: isPng ? 'image/png' : 'image/jpeg',
    extension: isPng ? 'png' : 'jpg',
    width: info.width,
    height: info.height,
  };
}

function tooManyPixels(): AppError {
  return new AppError(422, 'unprocessable', 'Imaginea are prea mulți pixeli (cel mult 50 de megapixeli).');
}

function unreadable(): AppError {
  return new AppError(422, 'unprocessable', 'Imaginea nu poate fi citită; fișierul pare deteriorat.');
}
