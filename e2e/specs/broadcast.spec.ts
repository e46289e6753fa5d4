import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { enterAsGuestWithLive, launchBrowser, newSession } from '../support/browser.ts';

describe('broadcasts', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('appear at once in an open tab, and open the home popup', async () => {
    const user = await newSession(browser);
    await enterAsGuestWithLive(user.page);

    const operator = await newSession(browser);
    expect((await operator.page.request.post('/api/auth/login', { data: inject('operator') })).status()).toBe(200);
    const sent = await operator.page.request.post('/api/operator/notifications', {
      data: { title: 'Meteor night', message: 'Look up at nine!' },
    });
    expect(sent.status()).toBe(200);

    const toast = user.page.getByRole('article', { name: 'Meteor night' });
    await toast.waitFor({ timeout: 10_000 });
    await toast.getByText('Look up at nine!').waitFor();
    await toast.getByRole('link').click();
    await user.page.getByRole('dialog', { name: 'Meteor night' }).waitFor();
    await user.context.close();
    await operator.context.close();
  });

  it('a new Gomeum log is announced in the chat of an open tab of a user of that planet', async () => {
    const user = await newSession(browser);
    await enterAsGuestWithLive(user.page);
    // A planet's log is announced to its users: this one has a confirmed task on drama.
    const task = { description: 'Watch one episode a week', reward: 'Popcorn' };
    expect((await user.page.request.put('/api/planets/drama/task', { data: task })).status()).toBe(200);
    // Read the welcome first, so only the announcement is new.
    await user.page.getByRole('button', { name: /Chat with Gomeum/ }).click();
    const panel = user.page.getByRole('dialog', { name: 'Chat with Gomeum' });
    await panel.getByRole('button', { name: 'Close' }).click();

    const operator = await newSession(browser);
    expect((await operator.page.request.post('/api/auth/login', { data: inject('operator') })).status()).toBe(200);
    const published = await operator.page.request.post('/api/operator/gomeum-logs/drama', {
      multipart: { content: 'Watched the season finale with a blanket over my ears.' },
    });
    expect(published.status()).toBe(200);

    await user.page.getByRole('button', { name: 'Chat with Gomeum (1 unread)' }).click();
    expect(await panel.locator('a[href="/gomeum-log/drama"]').count()).toBe(1);
    await user.context.close();
    await operator.context.close();
  });
});
