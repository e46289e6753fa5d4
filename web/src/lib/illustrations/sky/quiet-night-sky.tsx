import { Drawing } from '../art-svg.tsx';
import type { Sprite } from '../sprites.ts';
import { Glow } from './sky-defs.tsx';
import type { SceneLayers } from './sky-scenes.ts';
import './moods.css';

/** The quiet night: a crescent moon in a denser field of stars. */
export function quietNightLayers(sprite: Sprite): SceneLayers {
  return {
    under: null,
    over: (
      <Drawing
        sprite={sprite}

        name="crescent"

        className="art-crescent"
        viewBox="0 0 120 120"

        draw={
          ART_DRAWINGS
            ? (id) => (
                <>
                  <defs>
                    <Glow id={`${id}-halo`} colour="#fff1c9" opacity={0.35} />
                    <linearGradient id={`${id}-moon`} x1="0" y1="0" x2="1" y2="1">
                      <stop offset="0" stopColor="#fffaf0" />
                      <stop offset="1" stopColor="#e6dcc0" />
                    </linearGradient>
                    <mask id={`${id}-cut`}>
                      <circle cx={60} cy={60} r={30} fill="#ffffff" />
                      <circle cx={73} cy={50} r={26} fill="#000000" />
                    </mask>
                  </defs>
                  <circle cx={60} cy={60} r={60} fill={`url(#${id}-halo)`} />
                  <circle cx={60} cy={60} r={30} fill={`url(#${id}-moon)`} mask={`url(#${id}-cut)`} />
                </>
              )
            : undefined
        }
      />
    ),
  };
}
