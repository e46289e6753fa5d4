import { describe, expect, it } from 'vitest';
import { preloadTags, withPreloads } from './page-preloads.ts';

const INDEX = `<html><head>
<script type="module" crossorigin src="/assets/index-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/art-sky-1.js">
</head><body></body></html>`;

const PAGES = {
  galaxy: { scripts: ['/assets/galaxy-1.js', '/assets/art-sky-1.js'], styles: ['/assets/galaxy-1.css'] },
  task: { scripts: ['/assets/pages-1.js'], styles: [] },
};
const SIGNED_IN = { gomeum_session: 'token' };

const hrefs = (tags: string[], rel: string) =>
  tags.filter((tag) => tag.includes(`rel="${rel}"`)).map((tag) => /href="([^"]+)"/.exec(tag)?.[1]);

describe('page preloads', () => {
  it("preload a signed-in visitor's page: its chunks and styles (not those index.html has) and prefetched reads", () => {
    const tags = preloadTags(INDEX, '/galaxy', PAGES, SIGNED_IN);
    expect(hrefs(tags, 'modulepreload')).toEqual(['/assets/galaxy-1.js']);
    expect(hrefs(tags, 'preload')).toEqual(['/api/me', '/api/galaxy']);
    expect(hrefs(tags, 'stylesheet')).toEqual(['/assets/galaxy-1.css']);
    // CORS mode with same-origin credentials: what the API client's fetch asks, so the answer is reused.
    for (const tag of tags.filter((tag) => tag.includes('as="fetch"'))) expect(tag).toMatch(/ crossorigin /);
  });

  it("read a planet's task screen, progress, logs and reminder on its task page, with the planet in the address", () => {
    expect(hrefs(preloadTags(INDEX, '/task/music', PAGES, SIGNED_IN), 'preload')).toEqual([
      '/api/me',
      '/api/planets/music/task',
      '/api/planets/music/progress',
      '/api/planets/music/logs',
      '/api/gomeum-logs/music',
      '/api/planets/music/reminder',
    ]);
    expect(hrefs(preloadTags(INDEX, '/planet/moon', PAGES, SIGNED_IN), 'preload')).toEqual([
      '/api/me',
      '/api/moon/questions',
    ]);
    // Not a planet: no read the page would not make.
    expect(hrefs(preloadTags(INDEX, '/task/nope', PAGES, SIGNED_IN), 'preload')).toEqual(['/api/me']);
  });

  it('preload only who is asking for a visitor without a session, and no read on a public or unknown page', () => {
    expect(hrefs(preloadTags(INDEX, '/galaxy', PAGES, {}), 'preload')).toEqual(['/api/me']);
    expect(preloadTags(INDEX, '/nope', PAGES, SIGNED_IN)).toEqual([]);
    // A page that renders without waiting for them reads nothing early.
    expect(hrefs(preloadTags(INDEX, '/', PAGES, SIGNED_IN), 'preload')).toEqual([]);
  });

  it('go at the end of the head', () => {
    const html = withPreloads(INDEX, preloadTags(INDEX, '/task/music', PAGES, {}));
    expect(html).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/pages-1.js" fetchpriority="low" \/>\s*<\/head>/,
    );
    expect(withPreloads(INDEX, [])).toBe(INDEX);
  });
});
