import { C, type PlanetLayers } from './planet-geometry.ts';
import type { Palette } from './planet-hues.ts';

/** Food: a steaming bowl in a crater, among smaller craters. */
export function foodLayers(p: Palette): PlanetLayers {
  const craters: Array<[number, number, number]> = [
    [60, 78, 5],
    [134, 70, 4],
    [150, 112, 3.5],
    [66, 132, 4.5],
    [124, 150, 3],
    [86, 62, 2.6],
  ];
  return {
    surface: (
      <>
        {craters.map(([x, y, r]) => (
          <g key={`${x}-${y}`}>
            <ellipse cx={x} cy={y} rx={r} ry={r * 0.8} fill={p.dark} opacity={0.6} />
            <path
              d={`M ${x - r} ${y + 0.5} A ${r} ${r * 0.8} 0 0 0 ${x + r} ${y + 0.5}`}
              fill="none"
              stroke={p.light}
              strokeWidth={1}
              opacity={0.8}
            />
          </g>
        ))}
        {/* The crater: a soft depression around the bowl. */}
        <ellipse cx={C} cy={112} rx={44} ry={27} fill={p.dark} opacity={0.35} />
        <ellipse cx={C} cy={114} rx={40} ry={23} fill="none" stroke={p.light} strokeWidth={2} opacity={0.45} />
        {/* The bowl sitting in it. */}
        <path
          d="M 67 104 C 67 126 82 138 100 138 C 118 138 133 126 133 104 Z"
          fill={p.dark}
          opacity={0.5}
          transform="translate(4 2)"
        />
        <path d="M 67 104 C 67 126 82 138 100 138 C 118 138 133 126 133 104 Z" fill="#fff0d6" />
        <path d="M 69.5 116 C 73 118 127 118 130.5 116 L 129 121 C 124 123 76 123 71 121 Z" fill="#e8553c" />
        <path
          d="M 72 108 C 75 125 86 134 100 134"
          fill="none"
          stroke="#ffffff"
          strokeOpacity={0.6}
          strokeWidth={2}
          strokeLinecap="round"
        />
        <ellipse cx={C} cy={104} rx={33} ry={9} fill="#fff0d6" />
        <ellipse cx={C} cy={104.5} rx={29} ry={6.8} fill="#c9561c" />
        <path
          d="M 78 105 C 84 101 88 108 94 104 C 100 100 104 107 110 103"
          fill="none"
          stroke="#ffe09a"
          strokeWidth={1.6}
          strokeLinecap="round"
        />
        <path
          d="M 80 108 C 86 105 92 110 98 107"
          fill="none"
          stroke="#ffe09a"
          strokeWidth={1.4}
          strokeLinecap="round"
        />
        <ellipse cx={114} cy={103} rx={5.2} ry={3.6} fill="#ffffff" />
        <ellipse cx={114.6} cy={103.2} rx={2.4} ry={1.8} fill="#ffb21e" />
        <circle cx={90} cy={101.5} r={1.3} fill="#8fd46a" />
        <circle cx={104} cy={108} r={1.2} fill="#8fd46a" />
        <circle cx={122} cy={106} r={1.1} fill="#8fd46a" />
      </>
    ),
    front: (
      <g fill="none" stroke="#ffffff" strokeLinecap="round" strokeWidth={2.6} opacity={0.8}>
        <path d="M 88 94 C 82 86 94 80 88 72 C 84 66 90 62 88 58" />
        <path d="M 100 92 C 94 82 108 76 100 66 C 96 60 102 54 100 48" />
        <path d="M 112 94 C 106 86 118 80 112 72 C 108 66 114 62 112 58" />
      </g>
    ),
  };
}
