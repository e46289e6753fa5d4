import { sparklePath } from '../art-utils.ts';
import { C, R, type PlanetLayers } from './planet-geometry.ts';
import type { Palette } from './planet-hues.ts';

/** Manga: ink-brush bands over a screen tone, with sparkles. */
export function mangaLayers(p: Palette, id: string): PlanetLayers {
  const ink = '#2a0c29';
  return {
    back: (
      <defs>
        <pattern id={`${id}-tone`} width={5} height={5} patternUnits="userSpaceOnUse" patternTransform="rotate(30)">
          <circle cx={2.5} cy={2.5} r={1.15} fill={p.deep} />
        </pattern>
        <radialGradient id={`${id}-tonefade`} cx="0.28" cy="0.22" r="0.95">
          <stop offset="0.42" stopColor="#000000" />
          <stop offset="0.8" stopColor="#ffffff" />
        </radialGradient>
        <mask id={`${id}-tonemask`}>
          <circle cx={C} cy={C} r={R} fill={`url(#${id}-tonefade)`} />
        </mask>
      </defs>
    ),
    surface: (
      <>
        <rect
          x={C - R}
          y={C - R}
          width={R * 2}
          height={R * 2}
          fill={`url(#${id}-tone)`}
          mask={`url(#${id}-tonemask)`}
          opacity={0.7}
        />
        <g fill={ink}>
          <path
            d="M 30 98 C 56 84 92 92 120 86 C 142 81 160 74 176 70 C 164 84 138 96 110 101 C 82 106 56 108 30 98 Z"
            opacity={0.9}
          />
          <path
            d="M 44 128 C 72 118 112 126 152 112 C 142 126 112 136 84 137 C 66 137 54 134 44 128 Z"
            opacity={0.82}
          />
          <path d="M 66 58 C 90 50 118 54 140 46 C 128 58 98 64 66 58 Z" opacity={0.78} />
          <circle cx={172} cy={84} r={1.8} />
          <circle cx={38} cy={114} r={1.4} />
          <circle cx={158} cy={126} r={1.2} />
        </g>
        <g fill="none" stroke={ink} strokeLinecap="round" opacity={0.7}>
          <path d="M 146 84 C 158 80 170 76 182 72" strokeWidth={0.9} />
          <path d="M 140 92 C 154 88 166 84 178 80" strokeWidth={0.7} />
          <path d="M 40 104 C 34 104 28 103 22 101" strokeWidth={0.8} />
          <path d="M 136 124 C 146 120 154 116 164 110" strokeWidth={0.7} />
        </g>
        <path
          d="M 60 72 C 70 66 82 63 94 63"
          fill="none"
          stroke="#ffffff"
          strokeOpacity={0.55}
          strokeWidth={2.2}
          strokeLinecap="round"
        />
      </>
    ),
    front: (
      <g fill="#ffffff">
        <path d={sparklePath(50, 46, 9)} />
        <path d={sparklePath(160, 40, 5.5)} opacity={0.9} />
        <path d={sparklePath(36, 64, 3.5)} opacity={0.8} />
      </g>
    ),
  };
}
