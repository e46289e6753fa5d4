import { Drawing } from '../art-svg.tsx';
import { cx, useSvgId } from '../art-utils.ts';
import { awakeFace, sleepFace, sleepZs } from './cat-faces.tsx';
import { EYE, EYE_DEEP, EYE_LIGHT, FUR, FUR_DEEP, FUR_LIGHT, RIM } from './cat-colours.ts';
import { drawShapes, SILHOUETTES, type GomeumPose } from './cat-silhouettes.tsx';
import './cat.css';

/**
 * Gomeum, the round black cat companion, in one of three poses (kept in the cat's sprite; the
 * sleeping cat's drifting Zs drawn in the page, which animates them); decorative unless a `title`
 * is given.
 */
export function GomeumCat({
  pose = 'sit',
  size,
  className,
  title,
}: {
  pose?: GomeumPose;
  size?: number | string;
  className?: string;
  title?: string;
}) {
  const titleId = useSvgId('art-cat-title');
  return (
    <Drawing
      sprite="cat"
      name={`cat-${pose}`}
      className={cx('art-cat', `art-cat--${pose}`, className)}
      viewBox="0 0 200 200"
      size={size}
      title={title}
      titleId={titleId}
      live={pose === 'sleep' ? sleepZs() : null}
      draw={
        ART_DRAWINGS
          ? (id) => {
              const shapes = SILHOUETTES[pose];
              return (
                <>
                  <defs>
                    <radialGradient id={`${id}-fur`} gradientUnits="userSpaceOnUse" cx={72} cy={62} r={150}>
                      <stop offset="0" stopColor="#24244a" />
                      <stop offset="0.45" stopColor={FUR} />
                      <stop offset="1" stopColor={FUR_DEEP} />
                    </radialGradient>
                    <radialGradient id={`${id}-eye`} cx="0.4" cy="0.3" r="0.75">
                      <stop offset="0" stopColor={EYE_LIGHT} />
                      <stop offset="0.55" stopColor={EYE} />
                      <stop offset="1" stopColor={EYE_DEEP} />
                    </radialGradient>
                    <mask id={`${id}-mask`} maskUnits="userSpaceOnUse" x={-20} y={-20} width={240} height={240}>
                      {drawShapes(shapes, 0, '#ffffff')}
                    </mask>
                  </defs>
                  <g opacity={0.22}>{drawShapes(shapes, 12, RIM)}</g>
                  {drawShapes(shapes, 4.5, RIM)}
                  <g mask={`url(#${id}-mask)`}>
                    {drawShapes(shapes, 0, FUR_LIGHT)}
                    <g transform="translate(3.5 4.5)">{drawShapes(shapes, 0, `url(#${id}-fur)`)}</g>
                  </g>
                  {pose === 'sleep' ? sleepFace() : awakeFace(`${id}-eye`, pose)}
                </>
              );
            }
          : undefined
      }
    />
  );
}
