import { createContext } from 'react';
import type { Sprite } from './sprites.ts';

/**
 * A rendered page carries the symbols of the art it shows in an inline SVG sheet after its `#root`
 * (entry-server.tsx), so the art is parsed with the HTML and painted with the first paint, instead
 * of fetched and laid out after it. The sheet's element id.
 */
export const SPRITE_SHEET_ID = 'art-sprites';

/**
 * Whether a symbol is in the document: in the browser, the ones the server rendered (the sheet
 * stays for the page's life, outside React's root, so hydration reads what the server wrote); a
 * symbol the sheet lacks is used from its sprite's static file.
 */
function symbolInDocument(_sprite: Sprite, name: string): boolean {
  return typeof document !== 'undefined' && document.getElementById(name)?.parentElement?.id === SPRITE_SHEET_ID;
}

/**
 * Where a drawing's `<use>` finds its symbol: true, in the page (`#name`); false, in its sprite's
 * file. The server's render provides one that notes each symbol used and answers true.
 */
export const SpriteSheet = createContext<(sprite: Sprite, name: string) => boolean>(symbolInDocument);
