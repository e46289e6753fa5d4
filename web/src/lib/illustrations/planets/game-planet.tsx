import type { PlanetLayers } from './planet-geometry.ts';
import type { Palette } from './planet-hues.ts';

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

/** Game: pixel craters and pixel sparkles. */
export function gameLayers(p: Palette): PlanetLayers {
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
