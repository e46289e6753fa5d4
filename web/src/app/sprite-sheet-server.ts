import { SPRITE_SHEET_ID } from '../lib/illustrations/sprite-sheet.ts';

/** Each sprite file's text (the server's build only), by path. */
const FILES = import.meta.glob<string>('../lib/illustrations/sprites/*.svg', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Every symbol of the art as SVG, by id (read once per build; the files hold symbols side by side). */
const SYMBOLS = new Map<string, string>(
  Object.values(FILES).flatMap((svg) =>
    svg
      .split('<symbol ')
      .slice(1)
      .map((part): [string, string] => {
        const symbol = `<symbol ${part.slice(0, part.lastIndexOf('</symbol>'))}</symbol>`;
        return [/^<symbol id="([^"]+)"/.exec(symbol)?.[1] ?? '', symbol];
      }),
  ),
);

/** The symbols one render used, and the sheet that holds them for the page (empty when none). */
export function symbolsUsed(): { use: (sprite: string, name: string) => boolean; sheet: () => string } {
  const used = new Set<string>();
  return {
    use(_sprite, name) {
      used.add(name);
      return true;
    },
    sheet: () =>
      used.size === 0
        ? ''
        : `<svg id="${SPRITE_SHEET_ID}" class="art-sprites" aria-hidden="true" focusable="false">${[...used]
            .map((name) => SYMBOLS.get(name) ?? '')
            .join('')}</svg>`,
  };
}
