/** Gomeum's illustration kit: planets, the cat and the night-sky backdrops. */
export { PlanetArt } from './planets/planet-art.tsx';
export { GomeumCat } from './cat/gomeum-cat.tsx';
export type { GomeumPose } from './cat/cat-silhouettes.tsx';
export { SkyScene } from './sky/sky-scene.tsx';
export { MoodSky } from './sky/mood-sky.tsx';
export { HOME_SCENES, type HomeScene, type SkySceneName } from './sky/sky-scenes.ts';
export { StarField } from './sky/star-field.tsx';
