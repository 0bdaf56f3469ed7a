import { describe, expect, it } from 'vitest';
import { BmpUnsupportedError, decodeBmp } from './bmp';

interface BmpSpec {
  width: number;
  height: number;
  bitCount: number;
  compression?: number;
  headerSize?: number;
  palette?: [number, number, number][];
  masks?: [number, number, number, number?];
  /** Rows as stored (bottom row first unless height < 0), without padding. */
  rows: number[][];
}

/** Writes a BMP file byte by byte, the way Paint and scanners lay it out. */
function buildBmp(spec: BmpSpec): Buffer {
  const headerSize = spec.headerSize ?? 40;
  const paletteBytes = (spec.palette?.length ?? 0) * 4;
  const maskBytes = spec.masks && headerSize === 40 ? 12 : 0;
  const pixelOffset = 14 + headerSize + maskBytes + paletteBytes;
  const stride = Math.ceil((spec.width * spec.bitCount) / 32) * 4;
  const file = Buffer.alloc(pixelOffset + stride * Math.abs(spec.height));
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(pixelOffset, 10);
  file.writeUInt32LE(headerSize, 14);
  file.writeInt32LE(spec.width, 18);
  file.writeInt32LE(spec.height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(spec.bitCount, 28);
  file.writeUInt32LE(spec.compression ?? 0, 30);
  file.writeUInt32LE(spec.palette?.length ?? 0, 46);
  spec.masks?.forEach((mask, i) => mask !== undefined && file.writeUInt32LE(mask >>> 0, 54 + i * 4));
  spec.palette?.forEach(([r, g, b], i) => {
    const at = 14 + headerSize + maskBytes + i * 4;
    file[at] = b;
    file[at + 1] = g;
    file[at + 2] = r;
  });
  spec.rows.forEach((row, r) => Buffer.from(row).copy(file, pixelOffset + r * stride));
  return file;
}

const pixel = (decoded: { pixels: Buffer; width: number }, x: number, y: number) => [
  ...decoded.pixels.subarray((y * decoded.width + x) * 4, (y * decoded.width + x) * 4 + 4),
];

describe('decodeBmp', () => {
  it.each<[string, BmpSpec, number[][]]>([
    [
      '24-bit, bottom-up (blue, green, red byte order)',
      {
        width: 2,
        height: 2,
        bitCount: 24,
        rows: [
          [255, 0, 0, 0, 255, 0],
          [0, 0, 255, 255, 255, 255],
        ],
      },
      [
        [255, 0, 0, 255],
        [255, 255, 255, 255],
        [0, 0, 255, 255],
        [0, 255, 0, 255],
      ],
    ],
    [
      '24-bit, top-down (negative height)',
      {
        width: 2,
        height: -2,
        bitCount: 24,
        rows: [
          [255, 0, 0, 0, 255, 0],
          [0, 0, 255, 255, 255, 255],
        ],
      },
      [
        [0, 0, 255, 255],
        [0, 255, 0, 255],
        [255, 0, 0, 255],
        [255, 255, 255, 255],
      ],
    ],
    [
      '8-bit palette',
      {
        width: 2,
        height: 1,
        bitCount: 8,
        palette: [
          [10, 20, 30],
          [200, 100, 50],
        ],
        rows: [[1, 0]],
      },
      [
        [200, 100, 50, 255],
        [10, 20, 30, 255],
      ],
    ],
    [
      '1-bit palette, most significant bit first',
      {
        width: 2,
        height: 1,
        bitCount: 1,
        palette: [
          [0, 0, 0],
          [255, 255, 255],
        ],
        rows: [[0b0100_0000]],
      },
      [
        [0, 0, 0, 255],
        [255, 255, 255, 255],
      ],
    ],
    [
      '4-bit palette',
      {
        width: 2,
        height: 1,
        bitCount: 4,
        palette: [
          [0, 0, 0],
          [1, 2, 3],
          [9, 8, 7],
        ],
        rows: [[0x21]],
      },
      [
        [9, 8, 7, 255],
        [1, 2, 3, 255],
      ],
    ],
    [
      '16-bit 5-5-5 without masks',
      { width: 1, height: 1, bitCount: 16, rows: [[0x00, 0x7c]] },
      [[255, 0, 0, 255]],
    ],
    [
      '32-bit with an alpha bit field (V4 header)',
      {
        width: 1,
        height: 1,
        bitCount: 32,
        compression: 3,
        headerSize: 108,
        masks: [0x00ff0000, 0x0000ff00, 0x000000ff, 0xff000000],
        rows: [[0x30, 0x20, 0x10, 0x80]],
      },
      [[0x10, 0x20, 0x30, 0x80]],
    ],
    [
      '16-bit 5-6-5 bit fields',
      {
        width: 1,
        height: 1,
        bitCount: 16,
        compression: 3,
        masks: [0xf800, 0x07e0, 0x001f],
        rows: [[0xe0, 0x07]],
      },
      [[0, 255, 0, 255]],
    ],
  ])('%s', (_name, spec, expected) => {
    const decoded = decodeBmp(buildBmp(spec), 1_000_000);
    const all = [];
    for (let y = 0; y < decoded.height; y++)
      for (let x = 0; x < decoded.width; x++) all.push(pixel(decoded, x, y));
    expect(all).toEqual(expected);
  });

  it('refuses compressed BMPs as unsupported', () => {
    expect(() =>
      decodeBmp(buildBmp({ width: 1, height: 1, bitCount: 8, compression: 1, rows: [] }), 10),
    ).toThrow(BmpUnsupportedError);
  });

  it.each([
    ['a truncated file', buildBmp({ width: 4, height: 4, bitCount: 24, rows: [] }).subarray(0, 60)],
    ['more pixels than allowed', buildBmp({ width: 100, height: 100, bitCount: 24, rows: [] })],
  ])('throws a RangeError for %s', (_name, bytes) => {
    expect(() => decodeBmp(bytes, 5_000)).toThrow(RangeError);
  });
});
