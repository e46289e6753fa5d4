import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  liveReady,
  logInAsOperator,
  newSession,
  registerThroughForm,
  uniqueEmail,
} from '../support/browser.ts';
import { violations } from '../support/axe.ts';

// A small coral PNG, for the proof's photo.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAO0lEQVRIie3VwQkAMAwCwA7qJC5vx2gfB/kHgvHOmidzLK5TT7jinapApjIDiWIxWCwWh8VgsVjcVyxeL/WW6VdGLmkAAAAASUVORK5CYII=',
  'base64',
);

describe('Gomeum reacts to proofs', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('the operator replies to a proof from the queue, and the user sees the reaction arrive live', async () => {
    // The operator is on the dashboard (so online: the AI leaves the proof to them).
    const gomeum = await newSession(browser);
    await logInAsOperator(gomeum.page);
    await gomeum.page.getByRole('link', { name: /^Proofs/ }).click();
    await gomeum.page.getByRole('heading', { name: 'Proofs waiting for Gomeum' }).waitFor();
    await expect
      .poll(
        async () =>
          ((await (await gomeum.page.request.get('/api/operator/presence')).json()) as { online: boolean }).online,
      )
      .toBe(true);

    // A user with a task sends a proof with a photo, and keeps the task screen open.
    const user = await newSession(browser);
    await user.page.goto('/register');
    await registerThroughForm(user.page, uniqueEmail('reacted'));
    expect(
      (
        await user.page.request.put('/api/planets/food/task', {
          data: { description: 'Cook a new soup', reward: 'Cake' },
        })
      ).status(),
    ).toBe(200);
    const title = `Pumpkin soup ${Date.now()}`;
    const sent = await user.page.request.post('/api/planets/food/logs', {
      multipart: {
        date: '2026-11-24',
        title,
        content: 'Roasted the pumpkin first, then blended it with ginger.',
        image: { name: 'soup.png', mimeType: 'image/png', buffer: PNG },
      },
    });
    expect(sent.status()).toBe(200);
    const ready = liveReady(user.page);
    await user.page.goto('/task/food');
    await ready;
    const entry = user.page.locator('.log-entry', { hasText: title });
    await entry.waitFor();
    expect(await entry.locator('.proof-reaction').count()).toBe(0);

    // The proof arrives in the operator's queue, with its photo, and the operator replies from the keyboard.
    const card = gomeum.page.getByRole('listitem').filter({ has: gomeum.page.getByRole('heading', { name: title }) });
    await card.waitFor();
    await card.getByRole('img', { name: `Photo of the proof “${title}”` }).waitFor();
    // (Shown is not loaded: the card's photo loads lazily, after the element is on screen.)
    await expect
      .poll(() => card.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    // The queue passes axe-core, on a desktop and on a phone, and fits a 360 px screen.
    expect(await violations(gomeum.page)).toEqual([]);
    await gomeum.page.setViewportSize({ width: 360, height: 740 });
    expect(await violations(gomeum.page)).toEqual([]);
    expect(await card.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(360);
    const box = card.getByRole('textbox', { name: `Reply to “${title}” as Gomeum` });
    await box.focus();
    await gomeum.page.keyboard.type('Purr! Ginger and pumpkin, what a warm idea.');
    await gomeum.page.keyboard.press('Tab');
    await gomeum.page.keyboard.press('Enter');
    await card.waitFor({ state: 'detached' });

    // The user's open task screen shows it under the proof, with Gomeum, without a reload.
    const reaction = entry.locator('.proof-reaction[data-sender="gomeum"]');
    await reaction.getByText('Purr! Ginger and pumpkin, what a warm idea.').waitFor();
    expect(await reaction.textContent()).toContain('Gomeum');
    expect(await reaction.locator('svg').count()).toBeGreaterThan(0);
    expect(await violations(user.page)).toEqual([]);

    // And it stays there after a reload.
    await user.page.reload();
    await user.page
      .locator('.log-entry', { hasText: title })
      .locator('.proof-reaction')
      .getByText('what a warm idea')
      .waitFor();

    await user.context.close();
    await gomeum.context.close();
  }, 120_000);
});
