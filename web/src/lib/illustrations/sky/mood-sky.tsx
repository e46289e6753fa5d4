import { auroraLayers } from './aurora-sky.tsx';
import { dawnLayers } from './dawn-sky.tsx';
import { eclipseLayers } from './eclipse-sky.tsx';
import { meteorLayers } from './meteor-shower-sky.tsx';
import { nebulaLayers } from './nebula-sky.tsx';
import { planetRiseLayers } from './planet-rise-sky.tsx';
import { quietNightLayers } from './quiet-night-sky.tsx';
import { createSky } from './sky-frame.tsx';
import type { Sprite } from '../sprites.ts';
import type { HomeScene, SceneLayers } from './sky-scenes.ts';

/** The layers of one of the seven home moods. */
export function moodLayers(scene: HomeScene, sprite: Sprite): SceneLayers {
  switch (scene) {
    case 'dawn':
      return dawnLayers(sprite);
    case 'aurora':
      return auroraLayers(sprite);
    case 'nebula':
      return nebulaLayers(sprite);
    case 'eclipse':
      return eclipseLayers(sprite);
    case 'meteor-shower':
      return meteorLayers();
    case 'planet-rise':
      return planetRiseLayers(sprite);
    case 'quiet-night':
      return quietNightLayers(sprite);
  }
}

/** The night sky in one of its seven moods (home, sign-in, the diary's pages), without the planets' skies. */
export const MoodSky = createSky<HomeScene>({ layers: moodLayers });
