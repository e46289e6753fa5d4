import { Drawing } from '../art-svg.tsx';
import type { Sprite } from '../sprites.ts';
import type { SceneLayers } from './sky-scenes.ts';
import './moods.css';

/** Planet rise: the banded rim of a huge planet rising from the bottom of the page. */
export function planetRiseLayers(sprite: Sprite): SceneLayers {
  const bands: Array<[number, string, number, number]> = [
    [483, '#e4d8ff', 2.5, 0.28],
    [474, '#2a1d6a', 6, 0.3],
    [463, '#c2b0ff', 3.5, 0.18],
    [450, '#1d1450', 9, 0.26],
    [437, '#ffb8e0', 2.5, 0.16],
  ];
  return {
    under: <div className="art-rise-glow" />,
    over: (
      <Drawing
        sprite={sprite}

        name="planet-rise"

        className="art-rise"
        viewBox="0 0 1000 1000"

        draw={
          ART_DRAWINGS
            ? (id) => (
                <>
                  <defs>
                    <radialGradient id={`${id}-body`} gradientUnits="userSpaceOnUse" cx={420} cy={0} r={520}>
                      <stop offset="0" stopColor="#b9a6ff" />
                      <stop offset="0.18" stopColor="#7a62dc" />
                      <stop offset="0.4" stopColor="#33256f" />
                      <stop offset="1" stopColor="#120c34" />
                    </radialGradient>
                    <radialGradient id={`${id}-air`} gradientUnits="userSpaceOnUse" cx={500} cy={500} r={506}>
                      <stop offset="0.96" stopColor="#c9b8ff" stopOpacity={0.5} />
                      <stop offset="0.985" stopColor="#b9a4ff" stopOpacity={0.16} />
                      <stop offset="1" stopColor="#b9a4ff" stopOpacity={0} />
                    </radialGradient>
                  </defs>
                  <circle cx={500} cy={500} r={506} fill={`url(#${id}-air)`} />
                  <circle cx={500} cy={500} r={490} fill={`url(#${id}-body)`} />
                  <g fill="none">
                    {bands.map(([r, colour, w, o]) => (
                      <circle key={r} cx={500} cy={500} r={r} stroke={colour} strokeWidth={w} opacity={o} />
                    ))}
                  </g>
                  <circle cx={500} cy={500} r={490} fill="none" stroke="#f1eaff" strokeWidth={0.8} opacity={0.9} />
                </>
              )
            : undefined
        }
      />
    ),
  };
}
