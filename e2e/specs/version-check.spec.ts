import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newSession } from '../support/browser.ts';

describe('version check', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('stays put when the server runs the same build', async () => {
    const { context, page } = await newSession(browser);
    let loads = 0;
    page.on('load', () => (loads += 1));
    const checked = page.waitForResponse((response) => new URL(response.url()).pathname === '/version.json');
    await page.goto('/');
    expect((await checked).status()).toBe(200);
    // The service worker registers only after a check that did not reload the page: once it is
    // ready, the check is over and the page was not reloaded.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toMatch(
      /\/sw\.js$/,
    );
    expect(loads).toBe(1);
    expect(await page.evaluate(() => sessionStorage.getItem('gomeum.version-reload'))).toBeNull();
    await context.close();
  });

  it('clears the caches and reloads once when /version.json changes, without looping', async () => {
    const { context, page } = await newSession(browser);
    await page.goto('/');
    // Something in the caches the reload must clear.
    await page.evaluate(async () => {
      const cache = await caches.open('gomeum-test-cache');
      await cache.put('/stale', new Response('old'));
    });

    let versionRequests = 0;
    await page.route('**/version.json', async (route) => {
      versionRequests += 1;
      await route.fulfill({ json: { version: 'a-newer-build' }, headers: { 'cache-control': 'no-store' } });
    });
    // Documents committed in the main frame: the first reloaded page may reload itself before its
    // own load event, so loads are not counted.
    let documents = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) documents += 1;
    });
    // The second page's check finds that it already reloaded for this build, says so, and stays.
    const stayed = page.waitForEvent('console', {
      predicate: (message) => message.text().includes('after reloading for a-newer-build'),
    });
    await page.reload();
    // The reload, then the one automatic reload; after that the page stays.
    await stayed;
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => sessionStorage.getItem('gomeum.version-reload'))).toBe('a-newer-build');
    expect(documents).toBe(2);
    expect(versionRequests).toBe(2);
    expect(await page.evaluate(() => caches.has('gomeum-test-cache'))).toBe(false);
    await page.getByRole('link', { name: 'Enter the universe' }).waitFor();
    await context.close();
  });
});
