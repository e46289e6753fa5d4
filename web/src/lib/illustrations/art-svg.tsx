import { createContext, useContext, type ReactNode } from 'react';
import { svgA11yProps } from './art-utils.ts';
import { SpriteSheet } from './sprite-sheet.ts';
import { SPRITE_URLS, type Sprite } from './sprites.ts';

/**
 * While the art's sprite files are made (web/scripts/make-art.tsx): what takes each drawing's
 * inside, as a `<symbol>` of its sprite. Null in the app.
 */
export const SpriteMaker = createContext<((sprite: Sprite, symbol: ReactNode) => void) | null>(null);

/** What a drawing is: where its inside is kept, its frame, and how to draw that inside. */
export interface DrawingProps {
  /** The sprite file its inside is kept in; none: drawn in the page (a view only the app renders). */
  sprite?: Sprite | undefined;
  /** Its symbol's id in the sprite (its own ids start with it). */
  name: string;
  className?: string | undefined;
  viewBox: string;
  preserveAspectRatio?: string | undefined;
  size?: number | string | undefined;
  /** A title makes it a labelled image; without one it is decorative. */
  title?: string | undefined;
  titleId?: string | undefined;
  /**
   * Draws the inside: called when the sprite files are made (or for a drawing without a sprite).
   * A drawing kept in a sprite passes it only where `ART_DRAWINGS` (the art's scripts and tests):
   * the app's builds define that false, so they carry no drawing code, only frames and `<use>`s.
   */
  draw: ((id: string) => ReactNode) | undefined;
  /** What moves (animated by the page's style sheet): drawn in the page, over the kept inside. */
  live?: ReactNode;
}

/**
 * An SVG drawing whose inside never changes, kept in a static sprite file (one per sky, the
 * planets, the cat; cached with the build's assets, and inlined in a rendered page, see
 * sprite-sheet.ts): the page renders, and React hydrates, only its frame and a `<use>` of its
 * symbol, however many shapes it has. The frame (its class, size,
 * title and viewBox) stays in the page, so the page's style sheet places, sizes and animates it.
 */
export function Drawing({
  sprite,
  name,
  className,
  viewBox,
  preserveAspectRatio,
  size,
  title,
  titleId,
  draw,
  live,
}: DrawingProps) {
  const makeSprite = useContext(SpriteMaker);
  const inPage = useContext(SpriteSheet);
  if (makeSprite && sprite && draw) {
    makeSprite(
      sprite,
      <symbol key={name} id={name} viewBox={viewBox} preserveAspectRatio={preserveAspectRatio}>
        {draw(name)}
      </symbol>,
    );
    return null;
  }
  const labelId = titleId ?? `${name}-title`;
  return (
    <svg
      className={className}
      viewBox={viewBox}
      preserveAspectRatio={preserveAspectRatio}
      width={size}
      height={size}
      focusable="false"
      {...svgA11yProps(title, labelId)}
    >
      {title ? <title id={labelId}>{title}</title> : null}
      {sprite ? <use href={`${inPage(sprite, name) ? '' : SPRITE_URLS[sprite]}#${name}`} /> : draw?.(name)}
      {live}
    </svg>
  );
}
