import { sparklePath } from '../art-utils.ts';
import { C, halfEllipse, type PlanetLayers } from './planet-geometry.ts';
import type { Palette } from './planet-hues.ts';

/** Movie: a tilted film-strip ring. */
export function movieLayers(p: Palette): PlanetLayers {
  const tilt = `rotate(-18 ${C} ${C})`;
  const film = '#2b1d12';
  const strip = (half: 'back' | 'front') => (
    <g transform={tilt} fill="none" opacity={half === 'back' ? 0.85 : 1}>
      <path d={halfEllipse(94, 26, half)} stroke={film} strokeWidth={17} />
      <path d={halfEllipse(94, 26, half)} stroke={p.light} strokeWidth={8} strokeDasharray="9 2.6" opacity={0.92} />
      <path
        d={halfEllipse(94, 26, half)}
        stroke={p.base}
        strokeWidth={8}
        strokeDasharray="3 8.6"
        strokeDashoffset={-3}
        opacity={0.55}
      />
      <path d={halfEllipse(100.5, 32.5, half)} stroke="#fff7dc" strokeWidth={2.2} strokeDasharray="2.2 3.6" />
      <path d={halfEllipse(87.5, 19.5, half)} stroke="#fff7dc" strokeWidth={2.2} strokeDasharray="2.2 3.6" />
    </g>
  );
  return {
    back: strip('back'),
    surface: (
      <g transform={tilt}>
        <ellipse cx={C} cy={70} rx={90} ry={7} fill={p.light} opacity={0.35} />
        <ellipse cx={C} cy={92} rx={90} ry={4} fill={p.dark} opacity={0.25} />
        <ellipse cx={C} cy={128} rx={90} ry={9} fill={p.dark} opacity={0.3} />
      </g>
    ),
    front: (
      <>
        {strip('front')}
        <path d={sparklePath(40, 52, 5)} fill="#fff7dc" />
      </>
    ),
  };
}
