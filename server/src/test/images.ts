import sharp from 'sharp';

/** A real image of the given type and size, made on the spot. */
export async function makeImage(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 64, height = 48): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 255, g: 120, b: 80 } } });
  return image.toFormat(format).toBuffer();
}
