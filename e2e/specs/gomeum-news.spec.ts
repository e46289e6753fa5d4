import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violations } from '../support/axe.ts';
import {
  TEST_PASSWORD,
  launchBrowser,
  liveReady,
  logInAsOperator,
  newSession,
  uniqueEmail,
} from '../support/browser.ts';
import { liveFrames } from '../support/live-frames.ts';

/** Registers a new user in this context (its cookies) and confirms a task on each planet given. */
async function newUser(browser: Browser, planets: string[]): Promise<{ context: BrowserContext; page: Page }> {
  const session = await newSession(browser);
  const registered = await session.page.request.post('/api/auth/register', {
    data: { email: uniqueEmail('news'), password: TEST_PASSWORD },
  });
  expect(registered.status()).toBe(200);
  for (const planet of planets) {
    const task = await session.page.request.put(`/api/planets/${planet}/task`, {
      data: { description: `Something on ${planet}`, reward: 'Cake' },
    });
    expect(task.status()).toBe(200);
  }
  return session;
}

/** The operator on the dashboard, online (so the AI leaves proofs to them). */
async function operatorOnline(browser: Browser) {
  const gomeum = await newSession(browser);
  await logInAsOperator(gomeum.page);
  await expect
    .poll(
      async () =>
        ((await (await gomeum.page.request.get('/api/operator/presence')).json()) as { online: boolean }).online,
    )
    .toBe(true);
  return gomeum;
}

/** Marks the document, so a test can tell it was never reloaded. */
const markDocument = (page: Page) => page.evaluate(() => document.documentElement.setAttribute('data-same-page', ''));
const sameDocument = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-same-page'));

describe('Gomeum’s news, live and to the right people', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a log Gomeum writes, corrects or deletes shows on the open task and log pages without a reload', async () => {
    const gomeum = await newSession(browser);
    await logInAsOperator(gomeum.page);
    const user = await newUser(browser, ['movie']);
    const ready = liveReady(user.page);
    await user.page.goto('/task/movie');
    await ready;
    const gomeumLog = user.page.locator('section[aria-labelledby="gomeum-log-title"]');
    await gomeumLog.getByText("Gomeum hasn't written anything here yet.").waitFor();
    await markDocument(user.page);

    // Gomeum writes in a second browser; the user's open task page shows it.
    const text = `Watched a silent film ${Date.now()}`;
    const written = await gomeum.page.request.post('/api/operator/gomeum-logs/movie', { multipart: { content: text } });
    expect(written.status()).toBe(200);
    const { id } = (await written.json()) as { id: string };
    await gomeumLog.getByText(text).waitFor();
    expect(await gomeumLog.getByText("Gomeum hasn't written anything here yet.").count()).toBe(0);

    // A correction replaces the text.
    const corrected = `${text}, with live music`;
    const edit = await gomeum.page.request.put(`/api/operator/gomeum-logs/movie/${id}`, {
      data: { content: corrected },
    });
    expect(edit.status()).toBe(200);
    await user.page.getByText(corrected).waitFor();

    // On the full log page (opened by its link, the app's own navigation), a deletion takes it away.
    await user.page.getByRole('link', { name: "See Gomeum's full log" }).click();
    await user.page.waitForURL('**/gomeum-log/movie');
    await user.page.getByText(corrected).waitFor();
    const removed = await gomeum.page.request.delete(`/api/operator/gomeum-logs/movie/${id}`);
    expect(removed.status()).toBe(200);
    await user.page.getByText(corrected).waitFor({ state: 'detached' });
    expect(await sameDocument(user.page)).toBe(true);

    await user.context.close();
    await gomeum.context.close();
  });

  it('a reaction marks its planet on the galaxy and arrives in the chat; a log reaches only its planet’s users', async () => {
    const gomeum = await operatorOnline(browser);
    // Ava has tasks on Game and Travel; Ben has none.
    const ava = await newUser(browser, ['game', 'travel']);
    const ben = await newUser(browser, []);
    const sent = await ava.page.request.post('/api/planets/game/logs', {
      multipart: { date: '2026-11-24', title: 'Level 3', content: 'Beat level three without a hint.' },
    });
    expect(sent.status()).toBe(200);
    const proof = ((await sent.json()) as { log: { id: string } }).log.id;
    const avaFrames = liveFrames(ava.page);
    const benFrames = liveFrames(ben.page);
    for (const { page } of [ava, ben]) {
      const ready = liveReady(page);
      await page.goto('/galaxy');
      await ready;
      await markDocument(page);
    }
    const gameOnGalaxy = ava.page.locator('a[data-planet="game"]');
    expect(await gameOnGalaxy.getByTestId('galaxy-reacted').count()).toBe(0);

    // Gomeum reacts: Ava's galaxy marks Game, with words for screen readers.
    const reply = 'Purr! Level three, and no hint at all.';
    const reacted = await gomeum.page.request.post(`/api/operator/proofs/${proof}/reaction`, {
      data: { content: reply },
    });
    expect(reacted.status()).toBe(200);
    const mark = gameOnGalaxy.getByTestId('galaxy-reacted');
    await mark.waitFor();
    expect(await mark.textContent()).toContain('Gomeum reacted to your proof');

    // And in her chat, with a way to the task.
    await ava.page.getByRole('button', { name: 'Chat with Gomeum' }).click();
    const message = ava.page.locator('.chat-message[data-kind="reaction"]', { hasText: reply });
    await message.waitFor();
    expect(await message.textContent()).toContain('Gomeum reacted to your proof');
    expect(await violations(ava.page)).toEqual([]);
    expect(await sameDocument(ava.page)).toBe(true);

    // Gomeum writes a log on Travel: Ava, who has a task there, hears of it in her chat ...
    const text = `Took the night train ${Date.now()}`;
    const written = await gomeum.page.request.post('/api/operator/gomeum-logs/travel', {
      multipart: { content: text },
    });
    expect(written.status()).toBe(200);
    await ava.page.locator('.chat-message--announcement', { hasText: 'Travel' }).waitFor();
    // ... Ben, who has none, is not told: his tab heard the log, resynced its chat, and the answer to
    // that resync (after which nothing more about it comes) holds no announcement.
    const published = await benFrames.next((f) => f.type === 'gomeum_log.published' && f.event.planet === 'travel');
    const resynced = await benFrames.next((f) => f.type === 'chat.history', published);
    const afterLog = benFrames.frames.slice(published);
    expect(resynced).toBeGreaterThan(published);
    expect(JSON.stringify(afterLog)).not.toContain('"announcement"');
    await ben.page.getByRole('button', { name: 'Chat with Gomeum' }).click();
    await ben.page.locator('.chat-message').first().waitFor();
    expect(await ben.page.locator('.chat-message--announcement').count()).toBe(0);
    // (Ava's own tab heard the same events, in the same order.)
    expect(avaFrames.frames.some((f) => f.type === 'proof.reaction')).toBe(true);
    expect(benFrames.frames.some((f) => f.type === 'proof.reaction')).toBe(false);

    // Opening the task from the chat takes the mark away.
    const seen = ava.page.waitForResponse((r) => r.url().endsWith('/api/planets/game/seen') && r.ok());
    await message.getByRole('link', { name: 'Open your Game task' }).click();
    await ava.page.waitForURL('**/task/game');
    await ava.page.locator('.proof-reaction').getByText(reply).waitFor();
    await seen;
    await ava.page.goto('/galaxy');
    await ava.page.locator('a[data-planet="game"] .galaxy__state').waitFor();
    expect(await ava.page.locator('a[data-planet="game"]').getByTestId('galaxy-reacted').count()).toBe(0);

    await ava.context.close();
    await ben.context.close();
    await gomeum.context.close();
  });
});
