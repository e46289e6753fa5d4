/** @jsxRuntime automatic @jsxImportSource react */
import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PLACE_IDS } from '@gomeum/contracts';
import { SpriteMaker } from '../src/lib/illustrations/art-svg.tsx';
import { GomeumCat, HOME_SCENES, PlanetArt, SkyScene } from '../src/lib/illustrations/index.ts';
import type { Sprite } from '../src/lib/illustrations/sprites.ts';

/** Every pose the cat is drawn in. */
const POSES = ['sit', 'wave', 'sleep'] as const;

/**
 * The art's sprite files, made from the art kit itself: every drawing (each planet, each pose of
 * the cat, the drawings of every sky) rendered as a `<symbol>` of its sprite, by name → the file's
 * SVG. The app's pages hold only each drawing's frame and a `<use>` of its symbol.
 */
export function artSprites(): Record<string, string> {
  const sprites = new Map<Sprite, Map<string, ReactNode>>();
  const collect = (sprite: Sprite, symbol: ReactNode) => {
    const symbols = sprites.get(sprite) ?? new Map<string, ReactNode>();
    symbols.set(String((symbol as ReactElement).key), symbol);
    sprites.set(sprite, symbols);
  };
  renderToStaticMarkup(
    <SpriteMaker value={collect}>
      {PLACE_IDS.map((planet) => (
        <PlanetArt key={planet} planet={planet} />
      ))}
      {POSES.map((pose) => (
        <GomeumCat key={pose} pose={pose} />
      ))}
      {[...HOME_SCENES, 'galaxy' as const, ...PLACE_IDS].map((scene) => (
        <SkyScene key={scene} scene={scene} />
      ))}
    </SpriteMaker>,
  );
  const files: Record<string, string> = {};
  for (const [sprite, symbols] of [...sprites].sort(([a], [b]) => a.localeCompare(b))) {
    const body = renderToStaticMarkup(<svg xmlns="http://www.w3.org/2000/svg">{[...symbols.values()]}</svg>);
    files[`${sprite}.svg`] = `${body}\n`;
  }
  return files;
}
