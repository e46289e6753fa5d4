import { Drawing } from '../art-svg.tsx';
import type { Sprite } from '../sprites.ts';
import type { SceneLayers } from './sky-scenes.ts';
import './moods.css';

/** The horizon's lit rim, as a wide faint stroke, a middle one and a thin bright one: [width, opacity]. */
const RIM_STROKES: ReadonlyArray<readonly [number, number?]> = [[14, 0.18], [5, 0.45], [1.6]];

/** Dawn: a warm glow and a rising sun behind the curve of a dark horizon. */
export function dawnLayers(sprite: Sprite): SceneLayers {
  return {
    under: (
      <>
        <div className="art-dawn-glow" />
        <div className="art-dawn-sun" />
      </>
    ),
    over: (
      <Drawing
        sprite={sprite}

        name="dawn-horizon"

        className="art-dawn-horizon"
        viewBox="0 0 1000 300"
        preserveAspectRatio="none"

        draw={
          ART_DRAWINGS
            ? (id) => (
                <>
                  <defs>
                    <linearGradient id={`${id}-ground`} x1="0" y1="0" x2="0" y2="1">
                      <stop offset="0" stopColor="#1a1238" />
                      <stop offset="1" stopColor="#07081a" />
                    </linearGradient>
                    <linearGradient id={`${id}-rim`} x1="0" y1="0" x2="1" y2="0">
                      <stop offset="0" stopColor="#ff8fa8" stopOpacity={0} />
                      <stop offset="0.3" stopColor="#ff9a8a" stopOpacity={0.8} />
                      <stop offset="0.5" stopColor="#ffe0b0" />
                      <stop offset="0.7" stopColor="#ff9a8a" stopOpacity={0.8} />
                      <stop offset="1" stopColor="#ff8fa8" stopOpacity={0} />
                    </linearGradient>
                  </defs>
                  <path d="M -20 300 L -20 250 Q 500 90 1020 250 L 1020 300 Z" fill={`url(#${id}-ground)`} />
                  {RIM_STROKES.map(([width, opacity]) => (
                    <path
                      key={width}
                      d="M -20 250 Q 500 90 1020 250"
                      fill="none"
                      stroke={`url(#${id}-rim)`}
                      strokeWidth={width}
                      opacity={opacity}
                      vectorEffect="non-scaling-stroke"
                    />
                  ))}
                </>
              )
            : undefined
        }
      />
    ),
  };
}
