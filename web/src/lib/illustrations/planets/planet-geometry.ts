import type { ReactNode } from 'react';

/** Centre of the 200×200 drawing and the planet body radius. */
export const C = 100;
export const R = 62;

/** What a planet's motif draws around and on the shared body. */
export interface PlanetLayers {
  /** Drawn behind the body (the far half of a ring). */
  back?: ReactNode;
  /** Drawn on the body, clipped to it, under the shading. */
  surface: ReactNode;
  /** Drawn in front of everything (the near half of a ring, sparkles). */
  front?: ReactNode;
}

/** Half of an ellipse centred on the planet: the far (upper) or near (lower) arc. */
export function halfEllipse(rx: number, ry: number, half: 'back' | 'front'): string {
  return half === 'back'
    ? `M ${C - rx} ${C} A ${rx} ${ry} 0 0 1 ${C + rx} ${C}`
    : `M ${C + rx} ${C} A ${rx} ${ry} 0 0 1 ${C - rx} ${C}`;
}
