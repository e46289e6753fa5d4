import type { SceneLayers } from './sky-scenes.ts';
import './moods.css';

/** How many meteors fall (each its own path and pace: moods.css, `.art-meteor--N`). */
const METEORS = 8;

/** The meteor shower: streaks falling from a radiant in the top right corner. */
export function meteorLayers(): SceneLayers {
  return {
    under: <div className="art-meteor-radiant" />,
    over: (
      <div className="art-meteors">
        {Array.from({ length: METEORS }, (_, i) => (
          <span key={i} className={`art-meteor art-meteor--${i}`} />
        ))}
      </div>
    ),
  };
}
