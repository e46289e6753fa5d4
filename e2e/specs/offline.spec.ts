import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer } from '../../scripts/built-server.mjs';
import { baseURL, launchBrowser, newSession, trackRequests } from '../support/browser.ts';
import { precacheOf } from '../support/precache.ts';

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Resolves once the service worker is active and controls the page. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 })
    .toBe('activated');
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A copy of the build (web/dist and its server render beside it), for a server of its own to serve. */
function copyOfBuild(): { webDist: string; remove: () => void } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-deployment-'));
  const webDist = path.join(folder, 'dist');
  fs.cpSync(path.join(ROOT, 'web/dist'), webDist, { recursive: true });
  fs.cpSync(path.join(ROOT, 'web/dist-ssr'), `${webDist}-ssr`, { recursive: true });
  return { webDist, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/** Every cached request of the page's origin, as `cache-name url`. */
function cacheEntries(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = await caches.keys();
    const entries = await Promise.all(
      names.map(async (name) => (await (await caches.open(name)).keys()).map((request) => `${name} ${request.url}`)),
    );
    return entries.flat().sort();
  });
}

/** The bodies of the reads the service worker keeps for offline use, joined. */
function keptReads(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const cache = await caches.open('gomeum-data-v1');
    const bodies = await Promise.all((await cache.keys()).map(async (key) => (await cache.match(key))?.text()));
    return bodies.join('\n');
  });
}

/** Asks the registration to look for a new worker and resolves with where that worker ends: `activated` or `redundant`. */
function updateOutcome(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) throw new Error('no registration');
    const found = new Promise<ServiceWorker>((resolve) => {
      registration.addEventListener('updatefound', () => {
        if (registration.installing) resolve(registration.installing);
      });
      // The browser looks for a new worker by itself after a navigation: on a slow machine its
      // look can come after the new build is in place, and the new worker be installing already.
      if (registration.installing) resolve(registration.installing);
    });
    // Stuck: say where, rather than leave the test to time out with nothing to read.
    const states = () =>
      [registration.installing, registration.waiting, registration.active].map((worker) => worker?.state ?? 'none');
    const stuck = (what: string) =>
      new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error(`${what} after 60 s (installing, waiting, active: ${states().join(', ')})`)),
          60_000,
        ),
      );
    await registration.update();
    const worker = await Promise.race([found, stuck('no new worker')]);
    const outcome = new Promise<string>((resolve) => {
      const settled = () => {
        if (worker.state === 'redundant' || worker.state === 'activated') resolve(worker.state);
      };
      worker.addEventListener('statechange', settled);
      settled();
    });
    return Promise.race([outcome, stuck(`the new worker still ${worker.state}`)]);
  });
}

interface WebManifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  description_localized?: Record<string, string>;
  icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
  shortcuts?: unknown[];
}

describe('installable and usable offline', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('links a valid manifest whose icons load, and sends the build compressed', async () => {
    const { context, page } = await newSession(browser);
    const requests = trackRequests(page);
    const encodings = new Map<string, string>();
    page.on('response', (response) => {
      if (response.url().includes('/assets/') && response.url().endsWith('.js')) {
        encodings.set(response.url(), response.headers()['content-encoding'] ?? 'none');
      }
    });
    await page.goto('/');
    await page.getByRole('link', { name: 'Enter the universe' }).waitFor();
    // (The page comes rendered; the app's scripts follow its first paint.)
    // Every script of the page came precompressed (Chromium accepts brotli).
    await expect.poll(() => encodings.size).toBeGreaterThan(3);
    await requests.settled();
    expect([...new Set(encodings.values())]).toEqual(['br']);

    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await page.request.get(href ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/application\/manifest\+json/);
    const manifest = (await response.json()) as WebManifest;
    expect(manifest).toMatchObject({
      name: 'Gomeum',
      short_name: 'Gomeum',
      start_url: '/?source=app',
      display: 'standalone',
      theme_color: '#0b1026',
      background_color: '#0b1026',
    });
    expect(Object.keys(manifest.description_localized ?? {}).sort()).toEqual(['en', 'ko', 'zh']);
    // The users' app: no shortcut into the operator's dashboard (that is the operator's own app's).
    expect(manifest.shortcuts).toBeUndefined();

    const wanted = [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ];
    for (const [sizes, purpose] of wanted) {
      const icon = manifest.icons.find((entry) => entry.sizes === sizes && (entry.purpose ?? 'any') === purpose);
      expect(icon, `${sizes} ${purpose ?? ''}`).toBeDefined();
      const image = await page.request.get(icon?.src ?? '');
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      const [width, height] = (sizes ?? '').split('x').map(Number);
      expect(pngSize(await image.body())).toEqual({ width, height });
    }
    const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect(pngSize(await (await page.request.get(apple ?? '')).body())).toEqual({ width: 180, height: 180 });
    await context.close();
  });

  it('reopens a page offline with its last-read data and says a write needs the network', async () => {
    const { context, page } = await newSession(browser);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto('/register');
    await page.getByRole('button', { name: 'Enter as a guest' }).click();
    await page.waitForURL('**/galaxy');
    await waitForServiceWorker(page);

    // Online: set and confirm a task on the music planet.
    await page.goto('/task/music');
    await page.getByLabel('Description').fill('Play scales every morning');
    await page.getByLabel('Reward').fill('A new record');
    await page.getByRole('button', { name: 'Confirm Task' }).click();
    const yourTask = page.getByRole('region', { name: 'Your task' });
    await yourTask.locator('dd', { hasText: 'A new record' }).waitFor();
    await page.getByText('No proofs yet.', { exact: false }).waitFor();
    expect(consoleErrors).toEqual([]);
    // The service worker keeps the read it answered after the page has it: wait for the task in its cache.
    await expect.poll(() => keptReads(page), { timeout: 15_000 }).toContain('Play scales every morning');

    // The network goes away; the page opens again from the service worker, with the user's task.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('region', { name: 'Your task' }).getByText('Play scales every morning').waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // A write says, in the reader's language, that it needs the network.
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const form = page.getByRole('form', { name: 'Proof' });
    await form.getByLabel('Proof title').fill('Scales');
    await form.getByLabel('What did you do?').fill('C major, twice.');
    await form.getByRole('button', { name: 'Send proof' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: "You're offline — this will work again once you're back online." })
      .waitFor();

    // The chat says it is reconnecting, not that something broke.
    await page.getByRole('button', { name: 'Chat with Gomeum' }).click();
    await page.getByText('Reconnecting…').waitFor();
    await page.getByRole('button', { name: 'Close' }).click();

    // In Korean too (its strings were precached): en → zh → ko, then send again.
    await page.locator('.language-control').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-Hans');
    await page.locator('.language-control').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ko');
    await page.locator('.proof-form button[type="submit"]').click();
    await page.getByRole('alert').filter({ hasText: '지금 오프라인이에요. 다시 연결되면 이용할 수 있어요.' }).waitFor();

    await context.setOffline(false);
    await context.close();
  });

  it('keeps the worker in control and the app offline when an update fails to precache', async () => {
    // A deployment of its own (a copy of the build, served by a server of its own), so a new
    // build can be put in its place.
    const deployment = copyOfBuild();
    const server = await startBuiltServer({
      env: { WEB_DIST: deployment.webDist, DATABASE_URL: undefined, REDIS_URL: undefined, GUEST_RATE_LIMIT: '1000' },
    });
    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'en-US',
      viewport: { width: 1280, height: 800 },
    });
    try {
      const page = await context.newPage();
      await page.goto('/register');
      await page.getByRole('button', { name: 'Enter as a guest' }).click();
      await page.waitForURL('**/galaxy');
      await waitForServiceWorker(page);
      await page.goto('/task/music');
      await page.getByLabel('Description').fill('Practise the cello');
      await page.getByLabel('Reward').fill('A concert ticket');
      await page.getByRole('button', { name: 'Confirm Task' }).click();
      await page.getByRole('region', { name: 'Your task' }).locator('dd', { hasText: 'A concert ticket' }).waitFor();
      await expect.poll(() => keptReads(page), { timeout: 15_000 }).toContain('Practise the cello');
      const before = await cacheEntries(page);
      expect(before.some((entry) => entry.includes('/favicon.svg?__WB_REVISION__='))).toBe(true);

      // The next build: one of its precached files changed, and that file answers 500 while the
      // update installs (a flaky network, a server mid-deploy).
      const swFile = path.join(deployment.webDist, 'sw.js');
      const current = fs.readFileSync(swFile, 'utf8');
      const favicon = precacheOf(current).find((entry) => entry.url === '/favicon.svg');
      expect(favicon?.revision).toBeTruthy();
      const changed = { revision: 'f'.repeat(32), url: '/favicon.svg' };
      fs.writeFileSync(swFile, current.replace(JSON.stringify(favicon), JSON.stringify(changed)));
      for (const copy of ['sw.js.br', 'sw.js.gz']) fs.rmSync(path.join(deployment.webDist, copy), { force: true });
      let refused = 0;
      await context.route('**/favicon.svg', (route) => {
        refused += 1;
        return route.fulfill({ status: 500, body: 'unavailable' });
      });

      // The update is found, installs, fails its precache and is dropped.
      expect(await updateOutcome(page)).toBe('redundant');
      expect(refused).toBeGreaterThan(0);
      // The worker in control is the one from before, with everything it had kept.
      expect(
        await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return [navigator.serviceWorker.controller?.state, registration?.active?.state, registration?.waiting];
        }),
      ).toEqual(['activated', 'activated', null]);
      const after = await cacheEntries(page);
      expect(before.filter((entry) => !after.includes(entry))).toEqual([]);

      // Offline, the page opens again from it, with the user's task.
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('region', { name: 'Your task' }).getByText('Practise the cello').waitFor();
    } finally {
      await context.close();
      await server.stop();
      deployment.remove();
    }
  });

  it('serves the app shell and the share card to a crawler, not a source map', async () => {
    const response = await fetch(`${baseURL()}/`, { headers: { 'accept-language': 'ko-KR,ko;q=0.9' } });
    const html = await response.text();
    expect(html).toContain('<meta property="og:locale" content="ko_KR" />');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    // The page comes rendered, in the reader's language (a first visit: their Accept-Language).
    expect(html).toContain('<div id="root" data-rendered="ko">');
    // Its app entry, which hydrates the rendered page.
    const script = /<script type="module" crossorigin src="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1] ?? '';
    expect(script).not.toBe('');
    expect((await fetch(`${baseURL()}${script}.map`)).status).toBe(404);
  });
  it('asks whether a page of proofs changed, and is told it has not without the page (304)', async () => {
    // The page's own reads, watched on the wire (the service worker, blocked here, reads through the same cache).
    const context = await browser.newContext({ baseURL: baseURL(), serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      expect((await page.request.post('/api/auth/guest')).status()).toBe(200);
      const task = { description: 'Read a chapter', reward: 'Tea' };
      expect((await page.request.put('/api/planets/manga/task', { data: task })).status()).toBe(200);
      const proof = { date: '2026-11-28', title: 'Chapter one', content: 'Read it on the bus' };
      expect((await page.request.post('/api/planets/manga/logs', { multipart: proof })).status()).toBe(200);
      await page.goto('/galaxy');

      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const logsRequests = new Set<string>();
      const wire: number[] = [];
      cdp.on('Network.requestWillBeSent', (event) => {
        if (event.request.url.endsWith('/api/planets/manga/logs')) logsRequests.add(event.requestId);
      });
      cdp.on('Network.responseReceivedExtraInfo', (event) => {
        if (logsRequests.has(event.requestId)) wire.push(event.statusCode);
      });
      const read = () =>
        page.evaluate(async () => {
          const response = await fetch('/api/planets/manga/logs', { headers: { accept: 'application/json' } });
          const body = (await response.json()) as { items: { title: string }[] };
          return { status: response.status, titles: body.items.map((item) => item.title) };
        });

      expect(await read()).toEqual({ status: 200, titles: ['Chapter one'] });
      // DevTools reports a response's wire status a moment after the page has it: wait up to 10 s.
      await expect.poll(() => wire, { timeout: 10_000 }).toEqual([200]);
      // Read again: the browser asks with the page's tag, the server says 304, the app still gets the page.
      // Chromium writes a reply into its cache in the background, so a read right after the first may
      // find nothing to ask about yet and fetch the page whole: read until the question is asked.
      await expect
        .poll(async () => {
          expect(await read()).toEqual({ status: 200, titles: ['Chapter one'] });
          return wire.at(-1);
        })
        .toBe(304);
      expect(wire.every((status) => status === 200 || status === 304)).toBe(true);
      // A new proof: the next read brings the changed page.
      const before = wire.length;
      const next = { ...proof, title: 'Chapter two' };
      expect((await page.request.post('/api/planets/manga/logs', { multipart: next })).status()).toBe(200);
      expect(await read()).toEqual({ status: 200, titles: ['Chapter two', 'Chapter one'] });
      await expect.poll(() => wire.slice(before), { timeout: 10_000 }).toEqual([200]);
    } finally {
      await context.close();
    }
  });
});
