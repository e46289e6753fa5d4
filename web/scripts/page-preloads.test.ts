import { describe, expect, it } from 'vitest';
import { lazyPages, stylesBeforeScripts } from './page-preloads.ts';

/** index.html as Vite writes it: the entry, its preloads, then the stylesheets. */
const VITE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Gomeum</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="modulepreload" crossorigin href="/assets/query-1.js">
    <link rel="stylesheet" crossorigin href="/assets/art-cat-1.css">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
    <meta name="gomeum-version" content="abc">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe("the shell's order", () => {
  it('puts the stylesheets first, in their order, and the scripts after them at a low priority', () => {
    const html = stylesBeforeScripts(VITE_HTML);
    const tags = [...html.matchAll(/<(script|link)[^>]*>/g)].map(([tag]) => tag);
    expect(tags).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/art-cat-1.css">',
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css">',
      '<script type="module" crossorigin src="/assets/index-1.js" fetchpriority="low">',
      '<link rel="modulepreload" crossorigin href="/assets/react-1.js" fetchpriority="low">',
      '<link rel="modulepreload" crossorigin href="/assets/query-1.js" fetchpriority="low">',
    ]);
    // Nothing else moves or goes.
    expect(html.replace(/ fetchpriority="low"/g, '').replace(/\s+/g, ' ').length).toBe(
      VITE_HTML.replace(/\s+/g, ' ').length,
    );
    expect(html).toContain('<title>Gomeum</title>\n    <link rel="stylesheet"');
    expect(html).toContain('<meta name="gomeum-version" content="abc">\n  </head>');
  });

  it('refuses a shell it does not understand rather than ship it unordered', () => {
    expect(() => stylesBeforeScripts('<html><head></head><body></body></html>')).toThrow(/no module script/);
  });
});

describe('the lazy pages', () => {
  it("are read from the router's table, over one line or more", () => {
    const source = `const PAGES = {
  home: lazyPage(() => import('../features/home/index.ts')),
  galaxy: lazyPage(
    () => import('../features/galaxy/index.ts'),
  ),
};`;
    expect(Object.fromEntries(lazyPages(source, '/web/src/app'))).toEqual({
      home: '/web/src/features/home/index.ts',
      galaxy: '/web/src/features/galaxy/index.ts',
    });
  });
});
