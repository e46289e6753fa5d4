import { memo, type ReactNode } from 'react';
import { cx } from '../art-utils.ts';
import type { Sprite } from '../sprites.ts';
import type { SceneLayers, SkySceneName } from './sky-scenes.ts';
import { StarField } from './star-field.tsx';
import './sky.css';

/** Each scene's own star field: the same sky every time it shows. */
const SEEDS: Record<SkySceneName, number> = {
  dawn: 11,
  aurora: 23,
  nebula: 37,
  eclipse: 41,
  'meteor-shower': 53,
  'planet-rise': 67,
  'quiet-night': 71,
  galaxy: 83,
  music: 101,
  food: 103,
  manga: 107,
  game: 109,
  movie: 113,
  travel: 127,
  drama: 131,
  moon: 137,
};

/** What a page backdrop component takes: its scene, and the page on top. */
export interface SkyProps<S extends SkySceneName> {
  scene: S;
  className?: string;
  children?: ReactNode;
}

/** The sprite a scene's drawings are kept in. */
export const skySprite = (scene: SkySceneName): Sprite => `sky-${scene}`;

/** How a set of scenes is drawn: its layers (their drawings kept in `sprite`), and the frame's modifier classes. */
export interface SceneSet<S extends SkySceneName> {
  layers: (scene: S, sprite: Sprite) => SceneLayers;
  modifier?: (scene: S) => string | false;
}

/**
 * A page backdrop for one set of scenes. A page imports the set it shows, so the drawings of the
 * others (the planets rising in the planet skies) never ride along with it.
 */
export function createSky<S extends SkySceneName>({ layers, modifier }: SceneSet<S>) {
  /** The drawn part of a sky: it depends on the scene only, so page updates never render it again. */
  const Backdrop = memo(function SkyBackdrop({ scene }: { scene: S }) {
    const sprite = skySprite(scene);
    const drawn = layers(scene, sprite);
    return (
      <div className="art-scene__backdrop" aria-hidden="true">
        {drawn.under}
        <StarField
          seed={SEEDS[scene]}
          density={scene === 'quiet-night' ? 1.25 : 1}
          className="art-scene__stars"
          sprite={sprite}
        />
        {drawn.over}
        <div className="art-scene__scrim" />
      </div>
    );
  });
  return function Sky({ scene, className, children }: SkyProps<S>) {
    return (
      <div className={cx('art-scene', `art-scene--${scene}`, modifier?.(scene), className)}>
        <Backdrop scene={scene} />
        <div className="art-scene__content">{children}</div>
      </div>
    );
  };
}
