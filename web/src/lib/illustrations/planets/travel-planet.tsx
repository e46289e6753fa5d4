import { C, halfEllipse, type PlanetLayers } from './planet-geometry.ts';
import { PLANET_HUES, type Palette } from './planet-hues.ts';

/** Travel: continents and clouds, a dashed flight path and a map pin. */
export function travelLayers(p: Palette): PlanetLayers {
  const land = '#9fe9bf';
  const landDark = '#58c795';
  return {
    surface: (
      <>
        <g fill={landDark}>
          <path
            d="M 54 72 C 64 58 86 56 96 66 C 102 74 94 82 100 90 C 106 100 98 114 86 116 C 78 118 76 108 68 106 C 58 104 52 94 54 84 Z"
            transform="translate(2 3)"
          />
          <path
            d="M 118 98 C 128 88 148 90 156 100 C 162 112 158 126 148 132 C 138 138 130 148 122 144 C 116 138 122 126 116 118 C 112 110 112 102 118 98 Z"
            transform="translate(2 3)"
          />
        </g>
        <g fill={land}>
          <path d="M 54 72 C 64 58 86 56 96 66 C 102 74 94 82 100 90 C 106 100 98 114 86 116 C 78 118 76 108 68 106 C 58 104 52 94 54 84 Z" />
          <path d="M 118 98 C 128 88 148 90 156 100 C 162 112 158 126 148 132 C 138 138 130 148 122 144 C 116 138 122 126 116 118 C 112 110 112 102 118 98 Z" />
          <path d="M 124 60 C 132 54 144 58 142 64 C 138 70 128 68 124 60 Z" />
          <path d="M 80 134 C 86 130 94 134 92 138 C 88 142 82 140 80 134 Z" />
          <path d="M 48 122 C 52 120 56 124 54 126 C 50 128 47 126 48 122 Z" />
        </g>
        <g fill="#e9f6c8" opacity={0.8}>
          <path d="M 64 72 C 70 66 80 66 84 70 C 78 72 70 74 64 72 Z" />
          <path d="M 130 100 C 138 96 146 98 150 102 C 142 104 136 104 130 100 Z" />
        </g>
        <g fill="none" stroke="#ffffff" strokeLinecap="round" opacity={0.6}>
          <path d="M 40 96 H 62" strokeWidth={3.2} />
          <path d="M 108 78 H 140" strokeWidth={3.6} />
          <path d="M 96 124 H 112" strokeWidth={2.8} />
          <path d="M 132 152 H 146" strokeWidth={2.6} />
        </g>
      </>
    ),
    front: (
      <>
        <g transform={`rotate(12 ${C} ${C})`}>
          <path
            d={halfEllipse(84, 30, 'front')}
            fill="none"
            stroke="#ffffff"
            strokeOpacity={0.85}
            strokeWidth={1.6}
            strokeDasharray="4 4"
            strokeLinecap="round"
          />
          <g transform={`translate(${C + 84} ${C - 2}) rotate(-62)`}>
            <path d="M -6 4 L 9 0 L -6 -4 L -3 0 Z" fill="#ffffff" />
          </g>
        </g>
        <g transform="translate(78 84)">
          <path
            d="M 0 0 C -6 -6 -7 -12 -4 -15.5 C -2 -18 2 -18 4 -15.5 C 7 -12 6 -6 0 0 Z"
            fill={PLANET_HUES.music}
            stroke={p.deep}
            strokeWidth={0.8}
          />
          <circle cx={0} cy={-12} r={2.2} fill="#ffffff" />
        </g>
      </>
    ),
  };
}
