import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWithOperator, guestClient, TEST_OPERATOR } from '../../test/accounts.ts';
import { TestClient, type TestApp } from '../../test/test-app.ts';
import { drawnPagePolicy, embeddedJson, renderDirOf, withRenderedPage } from './page-render.ts';
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
 * A stand-in for the web build's server render (`web/dist-ssr/entry-server.js`): it draws which
 * page, in which language, from which answers, so the tests see exactly what the server handed it.
 */
const RENDER_MODULE = `
export async function renderPage({ url, language, reads }) {
  globalThis.gomeumRenders = (globalThis.gomeumRenders ?? 0) + 1;
  const me = reads['/api/me'];
  return {
    html: '<div style="animation-delay:-1.3s;animation-duration:5s;"></div><main data-url="' + new URL(url).pathname + '" data-lang="' + language + '" data-me="' + (me ? me.id : 'none') + '" data-reads="' + Object.keys(reads).join(' ') + '"></main>',
    title: language + ' <' + new URL(url).pathname + '> & Gomeum',
    // A page with a form whose action is React's: its form-replay runtime, taken out of the page.
    scripts: new URL(url).pathname === '/planet/moon' ? ['addEventListener("submit",function(a){})'] : [],
  };
}
`;

/** A render that breaks. */
const BROKEN_MODULE = `export async function renderPage() { throw new Error('render broke'); }`;

/** The JSON the page embeds for the app's first reads, or null when it has none. */
function firstReads(html: string): Record<string, unknown> | null {
  const match = /<script type="application\/json" id="first-reads">([^<]*)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1] ?? 'null') as Record<string, unknown>) : null;
}

describe('pages drawn by the server', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
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
    t = await createTestAppWithOperator({ webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
    fs.rmSync(renderDirOf(webDist), { recursive: true, force: true });
  });

  it('draws a public page for a visitor, in English without a language cookie, from their own /api/me', async () => {
    const response = await new TestClient(t).get('/');
    expect(response.status).toBe(200);
    expect(response.text).toContain('<div id="root" data-rendered="en"><div style=');
    expect(response.text).toContain('<main data-url="/" data-lang="en" data-me="none"');
    expect(firstReads(response.text)).toEqual({ '/api/me': null });
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it("draws the page in the reader's language (their cookie), and says so in <html lang> and its title", async () => {
    const response = await new TestClient(t).request('GET', '/register', undefined, { cookie: 'gomeum_lang=ko' });
    expect(response.text).toContain('<html lang="ko"');
    expect(response.text).toContain('<title>ko &lt;/register&gt; &amp; Gomeum</title>');
    expect(response.text).toContain('data-rendered="ko"');
    expect(response.text).toContain('data-lang="ko"');
    // An unknown language is English.
    const other = await new TestClient(t).request('GET', '/register', undefined, { cookie: 'gomeum_lang=fr' });
    expect(other.text).toContain('data-rendered="en"');
  });

  it("draws a first visit in the browser's language (Accept-Language) when it is one of ours; the cookie wins", async () => {
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

  it("draws a signed-in visitor's first page from their own /api/me only, kept out of shared caches", async () => {
    const alice = await guestClient(t);
    const bob = await guestClient(t);
    const page = await alice.client.get('/register');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`data-me="${alice.id}"`);
    expect(page.text).not.toContain(bob.id);
    const reads = firstReads(page.text);
    expect(Object.keys(reads ?? {})).toEqual(['/api/me']);
    // The same answer the API gives Alice herself.
    expect(reads?.['/api/me']).toEqual((await alice.client.get('/api/me')).body);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers.vary).toContain('Cookie');

    const bobs = await bob.client.get('/register');
    expect(bobs.text).toContain(`data-me="${bob.id}"`);
    expect(bobs.text).not.toContain(alice.id);
  });

  it('draws a page with its styles first and its scripts at a low priority, its art allowed by hash', async () => {
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
    // The app's entry starts it as on any page: no inline script.
    expect(page.text).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(page.text).not.toMatch(/<script>/);
    // Its drawings' style attributes are allowed by the hash of each exact value, nothing more.
    const policy = String(page.headers['content-security-policy']);
    const hash = createHash('sha256').update('animation-delay:-1.3s;animation-duration:5s;').digest('base64');
    expect(policy).toContain(`style-src-attr 'unsafe-hashes' 'sha256-${hash}'`);
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain('unsafe-inline');
  });

  it("runs a drawn form's replay script from the head, allowed by its hash and no other inline script", async () => {
    const alice = await guestClient(t);
    const page = await alice.client.get('/planet/moon');
    expect(page.status).toBe(200);
    const script = 'addEventListener("submit",function(a){})';
    const head = page.text.slice(0, page.text.indexOf('</head>'));
    expect(head).toContain(`<script>${script}</script>`);
    expect(page.text.match(/<script>/g)).toHaveLength(1);
    const policy = String(page.headers['content-security-policy']);
    const hash = createHash('sha256').update(script).digest('base64');
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(policy.match(/script-src /g)).toHaveLength(1);
    expect(policy).not.toContain('unsafe-inline');
    // A page without such a form runs none.
    const galaxy = await alice.client.get('/galaxy');
    expect(galaxy.text).not.toMatch(/<script>/);
    expect(String(galaxy.headers['content-security-policy'])).toContain("script-src 'self';");
  });

  it("draws a signed-in user's page from their own reads, theirs alone, and no shared cache keeps it", async () => {
    const alice = await guestClient(t);
    const bob = await guestClient(t);
    const response = await alice.client.get('/galaxy');
    expect(response.status).toBe(200);
    expect(response.text).toContain(
      `<main data-url="/galaxy" data-lang="en" data-me="${alice.id}" data-reads="/api/me /api/galaxy">`,
    );
    const reads = firstReads(response.text);
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
    expect(firstReads(his.text)?.['/api/me']).toMatchObject({ id: bob.id });
    expect(his.text).not.toContain(alice.id);
  });

  it("draws a planet's task page from its four reads (the progress card drawn with it)", async () => {
    const alice = await guestClient(t);
    const response = await alice.client.get('/task/music');
    expect(response.text).toContain(
      `data-reads="/api/me /api/planets/music/task /api/planets/music/progress /api/planets/music/logs /api/gomeum-logs/music"`,
    );
  });

  it('leaves a signed-in page to the app for a visitor, whom the app sends to sign in', async () => {
    const visitor = await new TestClient(t).get('/galaxy');
    expect(visitor.status).toBe(200);
    expect(visitor.text).toContain('<div id="root"></div>');
    expect(firstReads(visitor.text)).toBeNull();
    expect(visitor.text).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
  });

  it('gives the service worker the bare shell it keeps for offline use, with no one in it', async () => {
    const alice = await guestClient(t);
    const response = await alice.client.request('GET', '/', undefined, { 'x-gomeum-shell': 'bare' });
    expect(response.status).toBe(200);
    expect(response.text).toContain('<div id="root"></div>');
    expect(response.text).not.toContain(alice.id);
    expect(firstReads(response.text)).toBeNull();
    expect(response.text).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
  });

  it('sends the bare shell when the render fails, and keeps serving', async () => {
    fs.writeFileSync(path.join(renderDirOf(webDist), 'entry-server.js'), BROKEN_MODULE);
    try {
      const broken = await new TestClient(t).get('/');
      expect(broken.status).toBe(200);
      expect(broken.text).toContain('<div id="root"></div>');
      expect(broken.text).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    } finally {
      // A new build on disk is picked up without a restart.
      fs.writeFileSync(path.join(renderDirOf(webDist), 'entry-server.js'), RENDER_MODULE);
      const time = new Date(Date.now() + 2000);
      fs.utimesSync(path.join(renderDirOf(webDist), 'entry-server.js'), time, time);
    }
    const next = await new TestClient(t).get('/');
    expect(next.text).toContain('data-rendered="en"');
  });

  it("keeps a visitor's page once drawn a few times, never a signed-in user's or one with a query", async () => {
    const renders = () => (globalThis as { gomeumRenders?: number }).gomeumRenders ?? 0;
    const visitor = new TestClient(t);
    const get = (url: string, client = visitor) => client.request('GET', url, undefined, { cookie: 'gomeum_lang=zh' });
    const before = renders();
    for (let i = 0; i < 20; i += 1) {
      const page = (await get('/register')).text;
      expect(page).toContain('data-lang="zh"');
      // Its title is kept with it.
      expect(page).toContain('<title>zh &lt;/register&gt; &amp; Gomeum</title>');
    }
    // Drawn its first 8 times, then served as kept.
    expect(renders() - before).toBe(8);

    const alice = await guestClient(t);
    const signedIn = renders();
    for (let i = 0; i < 3; i += 1) {
      const page = await alice.client.get('/register');
      expect(page.text).toContain(`data-me="${alice.id}"`);
    }
    expect(renders() - signedIn).toBe(3);

    const query = renders();
    await get('/?popup=update');
    await get('/?popup=update');
    expect(renders() - query).toBe(2);
  });

  it('draws no unknown page and not the dashboard', async () => {
    expect((await new TestClient(t).get('/no/such/page')).text).toContain('<div id="root"></div>');
    const operator = new TestClient(t);
    await operator.post('/api/auth/login', TEST_OPERATOR);
    expect((await operator.get('/gomeum-dashboard')).text).toContain('<div id="root"></div>');
  });
});

describe('embedding a page', () => {
  it('writes answers that cannot close their script element or open a comment', () => {
    const hostile = { text: '</script><script>alert(1)</script><!-- & \u2028\u2029' };
    const json = embeddedJson(hostile);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(hostile);
    const page = withRenderedPage(SHELL, { html: '<p>hi</p>' }, { '/api/x': hostile }, 'zh');
    // The shell's entry and the embedded answers: nothing else closes a script.
    expect(page.match(/<\/script>/g)).toHaveLength(2);
    expect(page).toContain('<html lang="zh-Hans"');
    expect(page).toContain('<div id="root" data-rendered="zh"><p>hi</p></div>');
    // A render without a title (built before titles were drawn) leaves the shell's.
    expect(page).toContain('<title>Gomeum</title>');
  });

  it('holds the first paint until the whole drawn page is in: its head expects the element after it', () => {
    const page = withRenderedPage(SHELL, { html: '<p>hi</p>' }, {}, 'en');
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<link rel="expect" href="#first-reads" blocking="render" />');
    expect(page.indexOf('id="first-reads"')).toBeGreaterThan(page.indexOf('<p>hi</p>'));
  });

  it("names the tab with the drawn page's title, escaped", () => {
    const page = withRenderedPage(SHELL, { html: '<p>hi</p>', title: '</title><script>x</script> · Gomeum' }, {}, 'en');
    expect(page).toContain('<title>&lt;/title&gt;&lt;script&gt;x&lt;/script&gt; · Gomeum</title>');
    expect(page.match(/<title>/g)).toHaveLength(1);
  });

  it.each(["$'", '$`', '$&', '$$', '$1', '$<x>'])(
    'embeds a drawing, title and answers holding %s as they are',
    (pattern) => {
      const page = withRenderedPage(
        SHELL,
        { html: `<p>${pattern}</p>`, title: `t${pattern}` },
        { '/api/x': { text: pattern } },
        'en',
      );
      expect(page).toContain(`<div id="root" data-rendered="en"><p>${pattern}</p></div>`);
      expect(page).toContain(`<title>${escapeHtml(`t${pattern}`)}</title>`);
      expect(page.match(/<div id="root"/g)).toHaveLength(1);
      expect(page.match(/<\/head>/g)).toHaveLength(1);
    },
  );

  it('allows exactly the style attributes the page was drawn with, read as the browser reads them', () => {
    const policy = drawnPagePolicy("style-src 'self'", {
      html: '<p style="opacity:0.5;"></p><i style="a:&quot;b&quot;"></i>',
    });
    const hash = (value: string) => `'sha256-${createHash('sha256').update(value).digest('base64')}'`;
    expect(policy).toContain(hash('opacity:0.5;'));
    expect(policy).toContain(hash('a:"b"'));
    expect(drawnPagePolicy("style-src 'self'", { html: '<p></p>' })).toBe("style-src 'self'");
  });

  it("allows the page's own inline scripts by their hashes, in the policy's one script-src", () => {
    const hash = (value: string) => `'sha256-${createHash('sha256').update(value).digest('base64')}'`;
    const policy = "default-src 'self';script-src 'self';style-src 'self';script-src-attr 'none'";
    const scripts = ['addEventListener("submit",function(){})', 'var b=1'];
    expect(drawnPagePolicy(policy, { html: '<form></form>', scripts })).toBe(
      `default-src 'self';script-src 'self' ${[hash(scripts[0] ?? ''), hash(scripts[1] ?? '')].sort().join(' ')};` +
        "style-src 'self';script-src-attr 'none'",
    );
    // No scripts, no change; a policy without script-src is not quietly widened.
    expect(drawnPagePolicy(policy, { html: '<p></p>', scripts: [] })).toBe(policy);
    expect(() => drawnPagePolicy("default-src 'self'", { html: '', scripts })).toThrow(/script-src/);
  });

  it("puts the page's inline scripts in the head, before the page, and refuses one that would end early", () => {
    const page = withRenderedPage(SHELL, { html: '<form></form>', scripts: ['var a=1'] }, {}, 'en');
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<script>var a=1</script>');
    expect(page.indexOf('<script>var a=1</script>')).toBeLessThan(page.indexOf('<div id="root"'));
    for (const script of ['a="</script><script>alert(1)"', 'a="</SCRIPT >"', '"<!--"']) {
      expect(() => withRenderedPage(SHELL, { html: '', scripts: [script] }, {}, 'en')).toThrow(/early/);
      expect(() => drawnPagePolicy("script-src 'self'", { html: '', scripts: [script] })).toThrow(/early/);
    }
  });

  it('finds the render next to the build it belongs to', () => {
    expect(renderDirOf('/srv/gomeum/web/dist')).toBe('/srv/gomeum/web/dist-ssr');
    expect(renderDirOf('/srv/gomeum/web/dist/')).toBe('/srv/gomeum/web/dist-ssr');
  });
});
