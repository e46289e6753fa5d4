import type { ReactNode } from 'react';
import type { PlaceId } from '@gomeum/contracts';
import { cx, sparklePath, svgA11yProps, useSvgId } from './art-utils.ts';
import './art.css';

/** The main hue of each place, for focus rings, accents and sky tints. */
export const PLANET_HUES: Record<PlaceId, string> = {
  music: '#ff7a66',
  food: '#ffa53d',
  manga: '#ff7ab8',
  game: '#a6e04a',
  movie: '#f5cf48',
  travel: '#2fc4b4',
  drama: '#e2344f',
  moon: '#d7dcec',
};

interface Palette {
  light: string;
  base: string;
  dark: string;
  deep: string;
}

const PALETTES: Record<PlaceId, Palette> = {
  music: { light: '#ffc9b8', base: PLANET_HUES.music, dark: '#d94a45', deep: '#6e1a3a' },
  food: { light: '#ffe2a6', base: PLANET_HUES.food, dark: '#d9701a', deep: '#652a10' },
  manga: { light: '#ffd6ea', base: PLANET_HUES.manga, dark: '#d8478e', deep: '#5e1747' },
  game: { light: '#e8ffb0', base: PLANET_HUES.game, dark: '#5ea52a', deep: '#1f4a22' },
  movie: { light: '#fff2b8', base: PLANET_HUES.movie, dark: '#c98f1e', deep: '#5a3a10' },
  travel: { light: '#b8fff1', base: PLANET_HUES.travel, dark: '#14858a', deep: '#0b3350' },
  drama: { light: '#ff9fae', base: PLANET_HUES.drama, dark: '#a3173e', deep: '#42062a' },
  moon: { light: '#ffffff', base: PLANET_HUES.moon, dark: '#9ba3c2', deep: '#3f4566' },
};

/** Centre of the 200×200 drawing and the planet body radius. */
const C = 100;
const R = 62;

interface Layers {
  /** Drawn behind the body (the far half of a ring). */
  back?: ReactNode;
  /** Drawn on the body, clipped to it, under the shading. */
  surface: ReactNode;
  /** Drawn in front of everything (the near half of a ring, sparkles). */
  front?: ReactNode;
}

/** Half of an ellipse centred on the planet: the far (upper) or near (lower) arc. */
function halfEllipse(rx: number, ry: number, half: 'back' | 'front'): string {
  return half === 'back'
    ? `M ${C - rx} ${C} A ${rx} ${ry} 0 0 1 ${C + rx} ${C}`
    : `M ${C + rx} ${C} A ${rx} ${ry} 0 0 1 ${C - rx} ${C}`;
}

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

function musicLayers(p: Palette): Layers {
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

function foodLayers(p: Palette): Layers {
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

function mangaLayers(p: Palette, id: string): Layers {
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

const PIXEL = 6;

/** Cells marked `X` in a little ASCII grid, as [column, row] pairs. */
function cells(rows: readonly string[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x += 1) {
      if (row.charAt(x) === 'X') out.push([x, y]);
    }
  });
  return out;
}

function gameLayers(p: Palette): Layers {
  const craters: Array<{ x: number; y: number; rows: readonly string[] }> = [
    { x: 58, y: 70, rows: ['.XXX.', 'XXXXX', 'XXXXX', '.XXX.'] },
    { x: 112, y: 96, rows: ['.XX.', 'XXXX', 'XXXX', '.XX.'] },
    { x: 70, y: 124, rows: ['.XXXX.', 'XXXXXX', '.XXXX.'] },
    { x: 124, y: 58, rows: ['XX', 'XX'] },
    { x: 148, y: 130, rows: ['X'] },
    { x: 100, y: 148, rows: ['XX'] },
    { x: 46, y: 106, rows: ['X'] },
  ];
  const plus = (x: number, y: number, s: number, fill: string) => (
    <path
      d={`M ${x - s / 2} ${y - 1.5 * s} h ${s} v ${s} h ${s} v ${s} h ${-s} v ${s} h ${-s} v ${-s} h ${-s} v ${-s} h ${s} Z`}
      fill={fill}
    />
  );
  return {
    surface: (
      <>
        <g fill={p.light} opacity={0.35}>
          <rect x={30} y={90} width={140} height={PIXEL} />
          <rect x={30} y={140} width={140} height={PIXEL / 2} />
        </g>
        {craters.map((c) => {
          const cs = cells(c.rows);
          return (
            <g key={`${c.x}-${c.y}`}>
              {cs.map(([col, row]) => (
                <rect
                  key={`l${col}-${row}`}
                  x={c.x + (col + 1) * PIXEL}
                  y={c.y + (row + 1) * PIXEL}
                  width={PIXEL}
                  height={PIXEL}
                  fill={p.light}
                />
              ))}
              {cs.map(([col, row]) => (
                <rect
                  key={`d${col}-${row}`}
                  x={c.x + col * PIXEL}
                  y={c.y + row * PIXEL}
                  width={PIXEL}
                  height={PIXEL}
                  fill={p.dark}
                />
              ))}
              {cs
                .filter(
                  ([col, row]) =>
                    cs.some(([a, b]) => a === col - 1 && b === row) && cs.some(([a, b]) => a === col && b === row - 1),
                )
                .map(([col, row]) => (
                  <rect
                    key={`s${col}-${row}`}
                    x={c.x + col * PIXEL}
                    y={c.y + row * PIXEL}
                    width={PIXEL}
                    height={PIXEL}
                    fill={p.deep}
                    opacity={0.45}
                  />
                ))}
            </g>
          );
        })}
        <g fill="#ffffff" opacity={0.55}>
          <rect x={64} y={50} width={PIXEL} height={PIXEL} />
          <rect x={70} y={50} width={PIXEL} height={PIXEL} />
          <rect x={58} y={56} width={PIXEL} height={PIXEL} />
        </g>
      </>
    ),
    front: (
      <>
        {plus(170, 46, 4, p.light)}
        {plus(30, 150, 3, p.light)}
        <rect x={158} y={150} width={4} height={4} fill={p.light} />
        <rect x={40} y={40} width={3} height={3} fill={p.light} />
      </>
    ),
  };
}

function movieLayers(p: Palette): Layers {
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

function travelLayers(p: Palette): Layers {
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

function dramaLayers(p: Palette, id: string): Layers {
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

function moonLayers(p: Palette): Layers {
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

function layersFor(planet: PlaceId, p: Palette, id: string): Layers {
  switch (planet) {
    case 'music':
      return musicLayers(p);
    case 'food':
      return foodLayers(p);
    case 'manga':
      return mangaLayers(p, id);
    case 'game':
      return gameLayers(p);
    case 'movie':
      return movieLayers(p);
    case 'travel':
      return travelLayers(p);
    case 'drama':
      return dramaLayers(p, id);
    case 'moon':
      return moonLayers(p);
  }
}

/** One themed planet (or the moon) drawn in SVG; decorative unless a `title` is given. */
export function PlanetArt({
  planet,
  size,
  className,
  title,
}: {
  planet: PlaceId;
  size?: number | string;
  className?: string;
  title?: string;
}) {
  const id = useSvgId(`art-planet-${planet}`);
  const p = PALETTES[planet];
  const layers = layersFor(planet, p, id);
  return (
    <svg
      className={cx('art-planet', `art-planet--${planet}`, className)}
      viewBox="0 0 200 200"
      width={size}
      height={size}
      focusable="false"
      {...svgA11yProps(title, `${id}-title`)}
    >
      {title ? <title id={`${id}-title`}>{title}</title> : null}
      <defs>
        <radialGradient id={`${id}-glow`} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0.58" stopColor={p.base} stopOpacity={0.42} />
          <stop offset="0.75" stopColor={p.base} stopOpacity={0.12} />
          <stop offset="1" stopColor={p.base} stopOpacity={0} />
        </radialGradient>
        <radialGradient id={`${id}-body`} cx="0.36" cy="0.3" r="0.8">
          <stop offset="0" stopColor={p.light} />
          <stop offset="0.42" stopColor={p.base} />
          <stop offset="0.85" stopColor={p.dark} />
          <stop offset="1" stopColor={p.dark} />
        </radialGradient>
        <radialGradient id={`${id}-shade`} cx="0.34" cy="0.28" r="0.86">
          <stop offset="0.5" stopColor={p.deep} stopOpacity={0} />
          <stop offset="0.82" stopColor={p.deep} stopOpacity={0.5} />
          <stop offset="1" stopColor={p.deep} stopOpacity={0.78} />
        </radialGradient>
        <radialGradient id={`${id}-shine`} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#ffffff" stopOpacity={0.5} />
          <stop offset="1" stopColor="#ffffff" stopOpacity={0} />
        </radialGradient>
        <clipPath id={`${id}-clip`}>
          <circle cx={C} cy={C} r={R} />
        </clipPath>
      </defs>
      <circle cx={C} cy={C} r={99} fill={`url(#${id}-glow)`} />
      {layers.back}
      <circle cx={C} cy={C} r={R} fill={`url(#${id}-body)`} />
      <g clipPath={`url(#${id}-clip)`}>
        {layers.surface}
        <circle cx={C} cy={C} r={R} fill={`url(#${id}-shade)`} />
        <ellipse cx={78} cy={70} rx={20} ry={13} fill={`url(#${id}-shine)`} transform="rotate(-30 78 70)" />
      </g>
      <path
        d={`M ${C - R * 0.94} ${C - R * 0.34} A ${R} ${R} 0 0 1 ${C - R * 0.2} ${C - R * 0.97}`}
        fill="none"
        stroke="#ffffff"
        strokeOpacity={0.55}
        strokeWidth={1.6}
        strokeLinecap="round"
      />
      <circle cx={C} cy={C} r={R} fill="none" stroke={p.light} strokeOpacity={0.35} strokeWidth={1.2} />
      {layers.front}
    </svg>
  );
}
