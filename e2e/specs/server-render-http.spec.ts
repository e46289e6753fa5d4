import { describe, expect, it } from 'vitest';
import en from '../../web/src/i18n/en.json';
import ko from '../../web/src/i18n/ko.json';
import zh from '../../web/src/i18n/zh.json';
import { baseURL } from '../support/browser.ts';

/**
 * Pages rendered by the server, as HTTP answers (no browser): renders running side by side, the
 * art's symbols each page carries, the nonce of each response, and the home page's skies.
 */

/** A new guest's session cookie. */
async function newGuest(): Promise<string> {
  const response = await fetch(`${baseURL()}/api/auth/guest`, {
    method: 'POST',
    headers: { origin: baseURL(), 'content-type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** GETs `path` with `cookie`: its HTML and its Content-Security-Policy. */
async function page(path: string, cookie = ''): Promise<{ html: string; policy: string }> {
  const response = await fetch(`${baseURL()}${path}`, { headers: { cookie } });
  expect(response.status, path).toBe(200);
  return { html: await response.text(), policy: response.headers.get('content-security-policy') ?? '' };
}

/** The state a page was rendered from, as embedded for the app. */
function embeddedState(html: string): { queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } } {
  const json = /<script type="application\/json" id="dehydrated-state">([^<]*)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('no embedded state');
  return JSON.parse(json) as ReturnType<typeof embeddedState>;
}

const STRINGS = { en, zh, ko } as const;
const HTML_LANG = { en: 'en', zh: 'zh-Hans', ko: 'ko' } as const;

describe('pages rendered by the server, as HTTP answers', () => {
  it('renders 45 signed-in pages for three readers at once, each in its reader’s language with its reader’s data', async () => {
    const readers = await Promise.all(
      (['zh', 'ko', 'en'] as const).map(async (language, index) => {
        const cookie = `${await newGuest()}; gomeum_lang=${language}`;
        const description = `Reader ${index} practises scales, ${language}`;
        const confirmed = await fetch(`${baseURL()}/api/planets/music/task`, {
          method: 'PUT',
          headers: { origin: baseURL(), 'content-type': 'application/json', cookie },
          body: JSON.stringify({ description, reward: `Reward ${index}`, goal: 3, cadence: 'weekly' }),
        });
        expect(confirmed.status).toBe(200);
        const me = (await (await fetch(`${baseURL()}/api/me`, { headers: { cookie } })).json()) as { id: string };
        return { language, cookie, description, id: me.id };
      }),
    );
    const paths = ['/galaxy', '/task/music', '/planet/music'];
    // Fifteen pages each, all asked for together.
    const asked = readers.flatMap((reader) =>
      Array.from({ length: 15 }, (_, i) => ({ reader, path: paths[i % paths.length] ?? '/galaxy' })),
    );
    const answers = await Promise.all(asked.map(({ reader, path }) => page(path, reader.cookie)));
    for (const [index, { html }] of answers.entries()) {
      const { reader, path } = asked[index] ?? { reader: readers[0], path: '' };
      if (!reader) throw new Error('no reader');
      const what = `${path} for ${reader.language}`;
      expect(html, what).toContain(`<html lang="${HTML_LANG[reader.language]}"`);
      expect(html, what).toContain(`<div id="root" data-rendered="${reader.language}">`);
      const me = embeddedState(html).queries.queries.find((query) => query.queryKey[0] === 'me');
      expect((me?.state.data as { id?: string } | undefined)?.id, what).toBe(reader.id);
      for (const other of readers.filter((someone) => someone !== reader)) {
        expect(html, what).not.toContain(other.id);
        expect(html, what).not.toContain(other.description);
      }
      if (path === '/galaxy') expect(html, what).toContain(STRINGS[reader.language].galaxy.title);
      else expect(html, what).toContain(reader.description);
    }
  });

  it('carries the symbols of the art it shows, once each, so no sprite file is read before the page paints', async () => {
    const cookie = await newGuest();
    for (const path of ['/', '/register', '/galaxy', '/task/music', '/planet/moon']) {
      const signedIn = path !== '/' && path !== '/register';
      const { html } = await page(path, signedIn ? cookie : '');
      const used = [...html.matchAll(/<use href="([^"]*)"/g)].map(([, href = '']) => href);
      const symbols = [...html.matchAll(/<symbol id="([^"]+)"/g)].map(([, id = '']) => id);
      expect(used.length, path).toBeGreaterThan(0);
      expect(new Set(used.map((href) => href.slice(1))), path).toEqual(new Set(symbols));
      expect(new Set(symbols).size, path).toBe(symbols.length);
      // The sheet follows the page's root, before the state whose arrival lets the page paint.
      expect(html.indexOf('id="art-sprites"'), path).toBeGreaterThan(html.indexOf('<div id="root"'));
      expect(html.indexOf('id="art-sprites"'), path).toBeLessThan(html.indexOf('id="dehydrated-state"'));
    }
  });

  it('gives every inline script of a rendered page the response’s own nonce, never one used before', async () => {
    const cookie = await newGuest();
    const nonces: string[] = [];
    for (const path of ['/', '/register', '/galaxy', '/task/music', '/planet/moon', '/', '/register']) {
      const signedIn = path !== '/' && path !== '/register';
      const { html, policy } = await page(path, signedIn ? cookie : '');
      expect(html, path).toContain('data-rendered=');
      const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce, path).toBeTruthy();
      expect(policy, path).not.toContain('unsafe-inline');
      // Every script the page runs inline (not the app's own files, not the embedded JSON) carries it.
      const inline = [...html.matchAll(/<script\b([^>]*)>/g)]
        .map(([, attributes = '']) => attributes)
        .filter((attributes) => !/\bsrc=/.test(attributes) && !/type="application\/json"/.test(attributes));
      expect(inline.length, path).toBeGreaterThan(0);
      for (const attributes of inline) expect(attributes, path).toContain(`nonce="${nonce}"`);
      // No inline style either: the policy allows none.
      expect(html, path).not.toMatch(/<[a-z][^>]* style="/);
      nonces.push(nonce ?? '');
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it('shows each of the seven skies as likely as any other to visitors of the home page', async () => {
    const counts = new Map<string, number>();
    const visits = 280;
    for (let i = 0; i < visits; i += 1) {
      const { html } = await page('/');
      const scene = /<main class="[^"]*\bhome\b[^"]*" data-scene="([a-z-]+)"/.exec(html)?.[1] ?? 'none';
      counts.set(scene, (counts.get(scene) ?? 0) + 1);
    }
    // 280 visits, 40 expected of each sky: each of the seven between 15 and 65 (a fair draw falls
    // outside in about one run of 10,000).
    expect([...counts.keys()].sort()).toEqual(
      ['aurora', 'dawn', 'eclipse', 'meteor-shower', 'nebula', 'planet-rise', 'quiet-night'].sort(),
    );
    for (const [scene, count] of counts) {
      expect(count, scene).toBeGreaterThanOrEqual(15);
      expect(count, scene).toBeLessThanOrEqual(65);
    }
  });
});
