/**
 * A decoder for Windows BMP images (SPEC.md §5 accepts .bmp avatars): sharp has no BMP reader and no
 * maintained decoder package exists, so this reads the uncompressed variants scanners and Paint write —
 * 1/4/8-bit palettes, 16-bit 5-5-5 and bit-field, 24-bit and 32-bit (with or without an alpha mask),
 * bottom-up or top-down. Compressed BMPs (RLE, embedded JPEG/PNG) are refused by the caller.
 */
export interface DecodedBmp {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, top row first. */
  pixels: Buffer;
}

export class BmpUnsupportedError extends Error {}

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

interface Masks {
  red: number;
  green: number;
  blue: number;
  alpha: number;
}

/** Decodes a BMP; throws BmpUnsupportedError for a variant it does not read, RangeError for a broken file. */
export function decodeBmp(bytes: Buffer, maxPixels: number): DecodedBmp {
  const pixelOffset = bytes.readUInt32LE(10);
  const headerSize = bytes.readUInt32LE(14);
  const isCore = headerSize === 12;
  const width = isCore ? bytes.readUInt16LE(18) : bytes.readInt32LE(18);
  const signedHeight = isCore ? bytes.readInt16LE(20) : bytes.readInt32LE(22);
  const bitCount = bytes.readUInt16LE(isCore ? 24 : 28);
  const compression = isCore ? BI_RGB : bytes.readUInt32LE(30);
  const height = Math.abs(signedHeight);
  const isTopDown = signedHeight < 0;
  if (width <= 0 || height === 0) throw new RangeError('empty image');
  if (width * height > maxPixels) throw new RangeError('too many pixels');
  if (![BI_RGB, BI_BITFIELDS, BI_ALPHABITFIELDS].includes(compression)) {
    throw new BmpUnsupportedError(`compression ${compression}`);
  }

  const palette = bitCount <= 8 ? readPalette(bytes, headerSize, isCore, bitCount) : [];
  const masks = readMasks(bytes, headerSize, bitCount, compression);
  const stride = Math.ceil((width * bitCount) / 32) * 4;
  if (pixelOffset + stride * height > bytes.length) throw new RangeError('truncated');

  const pixels = Buffer.alloc(width * height * 4);
  for (let row = 0; row < height; row++) {
    const source = pixelOffset + (isTopDown ? row : height - 1 - row) * stride;
    for (let x = 0; x < width; x++) {
      const target = (row * width + x) * 4;
      if (bitCount <= 8) {
        const bit = x * bitCount;
        const byte = bytes[source + (bit >> 3)] ?? 0;
        const index = (byte >> (8 - bitCount - (bit & 7))) & ((1 << bitCount) - 1);
        const colour = palette[index] ?? [0, 0, 0];
        pixels[target] = colour[0];
        pixels[target + 1] = colour[1];
        pixels[target + 2] = colour[2];
        pixels[target + 3] = 255;
      } else if (bitCount === 24) {
        pixels[target] = bytes[source + x * 3 + 2] ?? 0;
        pixels[target + 1] = bytes[source + x * 3 + 1] ?? 0;
        pixels[target + 2] = bytes[source + x * 3] ?? 0;
        pixels[target + 3] = 255;
      } else {
        const value =
          bitCount === 16 ? bytes.readUInt16LE(source + x * 2) : bytes.readUInt32LE(source + x * 4);
        pixels[target] = channel(value, masks.red);
        pixels[target + 1] = channel(value, masks.green);
        pixels[target + 2] = channel(value, masks.blue);
        pixels[target + 3] = masks.alpha ? channel(value, masks.alpha) : 255;
      }
    }
  }
  return { width, height, pixels };
}

function readPalette(
  bytes: Buffer,
  headerSize: number,
  isCore: boolean,
  bitCount: number,
): [number, number, number][] {
  if (![1, 4, 8].includes(bitCount)) throw new BmpUnsupportedError(`${bitCount} bits`);
  const entrySize = isCore ? 3 : 4;
  const used = isCore ? 0 : bytes.readUInt32LE(46);
  const count = used || 1 << bitCount;
  const start = 14 + headerSize;
  const palette: [number, number, number][] = [];
  for (let i = 0; i < count; i++) {
    const at = start + i * entrySize;
    palette.push([bytes[at + 2] ?? 0, bytes[at + 1] ?? 0, bytes[at] ?? 0]);
  }
  return palette;
}

function readMasks(bytes: Buffer, headerSize: number, bitCount: number, compression: number): Masks {
  if (bitCount <= 8 || bitCount === 24) return { red: 0, green: 0, blue: 0, alpha: 0 };
  if (bitCount !== 16 && bitCount !== 32) throw new BmpUnsupportedError(`${bitCount} bits`);
  if (compression === BI_RGB) {
    // Without masks 16-bit is 5-5-5 and 32-bit is 8-8-8 with its fourth byte unused.
    return bitCount === 16
      ? { red: 0x7c00, green: 0x03e0, blue: 0x001f, alpha: 0 }
      : { red: 0xff0000, green: 0xff00, blue: 0xff, alpha: 0 };
  }
  // Masks follow a 40-byte header, or sit inside the V2–V5 headers at the same offset.
  const hasAlphaMask = compression === BI_ALPHABITFIELDS || headerSize >= 56;
  return {
    red: bytes.readUInt32LE(54),
    green: bytes.readUInt32LE(58),
    blue: bytes.readUInt32LE(62),
    alpha: hasAlphaMask ? bytes.readUInt32LE(66) : 0,
  };
}

/** Scales a masked channel to 0–255. */
function channel(value: number, mask: number): number {
  if (mask === 0) return 0;
  const shift = 31 - Math.clz32(mask & -mask);
  const bits = 32 - Math.clz32(mask >>> shift);
  const raw = (value & mask) >>> shift;
  return bits >= 8 ? raw >>> (bits - 8) : Math.round((raw * 255) / ((1 << bits) - 1));
}
