/** @jsxRuntime automatic @jsxImportSource react */
/**
 * Writes the art's sprite files (scripts/art-sprites.tsx) to src/lib/illustrations/sprites. Their
 * output is committed (art-sprites.test.ts fails when it is not the art kit's); run again after the
 * art changes. From web/: npm run art
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { artSprites } from './art-sprites.tsx';

const dir = join(import.meta.dirname, '../src/lib/illustrations/sprites');
mkdirSync(dir, { recursive: true });
for (const [file, svg] of Object.entries(artSprites())) {
  writeFileSync(join(dir, file), svg);
  console.log(`${file}: ${svg.length} bytes`);
}
