import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPRITE_URLS } from '../src/lib/illustrations/sprites.ts';
import { artSprites } from './art-sprites.tsx';

const DIR = path.resolve(import.meta.dirname, '../src/lib/illustrations/sprites');

describe("the art's sprite files", () => {
  it('are the art kit as it draws now (`npm run art` writes them again)', () => {
    const made = artSprites();
    expect(Object.keys(made).sort()).toEqual(fs.readdirSync(DIR).sort());
    for (const [file, svg] of Object.entries(made))
      expect(fs.readFileSync(path.join(DIR, file), 'utf8'), file).toBe(svg);
  });

  it('share no id, so the sheets of one page never answer for each other', () => {
    const ids = Object.values(artSprites()).flatMap((svg) => [...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('are each named in the app, and every one it names exists', () => {
    expect(
      Object.keys(SPRITE_URLS)
        .map((name) => `${name}.svg`)
        .sort(),
    ).toEqual(fs.readdirSync(DIR).sort());
  });
});
