import { C, halfEllipse, type PlanetLayers } from './planet-geometry.ts';
import type { Palette } from './planet-hues.ts';

/** An eighth note (single) or a beamed pair, drawn around the origin. */
function Note({ beamed, fill, stroke }: { beamed: boolean; fill: string; stroke: string }) {
  return (
    <g fill={fill} stroke={stroke} strokeWidth={0.9} paintOrder="stroke" strokeLinejoin="round">
      {beamed ? (
        <path d="M -4.2 2.2 a 4.2 3.1 -22 1 0 8.4 0 a 4.2 3.1 -22 1 0 -8.4 0 Z M 7.6 -0.8 a 4.2 3.1 -22 1 0 8.4 0 a 4.2 3.1 -22 1 0 -8.4 0 Z M 2.9 1.6 V -12.2 L 14.7 -15.2 V -1.4 H 13.1 V -11.2 L 4.5 -9 V 1.6 Z" />
      ) : (
        <path d="M -4.2 2.2 a 4.2 3.1 -22 1 0 8.4 0 a 4.2 3.1 -22 1 0 -8.4 0 Z M 2.9 1.6 V -13.6 H 4.5 C 5.2 -10 10.5 -9 9.4 -3.2 C 8.6 -6.4 6.6 -7.6 4.5 -8 V 1.6 Z" />
      )}
    </g>
  );
}

/** Music: a tilted ring of staff lines with notes riding on it. */
export function musicLayers(p: Palette): PlanetLayers {
  const tilt = `rotate(-16 ${C} ${C})`;
  const staff = [
    [86, 20],
    [94, 24],
    [102, 28],
  ] as const;
  const ring = (half: 'back' | 'front') => (
    <g transform={tilt} fill="none" strokeLinecap="round">
      <path d={halfEllipse(94, 24, half)} stroke={p.light} strokeOpacity={0.22} strokeWidth={20} />
      {staff.map(([rx, ry]) => (
        <path
          key={rx}
          d={halfEllipse(rx, ry, half)}
          stroke="#fff4ec"
          strokeOpacity={half === 'back' ? 0.5 : 0.85}
          strokeWidth={1.3}
        />
      ))}
    </g>
  );
  const notes: Array<{ t: number; beamed: boolean; s: number; half: 'back' | 'front' }> = [
    { t: 200, beamed: false, s: 0.8, half: 'back' },
    { t: 252, beamed: true, s: 0.75, half: 'back' },
    { t: 310, beamed: false, s: 0.8, half: 'back' },
    { t: 24, beamed: true, s: 1.05, half: 'front' },
    { t: 62, beamed: false, s: 1.1, half: 'front' },
    { t: 118, beamed: true, s: 1.05, half: 'front' },
    { t: 160, beamed: false, s: 1.05, half: 'front' },
  ];
  const drawNotes = (half: 'back' | 'front') => (
    <g transform={tilt}>
      {notes
        .filter((n) => n.half === half)
        .map((n) => {
          const a = (n.t * Math.PI) / 180;
          const x = C + 94 * Math.cos(a);
          const y = C + 24 * Math.sin(a);
          return (
            <g
              key={n.t}
              transform={`translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(16) scale(${n.s})`}
              opacity={half === 'back' ? 0.75 : 1}
            >
              <Note beamed={n.beamed} fill="#fff6ef" stroke={p.deep} />
            </g>
          );
        })}
    </g>
  );
  return {
    back: (
      <>
        {ring('back')}
        {drawNotes('back')}
      </>
    ),
    surface: (
      <g transform={tilt}>
        <ellipse cx={C} cy={64} rx={90} ry={9} fill={p.light} opacity={0.32} />
        <ellipse cx={C} cy={86} rx={90} ry={5} fill={p.dark} opacity={0.28} />
        <ellipse cx={C} cy={118} rx={90} ry={11} fill={p.dark} opacity={0.3} />
        <ellipse cx={C} cy={140} rx={90} ry={4} fill={p.light} opacity={0.25} />
      </g>
    ),
    front: (
      <>
        {ring('front')}
        {drawNotes('front')}
      </>
    ),
  };
}
