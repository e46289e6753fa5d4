import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { guestClient, TEST_OPERATOR } from '../../test/accounts.ts';
import { appTest } from '../../test/app-test.ts';
import { TestClient } from '../../test/test-app.ts';
import { embeddedJson, pageAround, renderDirOf } from './page-render.ts';
import { escapeHtml } from './share-tags.ts';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <title>Gomeum</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/preact-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/**
 * A stand-in for the web build's render module (`web/dist-ssr/entry-server.js`): it reads what a
 * page reads through the server (who is signed in, and a signed-in page's data), renders which
 * page, in which language, from which answers, with React's inline scripts carrying the nonce, in
 * two chunks, so the tests see exactly what the server handed it and how it streams.
 */
const RENDER_MODULE = `
const PAGE_READS = { '/galaxy': ['/api/galaxy'], '/planet/moon': ['/api/moon/questions'] };
export async function renderPage({ url, language, nonce, read }) {
  globalThis.gomeumRenders = (globalThis.gomeumRenders ?? 0) + 1;
  const { pathname } = new URL(url, 'http://localhost');
  const reads = {};
  for (const path of ['/api/me', ...(PAGE_READS[pathname] ?? [])]) {
    const reply = await read(path);
    if (reply.status !== 200) return null;
    reads[path] = reply.body;
  }
  const me = reads['/api/me'];
  if (PAGE_READS[pathname] && !me) return null;
  return {
    title: language + ' <' + pathname + '> & Gomeum',
    pipe(destination) {
      destination.write('<script nonce="' + nonce + '">addEventListener("submit",function(){})</script>');
      setTimeout(() => {
        destination.write('<main data-url="' + pathname + '" data-lang="' + language + '" data-me="' + (me ? me.id : 'none') + '"></main>');
        destination.end();
      }, 5);
    },
    state: () => ({ reads }),
    sprites: () => '<svg id="art-sprite-cat"></svg>',
    abort() {},
  };
}
`;

/** A render that breaks. */
const BROKEN_MODULE = `export async function renderPage() { throw new Error('render broke'); }`;

/** The JSON the page embeds for the app to hydrate, or null when it has none. */
function embeddedState(html: string): { reads: Record<string, unknown> } | null {
  const match = /<script type="application\/json" id="dehydrated-state">([^<]*)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1] ?? 'null') as { reads: Record<string, unknown> }) : null;
}

/** The nonce a response's policy allows scripts by. */
function policyNonce(policy: unknown): string | undefined {
  return /script-src 'self' 'nonce-([^']+)'/.exec(String(policy))?.[1];
}

/** The built web app the server serves: its shell, version, preloads and render module. */
let webDist: string;
const it = appTest((after) => {
  webDist = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'gomeum-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), SHELL);
  fs.writeFileSync(path.join(webDist, 'version.json'), JSON.stringify({ version: '2026-11-25-test' }));
  fs.writeFileSync(
    path.join(webDist, 'page-preloads.json'),
    JSON.stringify({
      register: { scripts: ['/assets/register-1.js'], styles: ['/assets/register-1.css'] },
      galaxy: { scripts: ['/assets/galaxy-1.js'], styles: ['/assets/galaxy-1.css'] },
    }),
  );
  fs.mkdirSync(renderDirOf(webDist));
  fs.writeFileSync(path.join(renderDirOf(webDist), 'entry-server.js'), RENDER_MODULE);
  after(() => {
    fs.rmSync(webDist, { recursive: true, force: true });
    fs.rmSync(renderDirOf(webDist), { recursive: true, force: true });
  });
  return { operator: TEST_OPERATOR, webDist };
});

describe('pages rendered by the server', () => {
  it('renders a public page for a visitor, in English without a language cookie, from their own /api/me', async ({
    t,
  }) => {
    const response = await new TestClient(t).get('/');
    expect(response.status).toBe(200);
    expect(response.text).toContain('<div id="root" data-rendered="en"><script nonce=');
    expect(response.text).toContain('<main data-url="/" data-lang="en" data-me="none"></main></div>');
    expect(embeddedState(response.text)).toEqual({ reads: { '/api/me': null } });
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it("renders the page in the reader's language (their cookie), and says so in <html lang> and its title", async ({
    t,
  }) => {
    const response = await new TestClient(t).request('GET', '/register', undefined, { cookie: 'gomeum_lang=ko' });
    expect(response.text).toContain('<html lang="ko"');
    expect(response.text).toContain('<title>ko &lt;/register&gt; &amp; Gomeum</title>');
    expect(response.text).toContain('data-rendered="ko"');
    expect(response.text).toContain('data-lang="ko"');
    // An unknown language is English.
    const other = await new TestClient(t).request('GET', '/register', undefined, { cookie: 'gomeum_lang=fr' });
    expect(other.text).toContain('data-rendered="en"');
  });

  it("renders a first visit in the browser's language (Accept-Language) when it is one of ours; the cookie wins", async ({
    t,
  }) => {
    const visit = (headers: Record<string, string>) =>
      new TestClient(t).request('GET', '/', undefined, headers).then((response) => response.text);
    const korean = await visit({ 'accept-language': 'ko-KR,ko;q=0.9,en-US;q=0.8' });
    expect(korean).toContain('<html lang="ko"');
    expect(korean).toContain('data-rendered="ko"');
    const chinese = await visit({ 'accept-language': 'fr-FR,zh-CN;q=0.8,en;q=0.5' });
    expect(chinese).toContain('<html lang="zh-Hans"');
    expect(chinese).toContain('data-rendered="zh"');
    // Neither of ours, or ours refused: English.
    expect(await visit({ 'accept-language': 'fr-FR,de;q=0.5,ko;q=0' })).toContain('data-rendered="en"');
    // The reader's own choice (their cookie) wins over the browser's languages.
    const chosen = await visit({ 'accept-language': 'ko-KR', cookie: 'gomeum_lang=en' });
    expect(chosen).toContain('data-rendered="en"');
    expect(chosen).toContain('<html lang="en"');
  });

  it("renders a signed-in visitor's page from their own /api/me, kept out of shared caches", async ({ t }) => {
    const alice = await guestClient(t);
    const bob = await guestClient(t);
    const page = await alice.client.get('/register');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`data-me="${alice.id}"`);
    expect(page.text).not.toContain(bob.id);
    const reads = embeddedState(page.text)?.reads;
    // The same answer the API gives Alice herself.
    expect(reads?.['/api/me']).toEqual((await alice.client.get('/api/me')).body);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers.vary).toContain('Cookie');

    const bobs = await bob.client.get('/register');
    expect(bobs.text).toContain(`data-me="${bob.id}"`);
    expect(bobs.text).not.toContain(alice.id);
  });

  it('renders a page with its styles first and its scripts at a low priority', async ({ t }) => {
    const page = await new TestClient(t).get('/register');
    expect(page.text).toContain('<div id="root" data-rendered="en">');
    // The first paint needs only the styles: the page's own come before its scripts, which start
    // downloading at a low priority and run after parsing.
    const style = page.text.indexOf('<link rel="stylesheet" crossorigin href="/assets/register-1.css" />');
    const script = page.text.indexOf(
      '<link rel="modulepreload" crossorigin href="/assets/register-1.js" fetchpriority="low" />',
    );
    expect(style).toBeGreaterThan(0);
    expect(script).toBeGreaterThan(style);
    // The app's entry starts it as on any page.
    expect(page.text).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
  });

  it("allows React's inline scripts by the response's own nonce, and no other inline script", async ({ t }) => {
    const nonces = new Set<string>();
    for (const url of ['/', '/register', '/', '/register']) {
      const page = await new TestClient(t).get(url);
      const policy = String(page.headers['content-security-policy']);
      const nonce = policyNonce(policy);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      // The render was handed the nonce the policy names: its scripts carry it.
      expect(page.text).toContain(`<script nonce="${nonce}">`);
      expect(policy.match(/script-src /g)).toHaveLength(1);
      expect(policy).not.toContain('unsafe-inline');
      // Its stylesheets are written into it, by the same nonce; no style attribute is allowed.
      expect(policy).toContain(`style-src 'self' 'nonce-${nonce}';`);
      nonces.add(nonce ?? '');
    }
    // A nonce is never used twice.
    expect(nonces.size).toBe(4);
    // The bare shell allows no inline script at all.
    const shell = await new TestClient(t).request('GET', '/', undefined, { 'x-gomeum-shell': 'bare' });
    expect(String(shell.headers['content-security-policy'])).toContain("script-src 'self';");
  });

  it("renders a signed-in user's page from their own reads, theirs alone, and no shared cache keeps it", async ({
    t,
  }) => {
    const alice = await guestClient(t);
    const bob = await guestClient(t);
    const response = await alice.client.get('/galaxy');
    expect(response.status).toBe(200);
    expect(response.text).toContain(`<main data-url="/galaxy" data-lang="en" data-me="${alice.id}">`);
    const reads = embeddedState(response.text)?.reads;
    expect(reads?.['/api/me']).toMatchObject({ id: alice.id });
    // The page's answer, as her own read of it would have it.
    expect(reads?.['/api/galaxy']).toEqual((await alice.client.get('/api/galaxy')).body);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    // The page's code is preloaded, its reads not (the answers are in the page).
    expect(response.text).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/galaxy-1.js" fetchpriority="low" />',
    );
    expect(response.text).not.toContain('<link rel="preload" as="fetch"');
    // Bob's page is his.
    const his = await bob.client.get('/galaxy');
    expect(embeddedState(his.text)?.reads['/api/me']).toMatchObject({ id: bob.id });
    expect(his.text).not.toContain(alice.id);
  });

  it('leaves a signed-in page to the app for a visitor, whom the app sends to sign in', async ({ t }) => {
    const visitor = await new TestClient(t).get('/galaxy');
    expect(visitor.status).toBe(200);
    expect(visitor.text).toContain('<div id="root"></div>');
    expect(embeddedState(visitor.text)).toBeNull();
    expect(visitor.text).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
  });

  it('gives the service worker the bare shell it keeps for offline use, with no one in it', async ({ t }) => {
    const alice = await guestClient(t);
    const response = await alice.client.request('GET', '/', undefined, { 'x-gomeum-shell': 'bare' });
    expect(response.status).toBe(200);
    expect(response.text).toContain('<div id="root"></div>');
    expect(response.text).not.toContain(alice.id);
    expect(embeddedState(response.text)).toBeNull();
    expect(response.text).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
  });

  it('sends the bare shell when the render fails, and keeps serving', async ({ t }) => {
    const moduleFile = path.join(renderDirOf(webDist), 'entry-server.js');
    fs.writeFileSync(moduleFile, BROKEN_MODULE);
    const soon = new Date(Date.now() + 1000);
    fs.utimesSync(moduleFile, soon, soon);
    // The build's files are looked at on disk once a second: the broken one is in within it.
    const bare = async () => (await new TestClient(t).get('/')).text.includes('<div id="root"></div>');
    try {
      await expect.poll(bare, { timeout: 5_000, interval: 100 }).toBe(true);
      const broken = await new TestClient(t).get('/');
      expect(broken.status).toBe(200);
      expect(broken.text).toContain('<div id="root"></div>');
      expect(broken.text).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    } finally {
      // A new build on disk is picked up without a restart.
      fs.writeFileSync(moduleFile, RENDER_MODULE);
      const time = new Date(Date.now() + 2000);
      fs.utimesSync(moduleFile, time, time);
    }
    await expect.poll(bare, { timeout: 5_000, interval: 100 }).toBe(false);
    const next = await new TestClient(t).get('/');
    expect(next.text).toContain('data-rendered="en"');
  });

  it("renders every visitor's page afresh, each in its own render", async ({ t }) => {
    const renders = () => (globalThis as { gomeumRenders?: number }).gomeumRenders ?? 0;
    const before = renders();
    const pages = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        new TestClient(t).request('GET', '/register', undefined, {
          cookie: `gomeum_lang=${['zh', 'ko', 'en'][i % 3]}`,
        }),
      ),
    );
    expect(renders() - before).toBe(12);
    for (const [i, page] of pages.entries()) {
      const language = ['zh', 'ko', 'en'][i % 3];
      expect(page.text).toContain(`data-lang="${language}"`);
      expect(page.text).toContain(`<title>${language} &lt;/register&gt; &amp; Gomeum</title>`);
    }
  });

  it('renders no unknown page and not the dashboard', async ({ t }) => {
    expect((await new TestClient(t).get('/no/such/page')).text).toContain('<div id="root"></div>');
    const operator = new TestClient(t);
    await operator.post('/api/auth/login', TEST_OPERATOR);
    expect((await operator.get('/gomeum-dashboard')).text).toContain('<div id="root"></div>');
  });
});

describe('the page around a render', () => {
  it('embeds state that cannot close its script element or open a comment', () => {
    const hostile = { text: '</script><script>alert(1)</script><!-- & \u2028\u2029' };
    const json = embeddedJson(hostile);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(hostile);
    const { head, tail } = pageAround(SHELL, { title: 'Gomeum', language: 'zh' });
    const page = `${head}<p>hi</p>${tail({ '/api/x': hostile })}`;
    // The shell's entry and the embedded state: nothing else closes a script.
    expect(page.match(/<\/script>/g)).toHaveLength(2);
    expect(page).toContain('<html lang="zh-Hans"');
    expect(page).toContain('<div id="root" data-rendered="zh"><p>hi</p></div>');
    expect(page).toContain('<title>Gomeum</title>');
  });

  it('holds the first paint until the whole page is in: its head expects the element after it', () => {
    const { head, tail } = pageAround(SHELL, { title: 'Gomeum', language: 'en' });
    const page = `${head}<p>hi</p>${tail({})}`;
    expect(page.slice(0, page.indexOf('</head>'))).toContain(
      '<link rel="expect" href="#dehydrated-state" blocking="render" />',
    );
    expect(page.indexOf('id="dehydrated-state"')).toBeGreaterThan(page.indexOf('<p>hi</p>'));
  });

  it("names the tab with the page's title, escaped", () => {
    const { head } = pageAround(SHELL, { title: '</title><script>x</script> · Gomeum', language: 'en' });
    expect(head).toContain('<title>&lt;/title&gt;&lt;script&gt;x&lt;/script&gt; · Gomeum</title>');
    expect(head.match(/<title>/g)).toHaveLength(1);
  });

  it.each(["$'", '$`', '$&', '$$', '$1', '$<x>'])('embeds a title and state holding %s as they are', (pattern) => {
    const { head, tail } = pageAround(SHELL, { title: `t${pattern}`, language: 'en' });
    const page = `${head}<p>${pattern}</p>${tail({ text: pattern })}`;
    expect(page).toContain(`<div id="root" data-rendered="en"><p>${pattern}</p></div>`);
    expect(page).toContain(`<title>${escapeHtml(`t${pattern}`)}</title>`);
    expect(page).toContain(embeddedJson({ text: pattern }));
    expect(page.match(/<div id="root"/g)).toHaveLength(1);
    expect(page.match(/<\/head>/g)).toHaveLength(1);
  });

  it('finds the render next to the build it belongs to', () => {
    expect(renderDirOf('/srv/gomeum/web/dist')).toBe('/srv/gomeum/web/dist-ssr');
    expect(renderDirOf('/srv/gomeum/web/dist/')).toBe('/srv/gomeum/web/dist-ssr');
  });
});
