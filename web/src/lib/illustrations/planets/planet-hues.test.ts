import fs from 'node:fs';
import path from 'node:path';
import { PLACE_IDS } from '@gomeum/contracts';
import { describe, expect, it } from 'vitest';
import { PLANET_HUES } from './planet-hues.ts';

describe("each place's hue", () => {
  it('is the same in the style sheet (its sky, the galaxy map) as in the drawings', () => {
    const css = fs.readFileSync(path.resolve(import.meta.dirname, '../sky/sky.css'), 'utf8');
    for (const place of PLACE_IDS) {
      const rule = new RegExp(`\\.art-hue--${place} \\{\\s*--art-hue: (#[0-9a-f]{6});`).exec(css);
      expect(rule?.[1], place).toBe(PLANET_HUES[place]);
    }
  });
});
