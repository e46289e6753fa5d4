import type { SceneLayers } from './sky-scenes.ts';
import './moods.css';

const METEORS: Array<{ top: number; left: number; len: number; delay: number; duration: number }> = [
  { top: 4, left: 66, len: 170, delay: 0, duration: 9 },
  { top: -2, left: 84, len: 140, delay: -3.4, duration: 11 },
  { top: 12, left: 98, len: 200, delay: -0.2, duration: 10 },
  { top: 22, left: 88, len: 120, delay: -1.8, duration: 13 },
  { top: 2, left: 52, len: 130, delay: -8.1, duration: 12 },
  { top: 30, left: 106, len: 160, delay: -4.9, duration: 14 },
  { top: 8, left: 76, len: 100, delay: -10.5, duration: 15 },
  { top: -4, left: 96, len: 130, delay: -7.3, duration: 10.5 },
];

/** The meteor shower: streaks falling from a radiant in the top right corner. */
export function meteorLayers(): SceneLayers {
  return {
    under: <div className="art-meteor-radiant" />,
    over: (
      <div className="art-meteors">
        {METEORS.map((m, i) => (
          <span
            key={i}
            className="art-meteor"
            style={{
              top: `${m.top}%`,
              left: `${m.left}%`,
              width: `${m.len}px`,
              animationDelay: `${m.delay}s`,
              animationDuration: `${m.duration}s`,
            }}
          />
        ))}
      </div>
    ),
  };
}
