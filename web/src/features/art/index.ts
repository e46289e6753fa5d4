/** Gomeum's illustration kit: planets, the cat and the night-sky backdrops. */
export { PlanetArt, PLANET_HUES } from './planet-art.tsx';
export { GomeumCat, type GomeumPose } from './gomeum-cat.tsx';
export { HOME_SCENES, SkyScene, StarField, type HomeScene, type SkySceneName } from './sky.tsx';
