import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeAnimatedGif, makeImage } from '../../test/images.ts';
import { inspectImage, prepareImage, sniffImage, type ImageType } from './images.ts';

const prepare = async (bytes: Buffer, type: ImageType) => prepareImage(bytes, await inspectImage(bytes, type));

describe('sniffImage', () => {
  it.each(['png', 'jpeg', 'webp', 'gif'] as const)('recognises a real %s by its bytes', async (format) => {
    expect(sniffImage(await makeImage(format))).toBe(format);
  });

  it('refuses HTML, SVG, text and empty input whatever they are called', () => {
    expect(sniffImage(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'))).toBeNull();
    expect(sniffImage(Buffer.from('just text'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });
});

describe('prepareImage', () => {
  it('shrinks a 12 MP photo to at most 1600 px and re-encodes it as WebP without metadata', async () => {
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#336699' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret place' } } })
      .jpeg()
      .toBuffer();
    const prepared = await prepare(photo, 'jpeg');
    expect(prepared).toMatchObject({ contentType: 'image/webp', width: 1600, height: 1200 });
    const meta = await sharp(prepared.body).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(prepared.body.length).toBeLessThan(photo.length);
  });

  it('keeps small images at their size', async () => {
    const prepared = await prepare(await makeImage('png', 300, 200), 'png');
    expect([prepared.width, prepared.height]).toEqual([300, 200]);
  });

  it('fails on bytes that only look like an image', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<html>')]);
    expect(sniffImage(fake)).toBe('png');
    await expect(prepare(fake, 'png')).rejects.toThrow();
  });

  it('decodes only the first frame of an animation too large over all its frames', async () => {
    // 24 frames of 500×500: 6 million pixels over all frames, each under the 50-megapixel limit.
    const gif = await makeAnimatedGif(24, 500, 500);
    expect((await sharp(gif).metadata()).pages).toBe(24);
    const prepared = await prepare(gif, 'gif');
    expect(prepared).toMatchObject({ contentType: 'image/webp', extension: 'webp', width: 500, height: 500 });
    const meta = await sharp(prepared.body, { animated: true }).metadata();
    expect(meta.pages ?? 1).toBe(1);
  });

  it('keeps a small animation animated, frame for frame', async () => {
    const gif = await makeAnimatedGif(5, 64, 48);
    const prepared = await prepare(gif, 'gif');
    expect(prepared).toMatchObject({ contentType: 'image/gif', extension: 'gif', width: 64 });
    expect((await sharp(prepared.body).metadata()).pages).toBe(5);
  });
});

describe('inspectImage: the cost of decoding, from the header alone', () => {
  it('counts pixels of the frames decoded, 16-bit samples twice', async () => {
    const photo = await makeImage('jpeg', 4000, 3000);
    expect((await inspectImage(photo, 'jpeg')).cost).toBe(12_000_000);
    const deep = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699' } })
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    expect(await inspectImage(deep, 'png')).toMatchObject({ width: 300, height: 200, cost: 120_000 });
    // A kept animation decodes every frame; one too large decodes its first only.
    expect((await inspectImage(await makeAnimatedGif(5, 64, 48), 'gif')).cost).toBe(5 * 64 * 48);
    expect((await inspectImage(await makeAnimatedGif(24, 500, 500), 'gif')).cost).toBe(500 * 500);
  });
});
