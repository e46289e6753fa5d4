import type { ReactNode } from 'react';

/** The poses Gomeum can be drawn in. */
export type GomeumPose = 'sit' | 'wave' | 'sleep';

type Shape =
  | { kind: 'ellipse'; cx: number; cy: number; rx: number; ry: number }
  | { kind: 'path'; d: string }
  | { kind: 'limb'; d: string; width: number };

/** Head, ears, body, paws and tail of each pose; drawn twice (outline, then fill) for a clean rim. */
export const SILHOUETTES: Record<GomeumPose, Shape[]> = {
  sit: [
    { kind: 'limb', d: 'M 140 178 C 176 184 192 162 186 138 C 182 122 184 110 192 102', width: 15 },
    { kind: 'ellipse', cx: 100, cy: 146, rx: 54, ry: 44 },
    { kind: 'ellipse', cx: 80, cy: 186, rx: 15, ry: 9 },
    { kind: 'ellipse', cx: 120, cy: 186, rx: 15, ry: 9 },
    { kind: 'path', d: 'M 44 74 C 38 50 38 26 48 16 C 56 11 78 25 94 38 Z' },
    { kind: 'path', d: 'M 156 74 C 162 50 162 26 152 16 C 144 11 122 25 106 38 Z' },
    { kind: 'ellipse', cx: 100, cy: 88, rx: 62, ry: 54 },
  ],
  wave: [
    { kind: 'limb', d: 'M 140 178 C 176 184 192 162 186 138 C 182 122 184 110 192 102', width: 15 },
    { kind: 'ellipse', cx: 100, cy: 146, rx: 54, ry: 44 },
    { kind: 'ellipse', cx: 120, cy: 186, rx: 15, ry: 9 },
    { kind: 'ellipse', cx: 82, cy: 184, rx: 14, ry: 8 },
    { kind: 'limb', d: 'M 66 150 C 46 142 32 124 28 104', width: 22 },
    { kind: 'ellipse', cx: 27, cy: 98, rx: 14, ry: 13 },
    { kind: 'path', d: 'M 44 74 C 38 50 38 26 48 16 C 56 11 78 25 94 38 Z' },
    { kind: 'path', d: 'M 156 74 C 162 50 162 26 152 16 C 144 11 122 25 106 38 Z' },
    { kind: 'ellipse', cx: 100, cy: 88, rx: 62, ry: 54 },
  ],
  sleep: [
    { kind: 'ellipse', cx: 114, cy: 148, rx: 68, ry: 38 },
    { kind: 'limb', d: 'M 176 138 C 196 168 178 190 140 190 C 118 190 104 188 92 186', width: 14 },
    { kind: 'path', d: 'M 28 124 C 20 108 18 90 24 82 C 30 78 48 86 62 98 Z' },
    { kind: 'path', d: 'M 76 98 C 86 88 98 80 108 80 C 114 86 114 102 112 118 Z' },
    { kind: 'ellipse', cx: 68, cy: 138, rx: 48, ry: 40 },
    { kind: 'ellipse', cx: 50, cy: 180, rx: 14, ry: 8 },
    { kind: 'ellipse', cx: 86, cy: 181, rx: 14, ry: 8 },
  ],
};

/** Draws a pose's shapes in one paint, each grown by `extra` (a stroke around it) for the rim. */
export function drawShapes(shapes: Shape[], extra: number, paint: string): ReactNode {
  return shapes.map((s, i) => {
    if (s.kind === 'ellipse') {
      return (
        <ellipse
          key={i}
          cx={s.cx}
          cy={s.cy}
          rx={s.rx}
          ry={s.ry}
          fill={paint}
          stroke={extra ? paint : undefined}
          strokeWidth={extra || undefined}
        />
      );
    }
    if (s.kind === 'path') {
      return (
        <path
          key={i}
          d={s.d}
          fill={paint}
          stroke={extra ? paint : undefined}
          strokeWidth={extra || undefined}
          strokeLinejoin="round"
        />
      );
    }
    return <path key={i} d={s.d} fill="none" stroke={paint} strokeWidth={s.width + extra} strokeLinecap="round" />;
  });
}
