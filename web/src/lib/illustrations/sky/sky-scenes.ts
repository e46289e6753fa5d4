import type { ReactNode } from 'react';
import type { PlaceId } from '@gomeum/contracts';

/** The seven moods of the home sky. */
export const HOME_SCENES = [
  'dawn',
  'aurora',
  'nebula',
  'eclipse',
  'meteor-shower',
  'planet-rise',
  'quiet-night',
] as const;
/** One of the seven home-sky moods. */
export type HomeScene = (typeof HOME_SCENES)[number];
/** Every backdrop SkyScene can draw: a home mood, the galaxy, or a planet's own sky. */
export type SkySceneName = HomeScene | 'galaxy' | PlaceId;

/** What a scene draws behind the star field (`under`) and in front of it (`over`). */
export interface SceneLayers {
  under: ReactNode;
  over: ReactNode;
}

const PLACE_IDS: readonly PlaceId[] = ['music', 'food', 'manga', 'game', 'movie', 'travel', 'drama', 'moon'];

/** Whether a scene is a planet's own sky (tinted in its hue, the planet rising in a corner). */
export function isPlace(scene: SkySceneName): scene is PlaceId {
  return (PLACE_IDS as readonly string[]).includes(scene);
}
