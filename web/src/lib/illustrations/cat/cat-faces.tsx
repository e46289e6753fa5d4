import type { ReactNode } from 'react';
import { starPoints } from '../art-utils.ts';
import { COLLAR, EYE, FUR, FUR_DEEP, PINK, PUPIL, RIM, STAR, WHISKER } from './cat-colours.ts';

/** Big round yellow eye with a round pupil and two catch-lights. */
function Eye({ x, y, gradient, look = 0 }: { x: number; y: number; gradient: string; look?: number }) {
  return (
    <g>
      <ellipse cx={x} cy={y} rx={17} ry={19} fill={`url(#${gradient})`} />
      <ellipse cx={x + look} cy={y + 2} rx={9.5} ry={12.5} fill={PUPIL} />
      <circle cx={x + look - 4.5} cy={y - 5} r={5} fill="#ffffff" />
      <circle cx={x + look + 4.5} cy={y + 7} r={2.2} fill="#ffffff" opacity={0.85} />
    </g>
  );
}

/** The star charm hanging from the collar. */
function Charm({ x, y, r }: { x: number; y: number; r: number }) {
  return (
    <g>
      <circle cx={x} cy={y - r - 1.5} r={2.6} fill="none" stroke={STAR} strokeWidth={1.6} />
      <polygon
        points={starPoints(x, y, r, r * 0.5)}
        fill={STAR}
        stroke="#e39a12"
        strokeWidth={1.2}
        strokeLinejoin="round"
      />
      <circle cx={x - r * 0.25} cy={y - r * 0.25} r={r * 0.18} fill="#ffffff" opacity={0.9} />
    </g>
  );
}

function Whiskers({ left, right, y }: { left: number; right: number; y: number }) {
  return (
    <g stroke={WHISKER} strokeWidth={1.8} strokeLinecap="round" opacity={0.55} fill="none">
      <path d={`M ${left} ${y} L ${left - 24} ${y - 5}`} />
      <path d={`M ${left} ${y + 6} L ${left - 22} ${y + 11}`} />
      <path d={`M ${right} ${y} L ${right + 24} ${y - 5}`} />
      <path d={`M ${right} ${y + 6} L ${right + 22} ${y + 11}`} />
    </g>
  );
}

/** The face, collar and paws of the sitting and waving cat; `eyes` is the eyes' gradient id. */
export function awakeFace(eyes: string, pose: 'sit' | 'wave'): ReactNode {
  return (
    <>
      <path d="M 52 56 C 48 42 48 30 53 24 C 60 24 74 34 82 42 Z" fill="#4b2a5c" />
      <path d="M 148 56 C 152 42 152 30 147 24 C 140 24 126 34 118 42 Z" fill="#4b2a5c" />
      <ellipse cx={58} cy={112} rx={11} ry={6} fill={PINK} opacity={0.3} />
      <ellipse cx={142} cy={112} rx={11} ry={6} fill={PINK} opacity={0.3} />
      <Eye x={74} y={90} gradient={eyes} look={1.5} />
      <Eye x={126} y={90} gradient={eyes} look={-1.5} />
      <path d="M 94 107 C 94 104 106 104 106 107 C 106 110 102 113 100 113 C 98 113 94 110 94 107 Z" fill={PINK} />
      {pose === 'wave' ? (
        <>
          <path
            d="M 91 116 C 92 125 108 125 109 116 C 104 119 96 119 91 116 Z"
            fill="#2a1534"
            stroke={WHISKER}
            strokeWidth={1.6}
            strokeLinejoin="round"
          />
          <path d="M 95 121.5 C 97 119.5 103 119.5 105 121.5 C 103 123.5 97 123.5 95 121.5 Z" fill={PINK} />
        </>
      ) : (
        <path
          d="M 100 113 V 116 M 91 116 C 94 120.5 98 120 100 116 C 102 120 106 120.5 109 116"
          fill="none"
          stroke={WHISKER}
          strokeWidth={2.2}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )}
      <Whiskers left={44} right={156} y={108} />
      <path d="M 52 130 C 72 147 128 147 148 130" fill="none" stroke={COLLAR} strokeWidth={8} strokeLinecap="round" />
      <path
        d="M 56 130 C 74 144 126 144 144 130"
        fill="none"
        stroke="#ffffff"
        strokeOpacity={0.3}
        strokeWidth={1.6}
        strokeLinecap="round"
      />
      <Charm x={100} y={153} r={10.5} />
      {pose === 'wave' ? (
        <>
          <path
            d="M 68 141 C 54 134 45 124 41 110"
            fill="none"
            stroke={RIM}
            strokeWidth={2}
            strokeLinecap="round"
            opacity={0.45}
          />
          <ellipse cx={27} cy={102} rx={6} ry={4.6} fill={PINK} />
          <circle cx={19} cy={93} r={2.6} fill={PINK} />
          <circle cx={27} cy={90} r={2.6} fill={PINK} />
          <circle cx={35} cy={93} r={2.6} fill={PINK} />
          <g fill="none" stroke={WHISKER} strokeWidth={2.6} strokeLinecap="round" opacity={0.7}>
            <path d="M 8 82 Q 3 96 8 110" />
          </g>
        </>
      ) : (
        <g fill="none" stroke={FUR_DEEP} strokeWidth={2} strokeLinecap="round" opacity={0.9}>
          <path d="M 80 181 V 190 M 120 181 V 190" />
        </g>
      )}
    </>
  );
}

/** One Z, `s` wide, at (x, y). */
const z = (x: number, y: number, s: number, o: number) => (
  <path d={`M ${x} ${y} H ${x + s} L ${x} ${y + s} H ${x + s}`} opacity={o} />
);

/** The sleeping cat's closed eyes, collar and paws (its Zs: `sleepZs`). */
export function sleepFace(): ReactNode {
  return (
    <>
      <path d="M 32 116 C 26 104 26 94 28 88 C 34 88 44 94 52 102 Z" fill="#4b2a5c" />
      <path d="M 84 100 C 92 94 100 88 104 88 C 106 94 106 104 105 112 Z" fill="#4b2a5c" />
      <ellipse cx={38} cy={152} rx={9} ry={5} fill={PINK} opacity={0.3} />
      <ellipse cx={98} cy={152} rx={9} ry={5} fill={PINK} opacity={0.3} />
      <g fill="none" stroke={EYE} strokeWidth={4} strokeLinecap="round">
        <path d="M 43 138 Q 53 147 63 138" />
        <path d="M 73 138 Q 83 147 93 138" />
      </g>
      <path d="M 63 150 C 63 147.5 73 147.5 73 150 C 73 152.5 70 155 68 155 C 66 155 63 152.5 63 150 Z" fill={PINK} />
      <path
        d="M 68 155 V 157 M 62 158 C 64 161 67 160.5 68 157 C 69 160.5 72 161 74 158"
        fill="none"
        stroke={WHISKER}
        strokeWidth={1.8}
        strokeLinecap="round"
      />
      <g stroke={WHISKER} strokeWidth={1.6} strokeLinecap="round" opacity={0.5} fill="none">
        <path d="M 26 150 L 6 147 M 26 155 L 8 160" />
        <path d="M 110 150 L 128 146 M 110 155 L 126 159" />
      </g>
      <path d="M 32 168 C 48 181 88 181 104 168" fill="none" stroke={COLLAR} strokeWidth={6} strokeLinecap="round" />
      <g fill={FUR}>
        <ellipse cx={50} cy={180} rx={14} ry={8} />
        <ellipse cx={86} cy={181} rx={14} ry={8} />
      </g>
      <g fill="none" stroke={RIM} strokeWidth={2} strokeLinecap="round" opacity={0.7}>
        <path d="M 37 178 A 14 8 0 0 1 63 178" />
        <path d="M 73 179 A 14 8 0 0 1 99 179" />
      </g>
      <g fill="none" stroke={FUR_DEEP} strokeWidth={2} strokeLinecap="round" opacity={0.9}>
        <path d="M 50 176 V 186 M 86 177 V 187" />
      </g>
      <Charm x={68} y={178} r={7.5} />
    </>
  );
}

/** The sleeping cat's Zs, drifting up (animated by cat.css, so drawn in the page, not kept in the sprite). */
export function sleepZs() {
  return (
    <g className="art-cat__z" fill="none" stroke="#c9c6ff" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round">
      {z(128, 80, 14, 0.9)}
      {z(152, 56, 10, 0.7)}
      {z(170, 38, 7, 0.5)}
    </g>
  );
}
