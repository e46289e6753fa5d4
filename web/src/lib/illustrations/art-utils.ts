import { useId, type SVGProps } from 'react';

/** Joins the truthy class names with single spaces. */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}

/** A per-instance id that is safe inside SVG `url(#…)` references (React ids may hold punctuation). */
export function useSvgId(prefix: string): string {
  return `${prefix}-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
}

/** ARIA props for an inline SVG: decorative without a title, a labelled image with one. */
export function svgA11yProps(title: string | undefined, titleId: string): SVGProps<SVGSVGElement> {
  return title ? { role: 'img', 'aria-labelledby': titleId } : { 'aria-hidden': true };
}

/** A small deterministic pseudo-random generator (mulberry32), so server and client draw the same sky. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rounds a coordinate to keep the SVG markup short. */
export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** The outline of an n-pointed star centred on (x, y). */
export function starPoints(x: number, y: number, outer: number, inner: number, points = 5): string {
  const out: string[] = [];
  for (let i = 0; i < points * 2; i += 1) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI / points) * i - Math.PI / 2;
    out.push(`${round(x + r * Math.cos(a), 2)},${round(y + r * Math.sin(a), 2)}`);
  }
  return out.join(' ');
}

/** A four-pointed "sparkle" path centred on (x, y). */
export function sparklePath(x: number, y: number, s: number): string {
  const k = s * 0.18;
  return [
    `M ${x} ${y - s}`,
    `Q ${x + k} ${y - k} ${x + s} ${y}`,
    `Q ${x + k} ${y + k} ${x} ${y + s}`,
    `Q ${x - k} ${y + k} ${x - s} ${y}`,
    `Q ${x - k} ${y - k} ${x} ${y - s}`,
    'Z',
  ].join(' ');
}
