// sharp (libvips) takes a good part of start-up to load: loaded with the first image instead.
let sharpModule: Promise<typeof import('sharp')> | undefined;

/** Image types we accept, by what their bytes say they are. */
export type ImageType = 'png' | 'jpeg' | 'webp' | 'gif';

/**
 * The type of an image from its first bytes (magic numbers), never from its name or declared
 * type: an HTML or SVG file renamed .png is not an image.
 */
export function sniffImage(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') {
    return 'webp';
  }
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString('ascii', 0, 6))) return 'gif';
  return null;
}

/** Longest edge of an image as we store and show it. */
export const DISPLAY_MAX_EDGE = 1600;

/** A prepared image: what to store and how to serve it. */
export interface PreparedImage {
  body: Buffer;
  contentType: string;
  extension: 'webp' | 'gif';
  width: number;
  height: number;
}

/**
 * Makes an upload fit to show: decoded (which proves it really is an image), turned upright,
 * shrunk to at most DISPLAY_MAX_EDGE px, stripped of metadata (a phone photo's GPS position stays
 * private) and re-encoded as WebP. Animated GIFs keep their animation, resized the same way.
 * Throws when the bytes do not decode.
 */
export async function prepareImage(bytes: Buffer, type: ImageType): Promise<PreparedImage> {
  const animated = type === 'gif' || type === 'webp';
  const { default: sharp } = await (sharpModule ??= import('sharp'));
  const pipeline = sharp(bytes, { animated, limitInputPixels: 50_000_000 })
    .rotate()
    .resize({ width: DISPLAY_MAX_EDGE, height: DISPLAY_MAX_EDGE, fit: 'inside', withoutEnlargement: true });
  if (type === 'gif') {
    const { data, info } = await pipeline.gif().toBuffer({ resolveWithObject: true });
    return { body: data, contentType: 'image/gif', extension: 'gif', width: info.width, height: info.height };
  }
  const { data, info } = await pipeline.webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
  return { body: data, contentType: 'image/webp', extension: 'webp', width: info.width, height: info.height };
}
