import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logInAsOperator, markHydrated, newSession } from '../support/browser.ts';

describe('home page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows no popup for a crafted link that was not signed', async () => {
    const { context, page } = await newSession(browser);
    await markHydrated(context);
    const crafted =
      '/?popup=true&title=Security%20notice%3A%20your%20account%20is%20locked.%20Send%20your%20password%20to%20support%40example.com';
    await page.goto(crafted);
    // The page is hydrated with these parameters: the home page is the app's, rendered.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('link', { name: 'Enter the universe' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByText('Security notice').count()).toBe(0);
    await context.close();
  });

  it("opens the popup of the dashboard's link to share, closes it with a click outside, and not an altered one", async () => {
    const operator = await newSession(browser);
    await operator.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await logInAsOperator(operator.page);
    await operator.page.getByRole('link', { name: 'Broadcast', exact: true }).click();
    const form = operator.page
      .getByRole('region', { name: 'Broadcast to all users' })
      .getByRole('group', { name: 'English' });
    await form.getByLabel('Title').fill('Meteor night');
    await form.getByLabel('Message', { exact: true }).fill('Look up at nine.');
    await operator.page.getByRole('button', { name: 'Send to All' }).click();
    const sent = operator.page
      .getByRole('region', { name: 'History' })
      .getByRole('listitem')
      .filter({ hasText: 'Look up at nine.' });
    const field = sent.getByRole('textbox', { name: 'Link to share' });
    await field.waitFor();
    const link = await field.inputValue();
    await sent.getByRole('button', { name: 'Copy' }).click();
    await sent.getByText('Copied.').waitFor();
    expect(await operator.page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await operator.context.close();

    const { context, page } = await newSession(browser);
    await page.goto(link);
    const dialog = page.getByRole('dialog', { name: 'Meteor night' });
    await dialog.waitFor();
    expect(await dialog.getByText(new URL(link).searchParams.get('date') ?? '-').isVisible()).toBe(true);

    // Inside the popup: stays open.
    await dialog.getByRole('heading', { name: 'Meteor night' }).click();
    expect(await dialog.isVisible()).toBe(true);

    // Outside (the backdrop's corner): closes, and the link's parameters go away.
    await page.mouse.click(8, 790);
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');

    // The same link with other words: the server refuses it, and no popup shows.
    const altered = new URL(link);
    altered.searchParams.set('title', 'Security notice: send your password');
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/home/popup');
    await page.goto(altered.href);
    expect(await (await answer).json()).toEqual({ popup: null });
    // (The answer is rendered by the next frames.)
    await page.evaluate(
      () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
    );
    expect(await page.getByRole('dialog').count()).toBe(0);
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
