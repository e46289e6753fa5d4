import { describe, expect, it } from 'vitest';
import { pagePreloads, stylesBeforeScripts } from './page-preloads.ts';

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

describe("each page's preloads", () => {
  /** A build manifest as Vite writes it (keys: source paths, or `_name-hash.js` for shared chunks). */
  const MANIFEST = {
    'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js', '_i18n-1.js'], css: ['assets/index-1.css'] },
    '_react-1.js': { file: 'assets/react-1.js' },
    '_i18n-1.js': { file: 'assets/i18n-1.js', imports: ['_react-1.js'] },
    '_art-sky-1.js': { file: 'assets/art-sky-1.js', imports: ['_react-1.js'], css: ['assets/art-sky-1.css'] },
    'src/features/home/index.ts': {
      file: 'assets/home-1.js',
      imports: ['_art-sky-1.js', '_i18n-1.js'],
      css: ['assets/home-1.css'],
    },
    'src/features/galaxy/index.ts': { file: 'assets/galaxy-1.js', imports: ['_art-sky-1.js', 'index.html'] },
  };

  it("are the page's chunk and what it imports, with their styles, less what the entry loads", () => {
    expect(
      pagePreloads({ home: 'src/features/home/index.ts', galaxy: 'src/features/galaxy/index.ts' }, MANIFEST),
    ).toEqual({
      home: {
        scripts: ['/assets/home-1.js', '/assets/art-sky-1.js'],
        styles: ['/assets/home-1.css', '/assets/art-sky-1.css'],
      },
      galaxy: { scripts: ['/assets/galaxy-1.js', '/assets/art-sky-1.js'], styles: ['/assets/art-sky-1.css'] },
    });
  });

  it('refuses a page the manifest does not know', () => {
    expect(() => pagePreloads({ moon: 'src/features/moon/index.ts' }, MANIFEST)).toThrow(/the page moon/);
  });
});
