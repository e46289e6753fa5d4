import type { ReactNode } from 'react';
import { HydrateLater, SERVER_DRAWN, useServerDrawing } from '../hydration.tsx';
import { svgA11yProps } from './art-utils.ts';

interface ArtSvgProps {
  /** The drawing's SVG id, which its title's id starts with. */
  id: string;
  className: string;
  size?: number | string;
  title?: string;
  /** What is drawn (a planet, the cat's pose): the drawing depends on it and its title alone. */
  drawing: string;
  /** Draws the inside of the square (called only when the server's drawing is not kept). */
  draw: () => ReactNode;
}

/**
 * The 200×200 square a planet or the cat is drawn in: decorative unless a `title` is given.
 * Taken over after the rest of its page; and where the server drew it, its drawing is kept as
 * drawn (the app neither builds nor compares its hundreds of shapes) until what it shows changes.
 */
export function ArtSvg(props: ArtSvgProps) {
  return (
    <HydrateLater>
      <DrawnSvg {...props} />
    </HydrateLater>
  );
}

function DrawnSvg({ id, className, size, title, drawing, draw }: ArtSvgProps) {
  const kept = useServerDrawing(`${drawing}\n${title ?? ''}`);
  const frame = {
    className,
    viewBox: '0 0 200 200',
    width: size,
    height: size,
    focusable: 'false' as const,
    ...svgA11yProps(title, `${id}-title`),
  };
  if (kept) return <svg {...frame} dangerouslySetInnerHTML={SERVER_DRAWN} />;
  return (
    <svg {...frame}>
      {title ? <title id={`${id}-title`}>{title}</title> : null}
      {draw()}
    </svg>
  );
}
