import type { PlaceId } from '@gomeum/contracts';
import { Drawing } from '../art-svg.tsx';
import { cx, useSvgId } from '../art-utils.ts';
import { dramaLayers } from './drama-planet.tsx';
import { foodLayers } from './food-planet.tsx';
import { gameLayers } from './game-planet.tsx';
import { mangaLayers } from './manga-planet.tsx';
import { moonLayers } from './moon-planet.tsx';
import { movieLayers } from './movie-planet.tsx';
import { musicLayers } from './music-planet.tsx';
import { C, R, type PlanetLayers } from './planet-geometry.ts';
import { PALETTES, type Palette } from './planet-hues.ts';
import { travelLayers } from './travel-planet.tsx';
import './planets.css';

function layersFor(planet: PlaceId, p: Palette, id: string): PlanetLayers {
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

/** One themed planet (or the moon) drawn in SVG (kept in the planets' sprite); decorative unless a `title` is given. */
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
  const titleId = useSvgId(`art-planet-${planet}-title`);
  const p = PALETTES[planet];
  return (
    <Drawing
      sprite="planets"
      name={`planet-${planet}`}
      className={cx('art-planet', `art-planet--${planet}`, className)}
      viewBox="0 0 200 200"
      size={size}
      title={title}
      titleId={titleId}
      draw={
        ART_DRAWINGS
          ? (id) => {
              const layers = layersFor(planet, p, id);
              return (
                <>
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
                </>
              );
            }
          : undefined
      }
    />
  );
}
