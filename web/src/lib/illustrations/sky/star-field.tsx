import { Drawing } from '../art-svg.tsx';
import { cx, round, seededRandom, sparklePath } from '../art-utils.ts';
import type { Sprite } from '../sprites.ts';
import { DotPaths, dotGroups } from './dots.tsx';
import './sky.css';

const STAR_COLOURS = ['#ffffff', '#ffffff', '#e2e8ff', '#fff3d6', '#d4ccff'] as const;

interface Star {
  x: number;
  y: number;
  r: number;
  opacity: number;
  colour: string;
  twinkle: { delay: number; duration: number } | null;
}

function makeStars(seed: number, density: number): Star[] {
  const rand = seededRandom(seed);
  const count = Math.max(0, Math.round(300 * density));
  const stars: Star[] = [];
  for (let i = 0; i < count; i += 1) {
    const roll = rand();
    const r = roll < 0.7 ? 0.5 + rand() * 0.5 : roll < 0.95 ? 1 + rand() * 0.6 : 1.7 + rand() * 0.8;
    const twinkles = rand() < 0.16;
    stars.push({
      x: round(rand() * 1000),
      y: round(rand() * 1000),
      r: round(r, 2),
      opacity: round(r > 1.6 ? 0.85 + rand() * 0.15 : 0.3 + rand() * 0.6, 2),
      colour: STAR_COLOURS[Math.floor(rand() * STAR_COLOURS.length)] ?? '#ffffff',
      twinkle: twinkles ? { delay: round(rand() * -9), duration: round(4 + rand() * 5) } : null,
    });
  }
  return stars;
}

/** The layout of each star field drawn so far, by seed and density: the same every time, so made once. */
const layouts = new Map<string, ReturnType<typeof layOutStars>>();

function layOutStars(seed: number, density: number) {
  const stars = makeStars(seed, density);
  const bright = stars.filter((s) => s.r > 1.7);
  const twinkles = stars.filter((s) => s.twinkle);
  return {
    halos: bright,
    // Brightness in steps of 0.1: no eye tells them from the stars' own values.
    still: dotGroups(
      stars.filter((s) => !s.twinkle),
      (s) => `${s.colour} ${round(s.opacity)}`,
    ),
    twinkling: TWINKLE_LAYERS.map((_, layer) =>
      dotGroups(
        twinkles.filter((_, i) => i % TWINKLE_LAYERS.length === layer),
        (s) => `${s.colour} 1`,
      ),
    ),
    // Sparkles stay out of the middle, where page text usually sits.
    sparkles: bright.filter((s) => Math.abs(s.x - 500) > 260 || Math.abs(s.y - 500) > 260).slice(0, 3),
  };
}

/** A field's layout (made once per seed and density, on the server and in the browser alike). */
function starLayout(seed: number, density: number) {
  const key = `${seed} ${density}`;
  let layout = layouts.get(key);
  if (!layout) layouts.set(key, (layout = layOutStars(seed, density)));
  return layout;
}

/**
 * The twinkling stars in a few layers of their own, each breathing at its own pace (sky.css,
 * `.art-stars__twinkle--N`): a layer's opacity is animated as a whole, which the browser's
 * compositor does without repainting anything.
 */
const TWINKLE_LAYERS = [0, 1, 2, 3] as const;

/**
 * A full-bleed field of deterministic stars (same seed, same sky, so it is kept in the scene's
 * sprite); a few twinkle slowly, each layer its own drawing whose opacity the page animates.
 * Hundreds of stars are drawn as a few paths (one per colour and brightness), not hundreds of
 * elements, so the sprite is small and cheap to paint.
 */
export function StarField({
  seed = 7,
  density = 1,
  className,
  sprite,
}: {
  seed?: number;
  density?: number;
  className?: string;
  /** The sprite the field is kept in (none: drawn in the page). */
  sprite?: Sprite;
}) {
  const layout = () => starLayout(seed, density);
  const frame = { viewBox: '0 0 1000 1000', preserveAspectRatio: 'xMidYMid slice', sprite };
  // Named after its sprite: a page holds one sky's symbols, whose ids no other sprite shares.
  const name = sprite ? `${sprite}-stars` : 'stars';
  return (
    <div className={cx('art-stars', className)} aria-hidden="true">
      <Drawing
        {...frame}
        name={name}
        className="art-stars__layer"
        draw={(id) => {
          const { halos, still, sparkles } = layout();
          return (
            <>
              <defs>
                <radialGradient id={`${id}-halo`}>
                  <stop offset="0" stopColor="#ffffff" stopOpacity={0.35} />
                  <stop offset="0.4" stopColor="#d8dcff" stopOpacity={0.12} />
                  <stop offset="1" stopColor="#d8dcff" stopOpacity={0} />
                </radialGradient>
              </defs>
              {halos.map((s, i) => (
                <circle key={i} cx={s.x} cy={s.y} r={s.r * 4} fill={`url(#${id}-halo)`} />
              ))}
              <DotPaths groups={still} />
              {sparkles.map((s, i) => (
                <path key={`s${i}`} d={sparklePath(s.x, s.y, s.r * 3.6)} fill="#ffffff" opacity={0.75} />
              ))}
            </>
          );
        }}
      />
      {TWINKLE_LAYERS.map((layer) => (
        <Drawing
          key={layer}
          {...frame}
          name={`${name}-twinkle-${layer}`}
          className={`art-stars__layer art-stars__twinkle art-stars__twinkle--${layer}`}
          draw={() => <DotPaths groups={layout().twinkling[layer] ?? []} />}
        />
      ))}
    </div>
  );
}
