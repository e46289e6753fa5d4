import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, markTakenOver, newSession } from '../support/browser.ts';

describe('push notifications', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('asks only after sign-in, and remembers "not now"', async () => {
    const { context, page } = await newSession(browser);
    await markTakenOver(context);
    await page.goto('/');
    await page.getByRole('link', { name: 'Enter the universe' }).waitFor();
    expect(await page.getByRole('complementary', { name: 'Hear from Gomeum?' }).count()).toBe(0);

    await page.goto('/register');
    await page.getByRole('button', { name: 'Enter as a guest' }).click();
    await page.waitForURL('**/galaxy');
    const prompt = page.getByRole('complementary', { name: 'Hear from Gomeum?' });
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await prompt.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('heading', { name: 'Choose your planet' }).waitFor();
    // The prompt renders as the app takes the page over, knowing who is signed in: once it has.
    await page.locator('html[data-taken-over]').waitFor({ state: 'attached' });
    expect(await prompt.count()).toBe(0);
    await context.close();
  });

  it('with permission granted, registers the service worker and tries to subscribe without bothering the user', async () => {
    const { context, page } = await newSession(browser);
    await context.grantPermissions(['notifications'], { origin: baseURL() });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto('/register');
    await page.getByRole('button', { name: 'Enter as a guest' }).click();
    await page.waitForURL('**/galaxy');
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return {
        permission: Notification.permission,
        script: registration.active?.scriptURL ?? '',
        key: await fetch('/api/push/key').then((r) => r.json() as Promise<{ publicKey: string }>),
      };
    });
    expect(state.permission).toBe('granted');
    expect(new URL(state.script).pathname).toBe('/sw.js');
    expect(state.key.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(await page.getByRole('complementary', { name: 'Hear from Gomeum?' }).count()).toBe(0);
    // Headless Chromium has no push service: the attempt fails quietly (logged, nothing shown).
    await expect.poll(() => warnings.some((text) => text.startsWith('push subscription not saved'))).toBe(true);
    await context.close();
  });

  it('serves the service worker uncached at the root scope', async () => {
    const { context, page } = await newSession(browser);
    const response = await page.request.get('/sw.js');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/javascript/);
    expect(response.headers()['cache-control']).toBe('no-cache');
    expect(await response.text()).toContain("addEventListener('push'");
    await context.close();
  });
});
