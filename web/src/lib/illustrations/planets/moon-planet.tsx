import type { PlanetLayers } from './planet-geometry.ts';
import type { Palette } from './planet-hues.ts';

/** The moon: grey seas and craters. */
export function moonLayers(p: Palette): PlanetLayers {
  const craters: Array<[number, number, number]> = [
    [78, 78, 11],
    [124, 70, 7],
    [130, 114, 13],
    [84, 126, 8],
    [106, 98, 5],
    [58, 106, 6],
    [110, 146, 5],
    [150, 88, 4],
  ];
  return {
    surface: (
      <>
        <ellipse cx={92} cy={92} rx={30} ry={20} fill={p.dark} opacity={0.25} transform="rotate(-20 92 92)" />
        <ellipse cx={128} cy={128} rx={20} ry={14} fill={p.dark} opacity={0.22} />
        {craters.map(([x, y, r]) => (
          <g key={`${x}-${y}`}>
            <circle cx={x} cy={y} r={r} fill={p.dark} opacity={0.5} />
            <circle cx={x + r * 0.16} cy={y + r * 0.16} r={r * 0.8} fill={p.base} opacity={0.6} />
            <path
              d={`M ${x + r * 0.97} ${y + r * 0.26} A ${r} ${r} 0 0 1 ${x + r * 0.26} ${y + r * 0.97}`}
              fill="none"
              stroke="#ffffff"
              strokeWidth={r * 0.14}
              strokeLinecap="round"
              opacity={0.45}
            />
          </g>
        ))}
      </>
    ),
  };
}
