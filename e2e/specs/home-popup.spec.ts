import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newSession } from '../support/browser.ts';

describe('home page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('opens the broadcast popup from the link and closes it with a click outside', async () => {
    const { context, page } = await newSession(browser);
    await page.goto('/?popup=true&title=Meteor%20night&date=2026-11-22&image=%2Ffavicon.svg');
    const dialog = page.getByRole('dialog', { name: 'Meteor night' });
    await dialog.waitFor();
    expect(await dialog.getByText('2026-11-22').isVisible()).toBe(true);
    expect(await dialog.getByRole('img', { name: 'Meteor night' }).getAttribute('src')).toBe('/favicon.svg');

    // Inside the popup: stays open.
    await dialog.getByRole('heading', { name: 'Meteor night' }).click();
    expect(await dialog.isVisible()).toBe(true);

    // Outside (the backdrop's corner): closes, and the link's parameters go away.
    await page.mouse.click(8, 790);
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it('draws one of the seven skies and offers the way in', async () => {
    const { context, page } = await newSession(browser);
    const seen = new Set<string>();
    for (let i = 0; i < 12; i += 1) {
      await page.goto('/');
      seen.add((await page.locator('main[data-scene]').getAttribute('data-scene')) ?? '');
    }
    for (const scene of seen) {
      expect(['dawn', 'aurora', 'nebula', 'eclipse', 'meteor-shower', 'planet-rise', 'quiet-night']).toContain(scene);
    }
    expect(seen.size).toBeGreaterThan(1);
    await page.getByRole('link', { name: 'Enter the universe' }).click();
    await page.waitForURL('**/register');
    await context.close();
  });
});
