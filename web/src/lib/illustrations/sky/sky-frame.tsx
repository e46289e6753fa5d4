import { memo, type CSSProperties, type ReactNode } from 'react';
import { SERVER_DRAWN, useServerDrawing } from '../../hydration.tsx';
import { cx, useSvgId } from '../art-utils.ts';
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

/** How a set of scenes is drawn: its layers, and the frame's own style and modifier class. */
export interface SceneSet<S extends SkySceneName> {
  layers: (scene: S, id: string) => SceneLayers;
  style?: (scene: S) => CSSProperties | undefined;
  modifier?: (scene: S) => string | false;
}

/**
 * A page backdrop for one set of scenes. A page imports the set it shows, so the drawings of the
 * others (the planets rising in the planet skies) never ride along with it.
 */
export function createSky<S extends SkySceneName>({ layers, style, modifier }: SceneSet<S>) {
  /** The drawn part of a sky: it depends on the scene only, so page updates never redraw it. */
  const Backdrop = memo(function SkyBackdrop({ scene }: { scene: S }) {
    const id = useSvgId('art-sky');
    // The same scene as the server drew on the page the app took over: kept as drawn, at no cost.
    if (useServerDrawing(scene)) {
      return <div className="art-scene__backdrop" aria-hidden="true" dangerouslySetInnerHTML={SERVER_DRAWN} />;
    }
    const drawn = layers(scene, id);
    return (
      <div className="art-scene__backdrop" aria-hidden="true">
        {drawn.under}
        <StarField seed={SEEDS[scene]} density={scene === 'quiet-night' ? 1.25 : 1} className="art-scene__stars" />
        {drawn.over}
        <div className="art-scene__scrim" />
      </div>
    );
  });
  return function Sky({ scene, className, children }: SkyProps<S>) {
    return (
      <div className={cx('art-scene', `art-scene--${scene}`, modifier?.(scene), className)} style={style?.(scene)}>
        <Backdrop scene={scene} />
        <div className="art-scene__content">{children}</div>
      </div>
    );
  };
}
