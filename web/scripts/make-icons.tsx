/** @jsxRuntime automatic @jsxImportSource react */
/**
 * Draws the app's icons and its share picture from our own art (the cat of the art kit on the
 * night sky of ART.md) and writes them as PNG to public/icons. Their output is committed; run
 * again after the cat changes. From web/:
 *   node --import ./scripts/ignore-css.mjs --import tsx scripts/make-icons.tsx
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import { GomeumCat } from '../src/lib/illustrations/cat/gomeum-cat.tsx';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '../public/icons');

/** The sky of ART.md (#0b1026 → #2a1b4d) with a few stars, as SVG markup. */
function sky(width: number, height: number, rounded: number): string {
  const stars = [
    [0.12, 0.18, 1.6],
    [0.82, 0.12, 2.2],
    [0.9, 0.46, 1.4],
    [0.18, 0.72, 1.8],
    [0.7, 0.86, 1.2],
    [0.35, 0.1, 1.1],
    [0.6, 0.28, 1.3],
  ]
    .map(([x = 0, y = 0, r = 1]) => {
      const scale = Math.min(width, height) / 192;
      return `<circle cx="${x * width}" cy="${y * height}" r="${r * scale}" fill="#fff3d6" opacity="0.85"/>`;
    })
    .join('');
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0.4" y2="1">
      <stop offset="0" stop-color="#0b1026"/><stop offset="1" stop-color="#2a1b4d"/></linearGradient></defs>
    <rect width="${width}" height="${height}" rx="${rounded}" fill="url(#sky)"/>${stars}`;
}

/** The cat's SVG, rendered by the art kit itself, placed at (x, y) with the given size. */
function cat(x: number, y: number, size: number, pose: 'sit' | 'wave' = 'sit'): string {
  const markup = renderToStaticMarkup(<GomeumCat pose={pose} size={size} />);
  return markup.replace('<svg ', `<svg x="${x}" y="${y}" `);
}

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/** An app icon: the cat filling `fill` of the square (maskable icons keep it in the safe circle). */
function icon(size: number, fill: number, rounded: number): string {
  const catSize = size * fill;
  return svg(
    size,
    size,
    sky(size, size, rounded) + cat((size - catSize) / 2, (size - catSize) / 2 + size * 0.02, catSize),
  );
}

/** The share card (Open Graph, 1200×630): the cat waving on the sky, and the name. */
function shareCard(): string {
  const width = 1200;
  const height = 630;
  return svg(
    width,
    height,
    sky(width, height, 0) +
      cat(120, 95, 440, 'wave') +
      // The name only: the card serves every language (the tags around it carry the words).
      `<text x="630" y="350" font-family="Noto Sans, DejaVu Sans, sans-serif" font-size="104" font-weight="700" fill="#f4f1ff">Gomeum</text>`,
  );
}

const outputs: Array<{ name: string; svg: string; width: number; height: number }> = [
  { name: 'icon-192.png', svg: icon(192, 0.8, 36), width: 192, height: 192 },
  { name: 'icon-512.png', svg: icon(512, 0.8, 96), width: 512, height: 512 },
  // Maskable: full bleed, the cat inside the central 80 % circle that every mask keeps.
  { name: 'icon-maskable-512.png', svg: icon(512, 0.6, 0), width: 512, height: 512 },
  // iOS rounds the corners itself.
  { name: 'apple-touch-icon.png', svg: icon(180, 0.78, 0), width: 180, height: 180 },
  { name: 'share-card.png', svg: shareCard(), width: 1200, height: 630 },
];

mkdirSync(outDir, { recursive: true });
for (const output of outputs) {
  const png = await sharp(Buffer.from(output.svg))
    .resize(output.width, output.height)
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
  writeFileSync(join(outDir, output.name), png);
  console.log(`${output.name}: ${output.width}×${output.height}, ${png.length} bytes`);
}
