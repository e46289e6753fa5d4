import { C, R, type PlanetLayers } from './planet-geometry.ts';
import type { Palette } from './planet-hues.ts';

/** Drama: curtain folds under a gold-trimmed valance. */
export function dramaLayers(p: Palette, id: string): PlanetLayers {
  const gold = '#f6c65b';
  const folds = [0.12, 0.34, 0.56, 0.76, 0.92];
  return {
    back: (
      <defs>
        <linearGradient id={`${id}-valance`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={p.deep} />
          <stop offset="1" stopColor="#86102f" />
        </linearGradient>
      </defs>
    ),
    surface: (
      <>
        {folds.map((k) => (
          <g key={k} fill="none">
            <ellipse cx={C} cy={C} rx={R * k} ry={R} stroke={p.deep} strokeOpacity={0.38} strokeWidth={4} />
            <ellipse cx={C} cy={C} rx={R * k + 4} ry={R} stroke={p.light} strokeOpacity={0.22} strokeWidth={1.6} />
          </g>
        ))}
        <path
          d="M 30 30 H 170 V 66 Q 152 90 135 68 Q 117 92 100 70 Q 83 92 65 68 Q 48 90 30 66 Z"
          fill={`url(#${id}-valance)`}
        />
        <path
          d="M 30 66 Q 48 90 65 68 Q 83 92 100 70 Q 117 92 135 68 Q 152 90 170 66"
          fill="none"
          stroke={gold}
          strokeWidth={2.8}
          strokeLinejoin="round"
        />
        <path d="M 30 56 H 170" stroke={gold} strokeWidth={1.4} opacity={0.7} />
        <path
          d="M 48 60 Q 56 72 65 64 M 83 62 Q 92 74 100 64 M 117 62 Q 126 74 135 64"
          fill="none"
          stroke={p.base}
          strokeOpacity={0.45}
          strokeWidth={1.6}
        />
        <g fill={gold}>
          {[65, 100, 135].map((x) => (
            <g key={x}>
              <path d={`M ${x} ${x === 100 ? 70 : 68} v 7`} stroke={gold} strokeWidth={1.3} />
              <path d={`M ${x} ${x === 100 ? 76 : 74} c 3 2 3.2 8 0 9 c -3.2 -1 -3 -7 0 -9 Z`} />
            </g>
          ))}
        </g>
      </>
    ),
  };
}
