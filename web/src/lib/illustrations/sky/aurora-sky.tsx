import { Drawing } from '../art-svg.tsx';
import type { Sprite } from '../sprites.ts';
import { round } from '../art-utils.ts';
import { CloudFilter, Stops } from './sky-defs.tsx';
import type { SceneLayers } from './sky-scenes.ts';
import './moods.css';

interface Ribbon {
  from: number;
  to: number;
  base: number;
  amp: number;
  waves: number;
  phase: number;
  height: number;
  top: string;
  bottom: string;
}

const AURORA_RIBBONS: Ribbon[] = [
  {
    from: -80,
    to: 760,
    base: 215,
    amp: 26,
    waves: 1.2,
    phase: 0.6,
    height: 150,
    top: '#9b7bff',
    bottom: '#6dffc0',
  },
  {
    from: 180,
    to: 1100,
    base: 120,
    amp: 22,
    waves: 1.1,
    phase: 2.2,
    height: 110,
    top: '#ff8ad8',
    bottom: '#b48cff',
  },
  {
    from: 420,
    to: 1090,
    base: 270,
    amp: 20,
    waves: 1.5,
    phase: 4.1,
    height: 140,
    top: '#7a9bff',
    bottom: '#5ef0c8',
  },
  {
    from: -60,
    to: 380,
    base: 110,
    amp: 14,
    waves: 0.9,
    phase: 1.3,
    height: 80,
    top: '#b48cff',
    bottom: '#7fe8ff',
  },
];

/** A curtain of aurora: a wavy lower edge with rays rising from it, tapering to nothing at both ends. */
function ribbonShape(r: Ribbon): { fill: string; edge: string } {
  const n = 48;
  const bottom: string[] = [];
  const top: string[] = [];
  for (let i = 0; i <= n; i += 1) {
    const t = i / n;
    const x = r.from + (r.to - r.from) * t;
    const y =
      r.base +
      r.amp * Math.sin(Math.PI * 2 * r.waves * t + r.phase) +
      r.amp * 0.4 * Math.sin(Math.PI * 2 * r.waves * 2.7 * t + r.phase * 1.7);
    const h = r.height * Math.sin(Math.PI * t) ** 0.6 * (0.8 + 0.2 * Math.sin(Math.PI * 6 * t + r.phase));
    bottom.push(`${round(x)} ${round(y)}`);
    top.push(`${round(x)} ${round(y - h)}`);
  }
  return {
    fill: `M ${bottom.join(' L ')} L ${top.reverse().join(' L ')} Z`,
    edge: `M ${bottom.join(' L ')}`,
  };
}

/**
 * The aurora: each ribbon an SVG of its own whose opacity breathes (composited; its opacity at
 * rest and its pace are moods.css' `.art-aurora__ribbon--N`), so the costly curtain filter is
 * drawn once, not on every frame of the animation.
 */
export function auroraLayers(sprite: Sprite): SceneLayers {
  return {
    under: (
      <>
        {AURORA_RIBBONS.map((r, i) => {
          const shape = ribbonShape(r);
          return (
            <Drawing
              key={i}
              sprite={sprite}
              name={`aurora-ribbon-${i}`}
              className={`art-aurora art-aurora__ribbon art-aurora__ribbon--${i}`}
              viewBox="0 0 1000 420"
              preserveAspectRatio="none"
              draw={
                ART_DRAWINGS
                  ? (id) => (
                      <>
                        <defs>
                          <CloudFilter
                            id={`${id}-curtain`}
                            region={['-5%', '-30%', '110%', '160%']}
                            frequency="0.03 0.0018"
                            octaves={3}
                            seed={5}
                            contrast={[3.2, -1]}
                            blur="4 6"
                            haze={0.55}
                          />
                          <linearGradient id={`${id}-ribbon`} x1="0" y1="0" x2="0" y2="1">
                            <Stops
                              stops={[
                                [0, r.top, 0],
                                [0.35, r.top, 0.12],
                                [0.7, r.top, 0.45],
                                [0.92, r.bottom, 0.95],
                                [1, r.bottom, 0.7],
                              ]}
                            />
                          </linearGradient>
                          <linearGradient id={`${id}-edge`} x1="0" y1="0" x2="1" y2="0">
                            <Stops
                              stops={[
                                [0, r.bottom, 0],
                                [0.3, r.bottom, 0.9],
                                [0.7, r.bottom, 0.9],
                                [1, r.bottom, 0],
                              ]}
                            />
                          </linearGradient>
                        </defs>
                        <g filter={`url(#${id}-curtain)`}>
                          <path d={shape.fill} fill={`url(#${id}-ribbon)`} />
                          <path d={shape.edge} fill="none" stroke={`url(#${id}-edge)`} strokeWidth={3} />
                        </g>
                      </>
                    )
                  : undefined
              }
            />
          );
        })}
      </>
    ),
    over: null,
  };
}
