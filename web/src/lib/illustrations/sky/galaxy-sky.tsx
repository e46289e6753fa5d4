import { Drawing } from '../art-svg.tsx';
import type { Sprite } from '../sprites.ts';
import { round, seededRandom } from '../art-utils.ts';
import { DotPaths, dotGroups } from './dots.tsx';
import { CloudFilter, Glow } from './sky-defs.tsx';
import type { SceneLayers } from './sky-scenes.ts';

function galaxyBandStars(seed: number): Array<{ x: number; y: number; r: number; o: number }> {
  const rand = seededRandom(seed);
  const out: Array<{ x: number; y: number; r: number; o: number }> = [];
  const angle = (-24 * Math.PI) / 180;
  for (let i = 0; i < 260; i += 1) {
    const u = (rand() * 2 - 1) * 950;
    const g = Math.sqrt(-2 * Math.log(rand() || 1e-9)) * Math.cos(2 * Math.PI * rand());
    const v = g * 70;
    out.push({
      x: round(800 + u * Math.cos(angle) - v * Math.sin(angle)),
      y: round(500 + u * Math.sin(angle) + v * Math.cos(angle)),
      r: round(0.5 + rand() * 0.9, 2),
      o: round(0.35 + rand() * 0.55, 2),
    });
  }
  return out;
}

/** The galaxy: a tilted band of clouds and stars across the sky. */
export function galaxyLayers(sprite: Sprite): SceneLayers {
  const stars = galaxyBandStars(5);
  return {
    under: (
      <Drawing
        sprite={sprite}

        name="galaxy-band"

        className="art-fill"
        viewBox="0 0 1600 1000"
        preserveAspectRatio="xMidYMid slice"

        draw={
          ART_DRAWINGS
            ? (id) => (
                <>
                  <defs>
                    <CloudFilter id={`${id}-cloud`} frequency="0.004 0.006" seed={3} />
                    <Glow id={`${id}-wide`} colour="#7d62ff" opacity={0.55} />
                    <Glow id={`${id}-mid`} colour="#ff8fd0" opacity={0.45} />
                    <Glow id={`${id}-core`} colour="#fff0f8" opacity={0.55} />
                    <Glow id={`${id}-dust`} colour="#0b0a22" opacity={0.85} />
                  </defs>
                  <g transform="rotate(-24 800 500)">
                    <g filter={`url(#${id}-cloud)`}>
                      <ellipse cx={800} cy={500} rx={1100} ry={230} fill={`url(#${id}-wide)`} />
                      <ellipse cx={760} cy={500} rx={820} ry={110} fill={`url(#${id}-mid)`} />
                      <ellipse cx={820} cy={505} rx={460} ry={48} fill={`url(#${id}-core)`} />
                    </g>
                    <ellipse
                      cx={760}
                      cy={515}
                      rx={700}
                      ry={22}
                      fill={`url(#${id}-dust)`}
                      opacity={0.55}
                      filter={`url(#${id}-cloud)`}
                    />
                  </g>
                  <DotPaths groups={dotGroups(stars, (s) => `#ffffff ${round(s.o)}`)} />
                </>
              )
            : undefined
        }
      />
    ),
    over: null,
  };
}
