import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseURL,
  launchBrowser,
  markHydrated,
  newSession,
  registerThroughForm,
  uniqueEmail,
} from '../support/browser.ts';

describe('push notifications', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser({ notifications: true });
  });
  afterAll(async () => {
    await browser.close();
  });

  it('never asks over the first screens after sign-up; asks after the first proof, and remembers "not now"', async () => {
    const { context, page } = await newSession(browser);
    await markHydrated(context);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/register');
    await registerThroughForm(page, uniqueEmail('push-ask'));
    const question = page.getByRole('region', { name: 'Want to know when Gomeum reacts?' });
    // The galaxy, then the task form: nothing asked (each page is hydrated by then).
    await page.getByRole('heading', { name: 'Choose your planet' }).waitFor();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(await page.locator('.push-offer').count()).toBe(0);
    await page.goto('/task/music');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByLabel('Description').fill('Learn one song on the ukulele');
    await page.getByLabel('Reward').fill('New strings');
    await page.getByLabel('Proofs to finish').fill('3');
    await page.getByRole('button', { name: 'Confirm Task' }).click();
    expect(await page.locator('.push-offer').count()).toBe(0);

    // The first proof: now the question means something, and it sits in the page, below the notice.
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const form = page.getByRole('form', { name: 'Proof' });
    await form.getByLabel('Proof title').fill('First chords');
    await form.getByLabel('What did you do?').fill('C, G, Am and F, slowly.');
    await form.getByRole('button', { name: 'Send proof' }).click();
    await page.getByText('Task submitted successfully!').waitFor();
    await question.waitFor();
    expect(await question.evaluate((element) => getComputedStyle(element).position)).toBe('static');
    await question.getByRole('button', { name: 'Not now' }).click();
    await question.waitFor({ state: 'detached' });

    // Remembered: the next proof asks nothing.
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await form.getByLabel('Proof title').fill('Second song');
    await form.getByLabel('What did you do?').fill('Played it through once.');
    await form.getByRole('button', { name: 'Send proof' }).click();
    await page.getByRole('region', { name: 'Your log' }).getByRole('heading', { name: 'Second song' }).waitFor();
    expect(await page.locator('.push-offer').count()).toBe(0);
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
    expect(await page.locator('.push-offer').count()).toBe(0);
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
    // (Minified: the quotes are the minifier's.)
    expect(await response.text()).toMatch(/addEventListener\([`'"]push[`'"]/);
    expect(await response.text()).toMatch(/addEventListener\([`'"]notificationclick[`'"]/);
    await context.close();
  });
});
