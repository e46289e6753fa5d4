import { galaxyLayers } from './galaxy-sky.tsx';
import { moodLayers } from './mood-sky.tsx';
import { placeLayers } from './place-sky.tsx';
import { createSky } from './sky-frame.tsx';
import { isPlace, type SkySceneName } from './sky-scenes.ts';

/** A page backdrop: the night sky in one mood (home), the galaxy, or a planet's tinted sky, with `children` on top. */
export const SkyScene = createSky<SkySceneName>({
  layers: (scene, sprite) =>
    isPlace(scene) ? placeLayers(scene) : scene === 'galaxy' ? galaxyLayers(sprite) : moodLayers(scene, sprite),
  modifier: (scene) => isPlace(scene) && `art-scene--place art-hue--${scene}`,
});
