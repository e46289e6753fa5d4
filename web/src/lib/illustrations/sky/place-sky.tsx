import type { PlaceId } from '@gomeum/contracts';
import { PlanetArt } from '../planets/planet-art.tsx';
import type { SceneLayers } from './sky-scenes.ts';

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
