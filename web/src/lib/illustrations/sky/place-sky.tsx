import type { CSSProperties } from 'react';
import type { PlaceId } from '@gomeum/contracts';
import { hexAlpha } from '../art-utils.ts';
import { PlanetArt } from '../planets/planet-art.tsx';
import { PLANET_HUES } from '../planets/planet-hues.ts';
import type { SceneLayers } from './sky-scenes.ts';

type CssVars = CSSProperties & Record<`--${string}`, string>;

/** A planet's own sky: tinted in its hue, with the planet itself rising in the bottom right corner. */
export function placeLayers(place: PlaceId): SceneLayers {
  return {
    under: <div className="art-place-tint" />,
    over: (
      <div className="art-place-planet">
        <PlanetArt planet={place} />
      </div>
    ),
  };
}

/** The hue of a planet's sky, as the CSS variables its backdrop and tint read. */
export function placeStyle(place: PlaceId): CssVars {
  return {
    '--art-hue': PLANET_HUES[place],
    '--art-hue-wash': hexAlpha(PLANET_HUES[place], 0.1),
    '--art-hue-glow': hexAlpha(PLANET_HUES[place], 0.28),
  };
}
