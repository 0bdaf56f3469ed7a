import sharp from 'sharp';

/** A drawn signature as signature_pad sends it: a PNG data URL with one wavy stroke. */
export async function drawnSignature(): Promise<string> {
  const width = 300;
  const height = 100;
  const pixels = Buffer.alloc(width * height * 4);
  for (let x = 20; x < width - 20; x += 1) {
    const y = Math.round(height / 2 + Math.sin(x / 15) * 20);
    pixels.writeUInt32BE(0x000000ff, (y * width + x) * 4);
  }
  const png = await sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
