import type { ReactNode } from 'react';
import { HydrateLater } from '../hydrate-later.tsx';
import { svgA11yProps } from './art-utils.ts';

/** The 200×200 square a planet or the cat is drawn in: decorative unless a `title` is given. */
export function ArtSvg({
  id,
  className,
  size,
  title,
  children,
}: {
  /** The drawing's SVG id, which its title's id starts with. */
  id: string;
  className: string;
  size?: number | string;
  title?: string;
  children: ReactNode;
}) {
  return (
    <HydrateLater>
      <svg
        className={className}
        viewBox="0 0 200 200"
        width={size}
        height={size}
        focusable="false"
        {...svgA11yProps(title, `${id}-title`)}
      >
        {title ? <title id={`${id}-title`}>{title}</title> : null}
        {children}
      </svg>
    </HydrateLater>
  );
}
