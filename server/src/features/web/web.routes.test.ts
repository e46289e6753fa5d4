import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ERRORS } from '@gomeum/contracts';
import { describe, expect } from 'vitest';
import { operatorClient, TEST_OPERATOR } from '../../test/accounts.ts';
import { appTest, type AfterApp, type NewApp } from '../../test/app-test.ts';
import { loadConfig } from '../../config.ts';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Gomeum: a black cat."
    />
    <title>Gomeum</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** Every `<meta property|name=KEY content=VALUE>` of a page, in order. */
function metaTags(html: string): Array<[string, string]> {
  return [...html.matchAll(/<meta\s+(?:property|name)="([^"]+)"\s+content="([^"]*)"/g)].map((m) => [
    m[1] ?? '',
    m[2] ?? '',
  ]);
}
const tag = (html: string, key: string) => metaTags(html).find(([name]) => name === key)?.[1];

/** A built web app of the shell alone, removed once its app is closed. */
function webDistWithShell(after: AfterApp): string {
  const webDist = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'gomeum-web-'));
  after(() => fs.rmSync(webDist, { recursive: true, force: true }));
  fs.writeFileSync(path.join(webDist, 'index.html'), SHELL);
  return webDist;
}

/** A built web app: the shell, its version, a script, and a large script with its siblings. */
let webDist: string;
const it = appTest((after) => {
  webDist = webDistWithShell(after);
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'version.json'), JSON.stringify({ version: '2026-11-22-test' }));
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webDist, 'assets', 'sprite-abc123.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  // A build's precompressed siblings, and a source map that must never be served.
  const big = `export const stars = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `star-${i}`))};`;
  fs.writeFileSync(path.join(webDist, 'assets', 'big-def456.js'), big);
  fs.writeFileSync(path.join(webDist, 'assets', 'big-def456.js.br'), zlib.brotliCompressSync(big));
  fs.writeFileSync(path.join(webDist, 'assets', 'big-def456.js.gz'), zlib.gzipSync(big));
  fs.writeFileSync(path.join(webDist, 'assets', 'big-def456.js.map'), '{"version":3}');
  return { operator: TEST_OPERATOR, webDist };
});

describe('web app serving', () => {
  it.for([
    '/',
    '/register',
    '/galaxy',
    '/planet/moon',
    '/task/music',
    '/user-log',
    '/user-log/abc',
    '/gomeum-log',
    '/gomeum-log/food',
    '/gomeum-dashboard',
    '/update/42',
  ])('answers the page %s with the app shell', async (url, { t }) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers an unknown page with the app shell and a 404 status', async ({ t }) => {
    const response = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root">');
  });

  it('answers an unknown API path with a JSON 404', async ({ t }) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'errors.not_found', message: ERRORS['errors.not_found'].en } });
  });

  it('serves hashed assets with long-lived caching', async ({ t }) => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends a script of the build without the headers only a document reads, keeping nosniff', async ({ t }) => {
    const script = await t.app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-frame-options']).toBeUndefined();
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    // A page, the service worker (a worker reads its policy) and a drawing (an SVG opened alone is a document) keep them.
    for (const url of ['/', '/sw.js', '/assets/sprite-abc123.svg']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(String(response.headers['content-security-policy']), url).toContain("default-src 'self'");
    }
  });

  it('serves /version.json from the build, never cached', async ({ t }) => {
    const response = await t.app.inject({ method: 'GET', url: '/version.json' });
    expect(response.json()).toEqual({ version: '2026-11-22-test' });
    expect(response.headers['cache-control']).toMatch(/no-store/);
  });

  it('announces a web build deployed while the server runs, without a restart', async ({ t }) => {
    const file = path.join(webDist, 'version.json');
    fs.writeFileSync(file, JSON.stringify({ version: '2026-11-23-next' }));
    // A later modification time, as a real deployment has.
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(file, later, later);
    // Within a second: the build's files are looked at on disk once a second, not per request.
    const version = async () => (await t.app.inject({ method: 'GET', url: '/version.json' })).json<unknown>();
    await expect.poll(version, { timeout: 5_000, interval: 100 }).toEqual({ version: '2026-11-23-next' });
  });

  it('sends a strict Content-Security-Policy and nosniff', async ({ t }) => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends a precompressed asset as brotli or gzip by Accept-Encoding, and says it varies', async ({ t }) => {
    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-def456.js' });
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await t.app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('never serves a source map, even one left in the build folder', async ({ t }) => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/big-def456.js.map' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('"version":3');
  });

  it('compresses JSON replies of 1 KB and more, and leaves small ones alone', async ({ t }) => {
    const operator = await operatorClient(t);
    const long = 'A long diary entry about the stars. '.repeat(60);
    expect(
      (await operator.post('/api/operator/updates', { title: { en: 'Stars' }, content: { en: long } })).status,
    ).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/updates', headers: { 'accept-encoding': 'br, gzip' } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    expect(String(list.headers.vary)).toMatch(/accept-encoding/i);
    const body = JSON.parse(zlib.brotliDecompressSync(list.rawPayload).toString()) as { updates: unknown[] };
    expect(body.updates.length).toBeGreaterThan(0);

    const small = await t.app.inject({ method: 'GET', url: '/api/me', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toBeNull();
  });

  it.for([
    ['en', {}, 'Pick a planet', 'en_US', 'en'],
    ['zh', { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' }, '选一颗星球', 'zh_CN', 'zh-Hans'],
    ['ko', { 'accept-language': 'fr-FR, ko;q=0.7, en;q=0.3' }, '행성을 고르고', 'ko_KR', 'ko'],
  ] as const)('renders the home page share card in %s', async ([, headers, description, locale, htmlLang], { t }) => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(`<html lang="${htmlLang}"`);
    expect(tag(html, 'og:title')).toBe('Gomeum');
    expect(tag(html, 'og:description')).toContain(description);
    expect(tag(html, 'description')).toContain(description);
    expect(tag(html, 'og:locale')).toBe(locale);
    expect(tag(html, 'og:image')).toBe('http://localhost/icons/share-card.png');
    expect(tag(html, 'og:image:width')).toBe('1200');
    expect(tag(html, 'twitter:card')).toBe('summary_large_image');
    expect(tag(html, 'twitter:description')).toContain(description);
    expect(String(response.headers.vary)).toMatch(/accept-language/i);
    // One description only: the shell's own was replaced, not doubled.
    expect(metaTags(html).filter(([name]) => name === 'description')).toHaveLength(1);
  });

  it('renders an update page with the update title, text and language; ?lang= wins over Accept-Language', async ({
    t,
  }) => {
    const operator = await operatorClient(t);
    const created = await operator.post('/api/operator/updates', {
      title: { en: 'New moon <questions>', ko: '새 달 질문' },
      content: { en: '<p>Ask the moon &amp; <b>wait</b> for an answer.</p>', ko: '<p>달에게 물어보세요.</p>' },
    });
    const id = (created.body as { id: string }).id;

    const en = await t.app.inject({ method: 'GET', url: `/update/${id}`, headers: { 'accept-language': 'en' } });
    expect(en.statusCode).toBe(200);
    expect(tag(en.body, 'og:title')).toBe('New moon &lt;questions&gt; · Gomeum');
    expect(en.body).toContain('<title>New moon &lt;questions&gt; · Gomeum</title>');
    expect(tag(en.body, 'og:description')).toBe('Ask the moon &amp; wait for an answer.');
    expect(tag(en.body, 'og:type')).toBe('article');
    expect(tag(en.body, 'og:url')).toBe(`http://localhost/update/${id}`);
    expect(en.body).not.toContain('<questions>');

    const ko = await t.app.inject({
      method: 'GET',
      url: `/update/${id}?lang=ko`,
      headers: { 'accept-language': 'en' },
    });
    expect(tag(ko.body, 'og:title')).toBe('새 달 질문 · Gomeum');
    expect(tag(ko.body, 'twitter:title')).toBe('새 달 질문 · Gomeum');
    expect(tag(ko.body, 'og:description')).toBe('달에게 물어보세요.');
    expect(tag(ko.body, 'og:locale')).toBe('ko_KR');

    // No zh text: the English one, and the page is still the app.
    const zh = await t.app.inject({ method: 'GET', url: `/update/${id}?lang=zh` });
    expect(tag(zh.body, 'og:title')).toBe('New moon &lt;questions&gt; · Gomeum');
    expect(zh.body).toContain('<div id="root">');

    const missing = await t.app.inject({ method: 'GET', url: '/update/no-such-update' });
    expect(missing.statusCode).toBe(200);
    expect(tag(missing.body, 'og:title')).toBe('Gomeum');
  });
});

/** The `href` of every `<link rel="canonical">` of a page. */
const canonicals = (html: string) => [...html.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) => m[1]);

const withShell = appTest((after) => ({ operator: TEST_OPERATOR, webDist: webDistWithShell(after) }));

describe('a page address cannot rewrite the page', () => {
  // Every replacement pattern String.replace knows: $' (after), $` (before), $& (match), $$, $1, $<name>.
  withShell.for(["$'", '$`', '$&', '$$', '$1', '$<x>', "$'$`$&"])(
    'keeps the page whole for a path with %s',
    async (pattern, { t }) => {
      const response = await t.app.inject({ method: 'GET', url: `/nothing${pattern}` });
      expect(response.statusCode).toBe(404);
      const html = response.body;
      expect(html.match(/<div id="root"/g)).toHaveLength(1);
      expect(html.match(/<\/head>/g)).toHaveLength(1);
      expect(html.match(/<title>/g)).toHaveLength(1);
      // The path as sent, or as the client percent-encoded it (a backtick), and HTML-escaped.
      const urls = [`/nothing${pattern}`, encodeURI(`/nothing${pattern}`)].map((p) =>
        `http://localhost${p}`.replace(/&/g, '&amp;'),
      );
      expect(canonicals(html)).toHaveLength(1);
      expect(urls).toContain(canonicals(html)[0]);
      expect(urls).toContain(tag(html, 'og:url'));
    },
  );

  withShell("keeps the page whole when an update's title holds $ patterns", async ({ t }) => {
    const operator = await operatorClient(t);
    const created = await operator.post('/api/operator/updates', {
      title: { en: "Moon $' and $` and $&" },
      content: { en: "<p>Text $' $`</p>" },
    });
    const id = (created.body as { id: string }).id;
    const response = await t.app.inject({ method: 'GET', url: `/update/${id}` });
    expect(response.body.match(/<div id="root"/g)).toHaveLength(1);
    expect(response.body).toContain("<title>Moon $' and $` and $&amp; · Gomeum</title>");
    expect(tag(response.body, 'og:title')).toBe("Moon $' and $` and $&amp; · Gomeum");
    expect(tag(response.body, 'description')).toBe("Text $' $`");
  });
});

describe('canonical and share links name the public origin, never a forged Host', () => {
  it('uses PUBLIC_URL whatever Host and X-Forwarded-Host say', async ({ newApp }) => {
    const t = await newApp((after) => ({
      operator: TEST_OPERATOR,
      webDist: webDistWithShell(after),
      publicUrl: 'https://gomeum.example/',
    }));
    const response = await t.app.inject({
      method: 'GET',
      url: '/register',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(canonicals(response.body)).toEqual(['https://gomeum.example/register']);
    expect(tag(response.body, 'og:url')).toBe('https://gomeum.example/register');
    expect(tag(response.body, 'og:image')).toBe('https://gomeum.example/icons/share-card.png');
    expect(response.body).not.toContain('evil.example');
  });

  /** An app configured as `npm start` configures it: from the environment, no NODE_ENV, no PUBLIC_URL. */
  const startedLikeNpmStart = (newApp: NewApp) =>
    newApp((after) => {
      const dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'gomeum-data-'));
      after(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const fromEnv = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir });
      return { operator: TEST_OPERATOR, ...fromEnv, webDist: webDistWithShell(after) };
    });

  it('without PUBLIC_URL, whatever NODE_ENV, names no host the request chose', async ({ newApp }) => {
    const t = await startedLikeNpmStart(newApp);
    for (const host of ['evil.example', 'evil.example:3000', 'localhost@evil.example', 'localhost.evil.example']) {
      const response = await t.app.inject({ method: 'GET', url: '/register', headers: { host } });
      expect(response.statusCode).toBe(200);
      // No canonical link or og:url, which must be absolute; the picture is a path.
      expect(canonicals(response.body)).toEqual([]);
      expect(response.body).not.toContain('og:url');
      expect(tag(response.body, 'og:title')).toMatch(/Gomeum/);
      expect(tag(response.body, 'og:image')).toBe('/icons/share-card.png');
      expect(response.body).not.toContain('evil.example');
    }
  });

  it.for(['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST'])(
    'without PUBLIC_URL, a loopback Host keeps absolute links (%s)',
    async (host, { newApp }) => {
      const t = await startedLikeNpmStart(newApp);
      const response = await t.app.inject({ method: 'GET', url: '/register', headers: { host } });
      const origin = `http://${host.toLowerCase()}`;
      expect(canonicals(response.body)).toEqual([`${origin}/register`]);
      expect(tag(response.body, 'og:url')).toBe(`${origin}/register`);
      expect(tag(response.body, 'og:image')).toBe(`${origin}/icons/share-card.png`);
    },
  );
});
