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
    await page.goto('/');
    await page.waitForTimeout(1500);
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
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.reload();
    // The reload, then the one automatic reload; after that the page stays.
    await page.waitForFunction(() => sessionStorage.getItem('gomeum.version-reload') === 'a-newer-build');
    await page.waitForTimeout(2500);
    expect(loads).toBe(2);
    expect(versionRequests).toBe(2);
    expect(await page.evaluate(() => caches.has('gomeum-test-cache'))).toBe(false);
    await page.getByRole('link', { name: 'Enter the universe' }).waitFor();
    await context.close();
  });
});
