/**
 * The art's sprite files (made from the kit by web/scripts/make-art.tsx; committed, checked by
 * sprites.test.tsx), by name: each is a static asset of the build, fetched once and cached.
 */
import cat from './sprites/cat.svg?url';
import planets from './sprites/planets.svg?url';
import skyDawn from './sprites/sky-dawn.svg?url';
import skyAurora from './sprites/sky-aurora.svg?url';
import skyNebula from './sprites/sky-nebula.svg?url';
import skyEclipse from './sprites/sky-eclipse.svg?url';
import skyMeteorShower from './sprites/sky-meteor-shower.svg?url';
import skyPlanetRise from './sprites/sky-planet-rise.svg?url';
import skyQuietNight from './sprites/sky-quiet-night.svg?url';
import skyGalaxy from './sprites/sky-galaxy.svg?url';
import skyMusic from './sprites/sky-music.svg?url';
import skyFood from './sprites/sky-food.svg?url';
import skyManga from './sprites/sky-manga.svg?url';
import skyGame from './sprites/sky-game.svg?url';
import skyMovie from './sprites/sky-movie.svg?url';
import skyTravel from './sprites/sky-travel.svg?url';
import skyDrama from './sprites/sky-drama.svg?url';
import skyMoon from './sprites/sky-moon.svg?url';

/** Each sprite file's address. */
export const SPRITE_URLS = {
  cat,
  planets,
  'sky-dawn': skyDawn,
  'sky-aurora': skyAurora,
  'sky-nebula': skyNebula,
  'sky-eclipse': skyEclipse,
  'sky-meteor-shower': skyMeteorShower,
  'sky-planet-rise': skyPlanetRise,
  'sky-quiet-night': skyQuietNight,
  'sky-galaxy': skyGalaxy,
  'sky-music': skyMusic,
  'sky-food': skyFood,
  'sky-manga': skyManga,
  'sky-game': skyGame,
  'sky-movie': skyMovie,
  'sky-travel': skyTravel,
  'sky-drama': skyDrama,
  'sky-moon': skyMoon,
} as const;

/** A sprite file of the art. */
export type Sprite = keyof typeof SPRITE_URLS;
