import { Drawing } from '../art-svg.tsx';
import type { Sprite } from '../sprites.ts';
import { CloudFilter, Glow } from './sky-defs.tsx';
import type { SceneLayers } from './sky-scenes.ts';
import './moods.css';

/** The nebula: soft pink, blue and violet clouds. */
export function nebulaLayers(sprite: Sprite): SceneLayers {
  return {
    under: (
      <Drawing
        sprite={sprite}

        name="nebula"

        className="art-fill"
        viewBox="0 0 1600 1000"
        preserveAspectRatio="xMidYMid slice"

        draw={
          ART_DRAWINGS
            ? (id) => (
                <>
                  <defs>
                    <CloudFilter id={`${id}-cloud`} frequency="0.0032" seed={9} />
                    <Glow id={`${id}-pink`} colour="#ff6fb5" opacity={0.75} />
                    <Glow id={`${id}-blue`} colour="#4d8dff" opacity={0.7} />
                    <Glow id={`${id}-violet`} colour="#9b6bff" opacity={0.6} />
                    <Glow id={`${id}-core`} colour="#ffb8e2" opacity={0.6} />
                  </defs>
                  <g filter={`url(#${id}-cloud)`}>
                    <ellipse
                      cx={330}
                      cy={260}
                      rx={520}
                      ry={330}
                      fill={`url(#${id}-pink)`}
                      transform="rotate(-18 330 260)"
                    />
                    <ellipse
                      cx={1300}
                      cy={780}
                      rx={560}
                      ry={320}
                      fill={`url(#${id}-blue)`}
                      transform="rotate(-22 1300 780)"
                    />
                    <ellipse cx={1180} cy={260} rx={380} ry={220} fill={`url(#${id}-violet)`} />
                    <ellipse cx={320} cy={860} rx={360} ry={200} fill={`url(#${id}-violet)`} opacity={0.7} />
                    <ellipse cx={420} cy={240} rx={170} ry={110} fill={`url(#${id}-core)`} />
                    <ellipse cx={1240} cy={820} rx={150} ry={90} fill={`url(#${id}-core)`} opacity={0.6} />
                  </g>
                </>
              )
            : undefined
        }
      />
    ),
    over: null,
  };
}
