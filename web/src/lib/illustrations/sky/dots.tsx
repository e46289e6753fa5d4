import { round } from '../art-utils.ts';

/** Dots of one colour and opacity, drawn as one path. */
export interface DotGroup {
  fill: string;
  opacity: number;
  d: string;
}

/** Dots sorted into one path per "colour opacity" key. */
export function dotGroups<T extends { x: number; y: number; r: number }>(
  dots: T[],
  key: (dot: T) => string,
): DotGroup[] {
  const groups = new Map<string, string[]>();
  for (const dot of dots) {
    const k = key(dot);
    const list = groups.get(k) ?? [];
    list.push(dotPath(dot.x, dot.y, dot.r));
    groups.set(k, list);
  }
  return [...groups].map(([k, parts]) => {
    const [fill = '#ffffff', opacity = '1'] = k.split(' ');
    return { fill, opacity: Number(opacity), d: parts.join('') };
  });
}

/** A circle as a path fragment (two half arcs), so many circles make one element. */
function dotPath(x: number, y: number, r: number): string {
  return `M${round(x - r, 2)} ${y}a${r} ${r} 0 1 0 ${round(2 * r, 2)} 0a${r} ${r} 0 1 0 ${round(-2 * r, 2)} 0`;
}

/** Draws dot groups, one path each. */
export function DotPaths({ groups }: { groups: DotGroup[] }) {
  return (
    <>
      {groups.map((g) => (
        <path key={`${g.fill} ${g.opacity}`} d={g.d} fill={g.fill} opacity={g.opacity < 1 ? g.opacity : undefined} />
      ))}
    </>
  );
}
