import { Drawing } from '../art-svg.tsx';
import type { Sprite } from '../sprites.ts';
import { round, seededRandom } from '../art-utils.ts';
import { Glow } from './sky-defs.tsx';
import type { SceneLayers } from './sky-scenes.ts';
import './moods.css';

/** The eclipse: a dark disc in a corona of rays, with a diamond ring. */
export function eclipseLayers(sprite: Sprite): SceneLayers {
  const rand = seededRandom(4);
  const rays = Array.from({ length: 22 }, (_, i) => {
    const a = (i / 22) * Math.PI * 2 + rand() * 0.25;
    const len = 40 + rand() * 80;
    const w = 0.05 + rand() * 0.08;
    const p = (ang: number, r: number) => `${round(150 + r * Math.cos(ang))} ${round(150 + r * Math.sin(ang))}`;
    return `M ${p(a - w, 52)} Q ${p(a, 60 + len * 0.5)} ${p(a + rand() * 0.1, 52 + len)} Q ${p(a, 60 + len * 0.5)} ${p(a + w, 52)} Z`;
  });
  return {
    under: <div className="art-eclipse-dim" />,
    over: (
      <Drawing
        sprite={sprite}

        name="eclipse"

        className="art-eclipse"
        viewBox="0 0 300 300"

        draw={
          ART_DRAWINGS
            ? (id) => (
                <>
                  <defs>
                    <radialGradient id={`${id}-corona`} gradientUnits="userSpaceOnUse" cx={150} cy={150} r={150}>
                      <stop offset="0.33" stopColor="#fffaf0" stopOpacity={1} />
                      <stop offset="0.4" stopColor="#ffe6c0" stopOpacity={0.6} />
                      <stop offset="0.6" stopColor="#c9a8ff" stopOpacity={0.2} />
                      <stop offset="1" stopColor="#8a7bff" stopOpacity={0} />
                    </radialGradient>
                    <radialGradient id={`${id}-disc`} cx="0.6" cy="0.65" r="0.7">
                      <stop offset="0" stopColor="#1a1840" />
                      <stop offset="1" stopColor="#05061a" />
                    </radialGradient>
                    <filter id={`${id}-soft`} x="-20%" y="-20%" width="140%" height="140%">
                      <feGaussianBlur stdDeviation="2.4" />
                    </filter>
                    <Glow id={`${id}-bead`} colour="#ffffff" />
                  </defs>
                  <circle cx={150} cy={150} r={150} fill={`url(#${id}-corona)`} />
                  <g fill={`url(#${id}-corona)`} filter={`url(#${id}-soft)`} opacity={0.8}>
                    {rays.map((d, i) => (
                      <path key={i} d={d} />
                    ))}
                  </g>
                  <circle
                    cx={150}
                    cy={150}
                    r={51}
                    fill="none"
                    stroke="#fff6e0"
                    strokeWidth={3}
                    opacity={0.9}
                    filter={`url(#${id}-soft)`}
                  />
                  <circle cx={150} cy={150} r={50} fill={`url(#${id}-disc)`} />
                  <circle cx={150} cy={150} r={50.5} fill="none" stroke="#fffaf0" strokeWidth={1.2} />
                  <circle cx={116} cy={114} r={16} fill={`url(#${id}-bead)`} />
                  <circle cx={116} cy={114} r={3.2} fill="#ffffff" />
                </>
              )
            : undefined
        }
      />
    ),
  };
}
