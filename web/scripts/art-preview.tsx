/** @jsxRuntime automatic @jsxImportSource react */
/**
 * Renders the art kit to static HTML pages and screenshots them, for eyeballing the illustrations.
 * Run from web/: node --import ./scripts/ignore-css.mjs --import tsx scripts/art-preview.tsx [outDir] [--still]
 * `--still` shoots every page with motion reduced, so two runs give the same pixels (to compare a
 * change of the kit's code against the drawings before it).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { chromium } from 'playwright-core';
import type { PlaceId } from '@gomeum/contracts';
import { GomeumCat, HOME_SCENES, PlanetArt, SkyScene } from '../src/lib/illustrations/index.ts';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const outDir = resolve(args.find((arg) => !arg.startsWith('--')) ?? '/tmp/art');
const still = args.includes('--still');
const artCss = ['cat/cat.css', 'planets/planets.css', 'sky/sky.css', 'sky/moods.css']
  .map((file) => readFileSync(join(here, '../src/lib/illustrations', file), 'utf8'))
  .join('\n');
const places: PlaceId[] = ['music', 'food', 'manga', 'game', 'movie', 'travel', 'drama', 'moon'];

const pageCss = `
  *, *::before, *::after { box-sizing: border-box; }
  html, body { margin: 0; background: #0b1026; color: #f4f1ff;
    font-family: system-ui, 'PingFang SC', 'Microsoft YaHei', 'Apple SD Gothic Neo', 'Malgun Gothic', sans-serif; }
  .hero { min-height: 100vh; display: grid; place-content: center; justify-items: center; gap: 14px;
    text-align: center; padding: 24px; }
  .hero h1 { margin: 0; font-size: clamp(28px, 5vw, 48px); letter-spacing: 0.01em; }
  .hero p { margin: 0; max-width: 34ch; color: #cfc8ef; font-size: 18px; line-height: 1.5; }
  .btn { min-height: 48px; padding: 0 28px; border: 0; border-radius: 999px; background: #ffd23f;
    color: #1b1533; font: inherit; font-weight: 700; font-size: 17px; cursor: pointer; }
  .sheet { padding: 32px 40px; }
  .sheet h2 { margin: 8px 0 16px; font-size: 20px; color: #cfc8ef; font-weight: 600; }
  .grid { display: grid; grid-template-columns: repeat(4, 1fr); gap: 12px 24px; justify-items: center; }
  .cell { display: grid; justify-items: center; gap: 4px; font-size: 14px; color: #cfc8ef; }
  .cats { display: flex; align-items: end; gap: 32px; flex-wrap: wrap; }
  .panel { width: min(560px, calc(100vw - 32px)); margin: 10vh 0 0 6vw; padding: 24px; border-radius: 16px;
    background: rgb(16 20 48 / 0.86); border: 1px solid rgb(160 150 255 / 0.22); }
  .panel h1 { margin: 0 0 8px; font-size: 30px; }
  .panel p { color: #cfc8ef; line-height: 1.55; }
`;

function page(title: string, body: ReactNode): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${artCss}</style><style>${pageCss}</style></head><body>${renderToStaticMarkup(body)}</body></html>`;
}

const pages: Array<{ name: string; html: string; width: number; height: number; reducedMotion?: boolean }> = [];

for (const scene of HOME_SCENES) {
  pages.push({
    name: `scene-${scene}`,
    width: 1280,
    height: 800,
    html: page(
      scene,
      <SkyScene scene={scene}>
        <main className="hero">
          <GomeumCat pose="wave" size={180} title="Gomeum waving" />
          <h1>Welcome to Gomeum</h1>
          <p>Pick a planet, set yourself a real-world task, and tell the cat how it went.</p>
          <button className="btn" type="button">
            Enter the universe
          </button>
        </main>
      </SkyScene>,
    ),
  });
}

pages.push({
  name: 'scene-meteor-shower-still',
  width: 1280,
  height: 800,
  reducedMotion: true,
  html: pages.find((p) => p.name === 'scene-meteor-shower')?.html ?? '',
});

pages.push({
  name: 'phone-dawn',
  width: 360,
  height: 780,
  html: pages.find((p) => p.name === 'scene-dawn')?.html ?? '',
});

pages.push({
  name: 'galaxy-sheet',
  width: 1280,
  height: 1100,
  html: page(
    'galaxy sheet',
    <SkyScene scene="galaxy">
      <div className="sheet">
        <h2>Planets at 160 px</h2>
        <div className="grid">
          {places.map((p) => (
            <div className="cell" key={p}>
              <PlanetArt planet={p} size={160} title={`${p} planet`} />
              <span>{p}</span>
            </div>
          ))}
        </div>
        <h2>Gomeum at 240 px and 48 px</h2>
        <div className="cats">
          <GomeumCat pose="sit" size={240} />
          <GomeumCat pose="wave" size={240} />
          <GomeumCat pose="sleep" size={240} />
          <GomeumCat pose="sit" size={48} />
          <GomeumCat pose="wave" size={48} />
          <GomeumCat pose="sleep" size={48} />
          <PlanetArt planet="music" size={48} />
          <PlanetArt planet="game" size={48} />
          <PlanetArt planet="moon" size={48} />
        </div>
      </div>
    </SkyScene>,
  ),
});

pages.push({
  name: 'closeup',
  width: 1280,
  height: 1060,
  html: page(
    'closeup',
    <div className="sheet" style={{ background: '#141a3c' }}>
      <div className="cats">
        <GomeumCat pose="sit" size={360} />
        <GomeumCat pose="wave" size={360} />
        <GomeumCat pose="sleep" size={360} />
      </div>
      <div className="grid">
        {places.map((p) => (
          <PlanetArt key={p} planet={p} size={300} />
        ))}
      </div>
    </div>,
  ),
});

for (const place of ['music', 'drama', 'moon'] as const) {
  pages.push({
    name: `planet-${place}`,
    width: 1280,
    height: 800,
    html: page(
      `${place} planet`,
      <SkyScene scene={place}>
        <section className="panel">
          <h1>{place.charAt(0).toUpperCase() + place.slice(1)} planet</h1>
          <p>Your task: listen to one album start to finish, without skipping, and write three lines about it.</p>
          <button className="btn" type="button">
            Enter task
          </button>
        </section>
      </SkyScene>,
    ),
  });
}

pages.push({
  name: 'phone-music',
  width: 360,
  height: 780,
  html: pages.find((p) => p.name === 'planet-music')?.html ?? '',
});

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  for (const p of pages) {
    const file = join(outDir, `${p.name}.html`);
    writeFileSync(file, p.html);
    const context = await browser.newContext({
      viewport: { width: p.width, height: p.height },
      reducedMotion: p.reducedMotion || still ? 'reduce' : 'no-preference',
    });
    const tab = await context.newPage();
    await tab.goto(`file://${file}`);
    await tab.waitForTimeout(400);
    await tab.screenshot({ path: join(outDir, `${p.name}.png`) });
    await context.close();
    console.log(`${p.name}.png`);
  }
} finally {
  await browser.close();
}
