import * as z from 'zod/mini';

/** The seven themed planets, in the order the galaxy lists them. */
export const PLANET_IDS = ['music', 'food', 'manga', 'game', 'movie', 'travel', 'drama'] as const;
/** Every place a user can visit: the seven planets plus the moon of questions. */
export const PLACE_IDS = [...PLANET_IDS, 'moon'] as const;

/** A themed planet that has tasks and logs. */
export type PlanetId = (typeof PLANET_IDS)[number];
/** A planet or the moon. */
export type PlaceId = (typeof PLACE_IDS)[number];

/** Validates a planet id in params and bodies. */
export const planetIdSchema = z.enum(PLANET_IDS);
/** Validates a planet-or-moon id. */
export const placeIdSchema = z.enum(PLACE_IDS);

/** Narrows an arbitrary string to a planet id. */
export function isPlanetId(value: string): value is PlanetId {
  return (PLANET_IDS as readonly string[]).includes(value);
}

/** Narrows an arbitrary string to a planet-or-moon id. */
export function isPlaceId(value: string): value is PlaceId {
  return (PLACE_IDS as readonly string[]).includes(value);
}
