import { memo, useMemo, type CSSProperties, type ReactNode } from 'react';
import type { PlaceId } from '@gomeum/contracts';
import { cx, hexAlpha, round, seededRandom, sparklePath, useSvgId } from './art-utils.ts';
import { PLANET_HUES, PlanetArt } from './planet-art.tsx';
import './art.css';

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

type CssVars = CSSProperties & Record<`--${string}`, string>;

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

/** A full-bleed field of deterministic stars (same seed, same sky on server and client); a few twinkle slowly. */
export function StarField({
  seed = 7,
  density = 1,
  className,
}: {
  seed?: number;
  density?: number;
  className?: string;
}) {
  const id = useSvgId('art-stars');
  const stars = useMemo(() => makeStars(seed, density), [seed, density]);
  const bright = stars.filter((s) => s.r > 1.7);
  // Sparkles stay out of the middle, where page text usually sits.
  const sparkles = bright.filter((s) => Math.abs(s.x - 500) > 260 || Math.abs(s.y - 500) > 260).slice(0, 3);
  return (
    <svg
      className={cx('art-stars', className)}
      viewBox="0 0 1000 1000"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <radialGradient id={`${id}-halo`}>
          <stop offset="0" stopColor="#ffffff" stopOpacity={0.35} />
          <stop offset="0.4" stopColor="#d8dcff" stopOpacity={0.12} />
          <stop offset="1" stopColor="#d8dcff" stopOpacity={0} />
        </radialGradient>
      </defs>
      {bright.map((s, i) => (
        <circle key={`h${i}`} cx={s.x} cy={s.y} r={s.r * 4} fill={`url(#${id}-halo)`} />
      ))}
      {stars.map((s, i) => (
        <circle
          key={i}
          className={s.twinkle ? 'art-star--twinkle' : undefined}
          cx={s.x}
          cy={s.y}
          r={s.r}
          fill={s.colour}
          opacity={s.opacity}
          style={
            s.twinkle
              ? { animationDelay: `${s.twinkle.delay}s`, animationDuration: `${s.twinkle.duration}s` }
              : undefined
          }
        />
      ))}
      {sparkles.map((s, i) => (
        <path key={`s${i}`} d={sparklePath(s.x, s.y, s.r * 3.6)} fill="#ffffff" opacity={0.75} />
      ))}
    </svg>
  );
}

const PLACE_IDS: readonly PlaceId[] = ['music', 'food', 'manga', 'game', 'movie', 'travel', 'drama', 'moon'];

function isPlace(scene: SkySceneName): scene is PlaceId {
  return (PLACE_IDS as readonly string[]).includes(scene);
}

const SEEDS: Record<SkySceneName, number> = {
  dawn: 11,
  aurora: 23,
  nebula: 37,
  eclipse: 41,
  'meteor-shower': 53,
  'planet-rise': 67,
  'quiet-night': 71,
  galaxy: 83,
  music: 101,
  food: 103,
  manga: 107,
  game: 109,
  movie: 113,
  travel: 127,
  drama: 131,
  moon: 137,
};

/** A turbulence filter that breaks soft colour blobs into cloudy wisps. */
function CloudFilter({
  id,
  frequency,
  seed,
  octaves = 5,
}: {
  id: string;
  frequency: string;
  seed: number;
  octaves?: number;
}) {
  return (
    <filter id={id} x="-10%" y="-10%" width="120%" height="120%" colorInterpolationFilters="sRGB">
      <feTurbulence type="fractalNoise" baseFrequency={frequency} numOctaves={octaves} seed={seed} result="noise" />
      <feColorMatrix
        in="noise"
        type="matrix"
        values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  2.6 0 0 0 -0.75"
        result="wisps"
      />
      <feComposite in="SourceGraphic" in2="wisps" operator="in" result="cloud" />
      <feColorMatrix
        in="SourceGraphic"
        type="matrix"
        values="1 0 0 0 0  0 1 0 0 0  0 0 1 0 0  0 0 0 0.45 0"
        result="haze"
      />
      <feMerge>
        <feMergeNode in="haze" />
        <feMergeNode in="cloud" />
      </feMerge>
    </filter>
  );
}

/** A radial gradient from a colour to transparent. */
function Glow({ id, colour, opacity = 1 }: { id: string; colour: string; opacity?: number }) {
  return (
    <radialGradient id={id}>
      <stop offset="0" stopColor={colour} stopOpacity={opacity} />
      <stop offset="0.55" stopColor={colour} stopOpacity={opacity * 0.45} />
      <stop offset="1" stopColor={colour} stopOpacity={0} />
    </radialGradient>
  );
}

function dawnLayers(id: string): { under: ReactNode; over: ReactNode } {
  return {
    under: (
      <>
        <div className="art-dawn-glow" />
        <div className="art-dawn-sun" />
      </>
    ),
    over: (
      <svg className="art-dawn-horizon" viewBox="0 0 1000 300" preserveAspectRatio="none" focusable="false">
        <defs>
          <linearGradient id={`${id}-ground`} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#1a1238" />
            <stop offset="1" stopColor="#07081a" />
          </linearGradient>
          <linearGradient id={`${id}-rim`} x1="0" y1="0" x2="1" y2="0">
            <stop offset="0" stopColor="#ff8fa8" stopOpacity={0} />
            <stop offset="0.3" stopColor="#ff9a8a" stopOpacity={0.8} />
            <stop offset="0.5" stopColor="#ffe0b0" />
            <stop offset="0.7" stopColor="#ff9a8a" stopOpacity={0.8} />
            <stop offset="1" stopColor="#ff8fa8" stopOpacity={0} />
          </linearGradient>
        </defs>
        <path d="M -20 300 L -20 250 Q 500 90 1020 250 L 1020 300 Z" fill={`url(#${id}-ground)`} />
        <path
          d="M -20 250 Q 500 90 1020 250"
          fill="none"
          stroke={`url(#${id}-rim)`}
          strokeWidth={14}
          opacity={0.18}
          vectorEffect="non-scaling-stroke"
        />
        <path
          d="M -20 250 Q 500 90 1020 250"
          fill="none"
          stroke={`url(#${id}-rim)`}
          strokeWidth={5}
          opacity={0.45}
          vectorEffect="non-scaling-stroke"
        />
        <path
          d="M -20 250 Q 500 90 1020 250"
          fill="none"
          stroke={`url(#${id}-rim)`}
          strokeWidth={1.6}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
    ),
  };
}

interface Ribbon {
  from: number;
  to: number;
  base: number;
  amp: number;
  waves: number;
  phase: number;
  height: number;
  top: string;
  bottom: string;
  opacity: number;
}

const AURORA_RIBBONS: Ribbon[] = [
  {
    from: -80,
    to: 760,
    base: 215,
    amp: 26,
    waves: 1.2,
    phase: 0.6,
    height: 150,
    top: '#9b7bff',
    bottom: '#6dffc0',
    opacity: 0.9,
  },
  {
    from: 180,
    to: 1100,
    base: 120,
    amp: 22,
    waves: 1.1,
    phase: 2.2,
    height: 110,
    top: '#ff8ad8',
    bottom: '#b48cff',
    opacity: 0.6,
  },
  {
    from: 420,
    to: 1090,
    base: 270,
    amp: 20,
    waves: 1.5,
    phase: 4.1,
    height: 140,
    top: '#7a9bff',
    bottom: '#5ef0c8',
    opacity: 0.75,
  },
  {
    from: -60,
    to: 380,
    base: 110,
    amp: 14,
    waves: 0.9,
    phase: 1.3,
    height: 80,
    top: '#b48cff',
    bottom: '#7fe8ff',
    opacity: 0.45,
  },
];

/** A curtain of aurora: a wavy lower edge with rays rising from it, tapering to nothing at both ends. */
function ribbonShape(r: Ribbon): { fill: string; edge: string } {
  const n = 48;
  const bottom: string[] = [];
  const top: string[] = [];
  for (let i = 0; i <= n; i += 1) {
    const t = i / n;
    const x = r.from + (r.to - r.from) * t;
    const y =
      r.base +
      r.amp * Math.sin(Math.PI * 2 * r.waves * t + r.phase) +
      r.amp * 0.4 * Math.sin(Math.PI * 2 * r.waves * 2.7 * t + r.phase * 1.7);
    const h = r.height * Math.sin(Math.PI * t) ** 0.6 * (0.8 + 0.2 * Math.sin(Math.PI * 6 * t + r.phase));
    bottom.push(`${round(x)} ${round(y)}`);
    top.push(`${round(x)} ${round(y - h)}`);
  }
  return {
    fill: `M ${bottom.join(' L ')} L ${top.reverse().join(' L ')} Z`,
    edge: `M ${bottom.join(' L ')}`,
  };
}

function auroraLayers(id: string): { under: ReactNode; over: ReactNode } {
  return {
    under: (
      <svg className="art-aurora" viewBox="0 0 1000 420" preserveAspectRatio="none" focusable="false">
        <defs>
          <filter id={`${id}-curtain`} x="-5%" y="-30%" width="110%" height="160%" colorInterpolationFilters="sRGB">
            <feTurbulence type="fractalNoise" baseFrequency="0.03 0.0018" numOctaves={3} seed={5} result="noise" />
            <feColorMatrix
              in="noise"
              type="matrix"
              values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  3.2 0 0 0 -1"
              result="streaks"
            />
            <feGaussianBlur in="SourceGraphic" stdDeviation="4 6" result="soft" />
            <feComposite in="soft" in2="streaks" operator="in" result="rays" />
            <feColorMatrix
              in="soft"
              type="matrix"
              values="1 0 0 0 0  0 1 0 0 0  0 0 1 0 0  0 0 0 0.55 0"
              result="haze"
            />
            <feMerge>
              <feMergeNode in="haze" />
              <feMergeNode in="rays" />
            </feMerge>
          </filter>
          {AURORA_RIBBONS.map((r, i) => (
            <linearGradient key={i} id={`${id}-ribbon${i}`} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor={r.top} stopOpacity={0} />
              <stop offset="0.35" stopColor={r.top} stopOpacity={0.12} />
              <stop offset="0.7" stopColor={r.top} stopOpacity={0.45} />
              <stop offset="0.92" stopColor={r.bottom} stopOpacity={0.95} />
              <stop offset="1" stopColor={r.bottom} stopOpacity={0.7} />
            </linearGradient>
          ))}
          {AURORA_RIBBONS.map((r, i) => (
            <linearGradient key={i} id={`${id}-edge${i}`} x1="0" y1="0" x2="1" y2="0">
              <stop offset="0" stopColor={r.bottom} stopOpacity={0} />
              <stop offset="0.3" stopColor={r.bottom} stopOpacity={0.9} />
              <stop offset="0.7" stopColor={r.bottom} stopOpacity={0.9} />
              <stop offset="1" stopColor={r.bottom} stopOpacity={0} />
            </linearGradient>
          ))}
        </defs>
        <g filter={`url(#${id}-curtain)`}>
          {AURORA_RIBBONS.map((r, i) => {
            const shape = ribbonShape(r);
            return (
              <g key={i} className="art-aurora__ribbon" opacity={r.opacity}>
                <path d={shape.fill} fill={`url(#${id}-ribbon${i})`} />
                <path d={shape.edge} fill="none" stroke={`url(#${id}-edge${i})`} strokeWidth={3} />
              </g>
            );
          })}
        </g>
      </svg>
    ),
    over: null,
  };
}

function nebulaLayers(id: string): { under: ReactNode; over: ReactNode } {
  return {
    under: (
      <svg className="art-fill" viewBox="0 0 1600 1000" preserveAspectRatio="xMidYMid slice" focusable="false">
        <defs>
          <CloudFilter id={`${id}-cloud`} frequency="0.0032" seed={9} />
          <Glow id={`${id}-pink`} colour="#ff6fb5" opacity={0.75} />
          <Glow id={`${id}-blue`} colour="#4d8dff" opacity={0.7} />
          <Glow id={`${id}-violet`} colour="#9b6bff" opacity={0.6} />
          <Glow id={`${id}-core`} colour="#ffb8e2" opacity={0.6} />
        </defs>
        <g filter={`url(#${id}-cloud)`}>
          <ellipse cx={330} cy={260} rx={520} ry={330} fill={`url(#${id}-pink)`} transform="rotate(-18 330 260)" />
          <ellipse cx={1300} cy={780} rx={560} ry={320} fill={`url(#${id}-blue)`} transform="rotate(-22 1300 780)" />
          <ellipse cx={1180} cy={260} rx={380} ry={220} fill={`url(#${id}-violet)`} />
          <ellipse cx={320} cy={860} rx={360} ry={200} fill={`url(#${id}-violet)`} opacity={0.7} />
          <ellipse cx={420} cy={240} rx={170} ry={110} fill={`url(#${id}-core)`} />
          <ellipse cx={1240} cy={820} rx={150} ry={90} fill={`url(#${id}-core)`} opacity={0.6} />
        </g>
      </svg>
    ),
    over: null,
  };
}

function eclipseLayers(id: string): { under: ReactNode; over: ReactNode } {
  const rand = seededRandom(4);
  const rays = Array.from({ length: 22 }, (_, i) => {
    const a = (i / 22) * Math.PI * 2 + rand() * 0.25;
    const len = 40 + rand() * 80;
    const w = 0.05 + rand() * 0.08;
    const p = (ang: number, r: number) => `${round(150 + r * Math.cos(ang))} ${round(150 + r * Math.sin(ang))}`;
    return `M ${p(a - w, 52)} Q ${p(a, 60 + len * 0.5)} ${p(a + rand() * 0.1, 52 + len)} Q ${p(a, 60 + len * 0.5)} ${p(a + w, 52)} Z`;
  });
  return {
    under: <div className="art-eclipse-dim" />,
    over: (
      <svg className="art-eclipse" viewBox="0 0 300 300" focusable="false">
        <defs>
          <radialGradient id={`${id}-corona`} gradientUnits="userSpaceOnUse" cx={150} cy={150} r={150}>
            <stop offset="0.33" stopColor="#fffaf0" stopOpacity={1} />
            <stop offset="0.4" stopColor="#ffe6c0" stopOpacity={0.6} />
            <stop offset="0.6" stopColor="#c9a8ff" stopOpacity={0.2} />
            <stop offset="1" stopColor="#8a7bff" stopOpacity={0} />
          </radialGradient>
          <radialGradient id={`${id}-disc`} cx="0.6" cy="0.65" r="0.7">
            <stop offset="0" stopColor="#1a1840" />
            <stop offset="1" stopColor="#05061a" />
          </radialGradient>
          <filter id={`${id}-soft`} x="-20%" y="-20%" width="140%" height="140%">
            <feGaussianBlur stdDeviation="2.4" />
          </filter>
          <Glow id={`${id}-bead`} colour="#ffffff" />
        </defs>
        <circle cx={150} cy={150} r={150} fill={`url(#${id}-corona)`} />
        <g fill={`url(#${id}-corona)`} filter={`url(#${id}-soft)`} opacity={0.8}>
          {rays.map((d, i) => (
            <path key={i} d={d} />
          ))}
        </g>
        <circle
          cx={150}
          cy={150}
          r={51}
          fill="none"
          stroke="#fff6e0"
          strokeWidth={3}
          opacity={0.9}
          filter={`url(#${id}-soft)`}
        />
        <circle cx={150} cy={150} r={50} fill={`url(#${id}-disc)`} />
        <circle cx={150} cy={150} r={50.5} fill="none" stroke="#fffaf0" strokeWidth={1.2} />
        <circle cx={116} cy={114} r={16} fill={`url(#${id}-bead)`} />
        <circle cx={116} cy={114} r={3.2} fill="#ffffff" />
      </svg>
    ),
  };
}

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

function meteorLayers(): { under: ReactNode; over: ReactNode } {
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

function planetRiseLayers(id: string): { under: ReactNode; over: ReactNode } {
  const bands: Array<[number, string, number, number]> = [
    [483, '#e4d8ff', 2.5, 0.28],
    [474, '#2a1d6a', 6, 0.3],
    [463, '#c2b0ff', 3.5, 0.18],
    [450, '#1d1450', 9, 0.26],
    [437, '#ffb8e0', 2.5, 0.16],
  ];
  return {
    under: <div className="art-rise-glow" />,
    over: (
      <svg className="art-rise" viewBox="0 0 1000 1000" focusable="false">
        <defs>
          <radialGradient id={`${id}-body`} gradientUnits="userSpaceOnUse" cx={420} cy={0} r={520}>
            <stop offset="0" stopColor="#b9a6ff" />
            <stop offset="0.18" stopColor="#7a62dc" />
            <stop offset="0.4" stopColor="#33256f" />
            <stop offset="1" stopColor="#120c34" />
          </radialGradient>
          <radialGradient id={`${id}-air`} gradientUnits="userSpaceOnUse" cx={500} cy={500} r={506}>
            <stop offset="0.96" stopColor="#c9b8ff" stopOpacity={0.5} />
            <stop offset="0.985" stopColor="#b9a4ff" stopOpacity={0.16} />
            <stop offset="1" stopColor="#b9a4ff" stopOpacity={0} />
          </radialGradient>
        </defs>
        <circle cx={500} cy={500} r={506} fill={`url(#${id}-air)`} />
        <circle cx={500} cy={500} r={490} fill={`url(#${id}-body)`} />
        <g fill="none">
          {bands.map(([r, colour, w, o]) => (
            <circle key={r} cx={500} cy={500} r={r} stroke={colour} strokeWidth={w} opacity={o} />
          ))}
        </g>
        <circle cx={500} cy={500} r={490} fill="none" stroke="#f1eaff" strokeWidth={0.8} opacity={0.9} />
      </svg>
    ),
  };
}

function quietNightLayers(id: string): { under: ReactNode; over: ReactNode } {
  return {
    under: null,
    over: (
      <svg className="art-crescent" viewBox="0 0 120 120" focusable="false">
        <defs>
          <Glow id={`${id}-halo`} colour="#fff1c9" opacity={0.35} />
          <linearGradient id={`${id}-moon`} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#fffaf0" />
            <stop offset="1" stopColor="#e6dcc0" />
          </linearGradient>
          <mask id={`${id}-cut`}>
            <circle cx={60} cy={60} r={30} fill="#ffffff" />
            <circle cx={73} cy={50} r={26} fill="#000000" />
          </mask>
        </defs>
        <circle cx={60} cy={60} r={60} fill={`url(#${id}-halo)`} />
        <circle cx={60} cy={60} r={30} fill={`url(#${id}-moon)`} mask={`url(#${id}-cut)`} />
      </svg>
    ),
  };
}

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

function galaxyLayers(id: string): { under: ReactNode; over: ReactNode } {
  const stars = galaxyBandStars(5);
  return {
    under: (
      <svg className="art-fill" viewBox="0 0 1600 1000" preserveAspectRatio="xMidYMid slice" focusable="false">
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
        <g fill="#ffffff">
          {stars.map((s, i) => (
            <circle key={i} cx={s.x} cy={s.y} r={s.r} opacity={s.o} />
          ))}
        </g>
      </svg>
    ),
    over: null,
  };
}

function placeLayers(place: PlaceId): { under: ReactNode; over: ReactNode } {
  return {
    under: <div className="art-place-tint" />,
    over: (
      <div className="art-place-planet">
        <PlanetArt planet={place} />
      </div>
    ),
  };
}

function sceneLayers(scene: SkySceneName, id: string): { under: ReactNode; over: ReactNode } {
  if (isPlace(scene)) return placeLayers(scene);
  switch (scene) {
    case 'dawn':
      return dawnLayers(id);
    case 'aurora':
      return auroraLayers(id);
    case 'nebula':
      return nebulaLayers(id);
    case 'eclipse':
      return eclipseLayers(id);
    case 'meteor-shower':
      return meteorLayers();
    case 'planet-rise':
      return planetRiseLayers(id);
    case 'quiet-night':
      return quietNightLayers(id);
    case 'galaxy':
      return galaxyLayers(id);
  }
}

/** The drawn part of a sky: it depends on the scene only, so page updates never redraw it. */
const SkyBackdrop = memo(function SkyBackdrop({ scene }: { scene: SkySceneName }) {
  const id = useSvgId('art-sky');
  const layers = sceneLayers(scene, id);
  return (
    <div className="art-scene__backdrop" aria-hidden="true">
      {layers.under}
      <StarField seed={SEEDS[scene]} density={scene === 'quiet-night' ? 1.25 : 1} className="art-scene__stars" />
      {layers.over}
      <div className="art-scene__scrim" />
    </div>
  );
});

/** A page backdrop: the night sky in one mood (home), the galaxy, or a planet's tinted sky, with `children` on top. */
export function SkyScene({
  scene,
  className,
  children,
}: {
  scene: SkySceneName;
  className?: string;
  children?: ReactNode;
}) {
  const style: CssVars | undefined = isPlace(scene)
    ? {
        '--art-hue': PLANET_HUES[scene],
        '--art-hue-wash': hexAlpha(PLANET_HUES[scene], 0.1),
        '--art-hue-glow': hexAlpha(PLANET_HUES[scene], 0.28),
      }
    : undefined;
  return (
    <div
      className={cx('art-scene', `art-scene--${scene}`, isPlace(scene) && 'art-scene--place', className)}
      style={style}
    >
      <SkyBackdrop scene={scene} />
      <div className="art-scene__content">{children}</div>
    </div>
  );
}
