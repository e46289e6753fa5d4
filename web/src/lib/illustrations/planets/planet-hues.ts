import type { PlaceId } from '@gomeum/contracts';

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

/** The four tones a planet is painted in, lightest to deepest. */
export interface Palette {
  light: string;
  base: string;
  dark: string;
  deep: string;
}

/** Each planet's tones, around its main hue. */
export const PALETTES: Record<PlaceId, Palette> = {
  music: { light: '#ffc9b8', base: PLANET_HUES.music, dark: '#d94a45', deep: '#6e1a3a' },
  food: { light: '#ffe2a6', base: PLANET_HUES.food, dark: '#d9701a', deep: '#652a10' },
  manga: { light: '#ffd6ea', base: PLANET_HUES.manga, dark: '#d8478e', deep: '#5e1747' },
  game: { light: '#e8ffb0', base: PLANET_HUES.game, dark: '#5ea52a', deep: '#1f4a22' },
  movie: { light: '#fff2b8', base: PLANET_HUES.movie, dark: '#c98f1e', deep: '#5a3a10' },
  travel: { light: '#b8fff1', base: PLANET_HUES.travel, dark: '#14858a', deep: '#0b3350' },
  drama: { light: '#ff9fae', base: PLANET_HUES.drama, dark: '#a3173e', deep: '#42062a' },
  moon: { light: '#ffffff', base: PLANET_HUES.moon, dark: '#9ba3c2', deep: '#3f4566' },
};
