import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FAKE_AI_CHUNKS } from '../support/global-setup.ts';
import { launchBrowser, newSession } from '../support/browser.ts';
import { violations } from '../support/axe.ts';

const REPLY = FAKE_AI_CHUNKS.join('');

async function enterAsGuest(page: Page): Promise<void> {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Enter as a guest' }).click();
  await page.waitForURL('**/galaxy');
}

describe('chat with Gomeum', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('welcomes once, sends a message, streams the AI answer, and shows unread while closed', async () => {
    const { context, page } = await newSession(browser);
    await enterAsGuest(page);

    // The welcome arrives while the panel is closed: the button shows an unread dot. (If Gomeum has
    // published a log already, its announcement arrives too: a new user has seen none.)
    const unread = page.getByTestId('chat-unread');
    await unread.waitFor();
    const waiting = ((await (await page.request.get('/api/chat/messages')).json()) as { messages: unknown[] }).messages;
    expect(waiting.length).toBeGreaterThanOrEqual(1);
    await expect.poll(() => unread.textContent()).toBe(String(waiting.length));
    await page.getByRole('button', { name: `Chat with Gomeum (${waiting.length} unread)` }).click();
    const panel = page.getByRole('dialog', { name: 'Chat with Gomeum' });
    await panel.waitFor();
    await panel.getByText('welcome to my little corner of the night sky', { exact: false }).waitFor();
    await unread.waitFor({ state: 'detached' });

    // Blank messages are ignored.
    const input = panel.getByRole('textbox', { name: 'Your message' });
    await input.fill('    ');
    await panel.getByRole('button', { name: 'Send' }).click();
    expect(await panel.locator('[data-sender="user"]').count()).toBe(0);

    // A message appears at once and the AI answer streams in, piece by piece.
    await input.fill('Hello Gomeum, how are the stars tonight?');
    await input.press('Enter');
    await panel.locator('[data-sender="user"]', { hasText: 'how are the stars tonight?' }).waitFor();
    const streaming = panel.locator('.chat-message--streaming');
    // The streaming answer's text when its first words show, read in the page at that moment: the
    // rest follows 400 ms apart, and a second read from here can come after it all on a busy machine.
    const partial = await page
      .waitForFunction((first) => {
        const text = document.querySelector('.chat__panel .chat-message--streaming')?.textContent ?? '';
        return text.includes(first) ? text : null;
      }, FAKE_AI_CHUNKS[0]!.trim())
      .then((found) => found.jsonValue());
    expect(partial).not.toContain(REPLY);
    const answer = panel.locator('[data-sender="gomeum_ai"]:not(.chat-message--streaming)', { hasText: REPLY });
    await answer.waitFor();
    expect(await answer.textContent()).toContain('Gomeum (AI)');
    await streaming.waitFor({ state: 'detached' });

    // The open panel, with every kind of message in it, passes axe-core (contrast, names, roles).
    expect(await violations(page, '.chat__panel')).toEqual([]);

    // Closed panel: the next answer raises the count and shows the dot; opening clears it.
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'hidden' });
    const sent = await page.evaluate(async () => {
      const response = await fetch('/api/chat/messages', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'Sent from another tab' }),
      });
      return response.status;
    });
    expect(sent).toBe(200);
    await unread.waitFor({ timeout: 15_000 });
    expect(await unread.textContent()).toBe('1');
    await page.getByRole('button', { name: /Chat with Gomeum \(1 unread\)/ }).click();
    await unread.waitFor({ state: 'detached' });
    expect(await panel.locator('[data-sender="gomeum_ai"]', { hasText: REPLY }).count()).toBe(2);

    // After a reload: the conversation is back, the welcome is still there exactly once, nothing unread.
    await page.reload();
    await page.getByRole('button', { name: 'Chat with Gomeum' }).click();
    await panel.locator('[data-sender="gomeum_ai"]', { hasText: REPLY }).nth(1).waitFor();
    expect(await panel.getByText('welcome to my little corner of the night sky', { exact: false }).count()).toBe(1);
    expect(await unread.count()).toBe(0);
    await context.close();
  });

  it('asks a signed-out visitor to log in first', async () => {
    const { context, page } = await newSession(browser);
    await page.goto('/');
    await page.getByRole('button', { name: 'Chat with Gomeum' }).click();
    const panel = page.getByRole('dialog', { name: 'Chat with Gomeum' });
    await panel.getByRole('textbox', { name: 'Your message' }).fill('Hello?');
    await panel.getByRole('button', { name: 'Send' }).click();
    await panel.getByRole('alert').getByText('Please log in first!').waitFor();
    expect(await violations(page, '.chat__panel')).toEqual([]);
    // Nothing is lost: the text stays in the box.
    expect(await panel.getByRole('textbox', { name: 'Your message' }).inputValue()).toBe('Hello?');
    await context.close();
  });

  it('never sends the AI key to the browser: not in the page, the bundle or any reply', async () => {
    const { context, page } = await newSession(browser);
    const key = inject('aiKey');
    const bodies: string[] = [];
    const frames: string[] = [];
    page.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => frames.push(String(frame.payload)));
    });
    page.on('response', (response) => {
      void response
        .text()
        .then((text) => bodies.push(text))
        .catch(() => undefined);
    });
    await enterAsGuest(page);
    await page.getByRole('button', { name: /Chat with Gomeum/ }).click();
    await page.getByRole('textbox', { name: 'Your message' }).fill('Tell me a secret');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('[data-sender="gomeum_ai"]', { hasText: REPLY }).waitFor();
    const assets: string[] = await page.evaluate(() => [
      ...Array.from(document.querySelectorAll('script[src]'), (el) => (el as HTMLScriptElement).src),
      ...Array.from(document.querySelectorAll('link[href]'), (el) => (el as HTMLLinkElement).href),
    ]);
    for (const url of assets) bodies.push(await (await page.request.get(url)).text());
    expect(bodies.length).toBeGreaterThan(3);
    expect(frames.some((frame) => frame.includes('chat.ai_delta'))).toBe(true);
    for (const body of [...bodies, ...frames, await page.content()]) expect(body).not.toContain(key);
    await context.close();
  });
});
