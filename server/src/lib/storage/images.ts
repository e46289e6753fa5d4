import os from 'node:os';

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
 * Most pixels an animation may have over all its frames and still be kept animated (a 320×240 GIF
 * of 50 frames is 3.8 million). Re-encoding an animation costs about 0.13 s of a core per million
 * pixels: a 82 KB GIF of 48 frames at 1000×1000 took 6.4 s; as a still it takes 0.15 s.
 */
export const ANIMATION_MAX_PIXELS = 4_000_000;

/** No image takes longer than this to prepare (a safety net: the limits above keep it far below). */
const PREPARE_TIMEOUT_S = 20;

/** How many of libvips' threads one image may use: one core stays free for every other request. */
let threadsSet = false;

/** Most pixels an image may have (per frame); a larger one is refused before anything is decoded. */
export const MAX_INPUT_PIXELS = 50_000_000;

/** What an image's header says, before any pixel is decoded: its size, and what decoding it costs. */
export interface ImageHeader {
  type: ImageType;
  width: number;
  height: number;
  /** Whether it is kept animated (every frame decoded), or decoded as its first frame only. */
  animated: boolean;
  /** Whether a GIF stays a GIF (a kept animation); everything else becomes WebP. */
  keepGif: boolean;
  /**
   * Samples to decode: pixels × frames decoded, 16-bit samples counted twice (a 7071 × 7071
   * 16-bit PNG is 100 million, a 12-megapixel photo 12 million). The image queue weighs jobs by it.
   */
  cost: number;
}

const BYTES_PER_SAMPLE: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2 };

async function loadSharp() {
  const { default: sharp } = await (sharpModule ??= import('sharp'));
  if (!threadsSet) {
    sharp.concurrency(Math.max(1, os.availableParallelism() - 1));
    threadsSet = true;
  }
  return sharp;
}

/**
 * Reads an image's header only (no pixel decoded): its size, frames and sample depth, and so what
 * decoding it will cost. Throws when the header does not read, or the image has more than
 * MAX_INPUT_PIXELS pixels per frame.
 */
export async function inspectImage(bytes: Buffer, type: ImageType): Promise<ImageHeader> {
  const sharp = await loadSharp();
  const { width, height, pages = 1, depth } = await sharp(bytes, { limitInputPixels: false }).metadata();
  if (!width || !height || width * height > MAX_INPUT_PIXELS) throw new Error('image too large or unreadable');
  const withinBudget = width * height * pages <= ANIMATION_MAX_PIXELS;
  const animated = (type === 'gif' || type === 'webp') && pages > 1 && withinBudget;
  const frames = animated ? pages : 1;
  const cost = width * height * frames * (BYTES_PER_SAMPLE[depth] ?? 4);
  return { type, width, height, animated, keepGif: type === 'gif' && withinBudget, cost };
}

/**
 * Makes an upload fit to show: decoded (which proves it really is an image), turned upright,
 * shrunk to at most DISPLAY_MAX_EDGE px, stripped of metadata (a phone photo's GPS position stays
 * private) and re-encoded as WebP. An animated GIF or WebP keeps its animation, resized the same
 * way, when its frames hold at most ANIMATION_MAX_PIXELS together; a larger one becomes its first
 * frame only (only that frame is decoded). Throws when the bytes do not decode.
 */
export async function prepareImage(bytes: Buffer, header: ImageHeader): Promise<PreparedImage> {
  const sharp = await loadSharp();
  const pipeline = sharp(bytes, { animated: header.animated, limitInputPixels: MAX_INPUT_PIXELS })
    .timeout({ seconds: PREPARE_TIMEOUT_S })
    .rotate()
    .resize({ width: DISPLAY_MAX_EDGE, height: DISPLAY_MAX_EDGE, fit: 'inside', withoutEnlargement: true });
  if (header.keepGif) {
    const { data, info } = await pipeline.gif().toBuffer({ resolveWithObject: true });
    return { body: data, contentType: 'image/gif', extension: 'gif', width: info.width, height: info.height };
  }
  const { data, info } = await pipeline.webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
  return { body: data, contentType: 'image/webp', extension: 'webp', width: info.width, height: info.height };
}
