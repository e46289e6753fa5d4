import sharp from 'sharp';

/** A real image of the given type and size, made on the spot. */
export async function makeImage(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 64, height = 48): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 255, g: 120, b: 80 } } });
  return image.toFormat(format).toBuffer();
}

/** A real animated GIF of `frames` frames, each a different colour, made on the spot. */
export async function makeAnimatedGif(frames: number, width: number, height: number): Promise<Buffer> {
  const pages = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      sharp({ create: { width, height, channels: 3, background: { r: (i * 37) % 256, g: 120, b: 80 } } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(pages, { join: { animated: true } })
    .gif()
    .toBuffer();
}
