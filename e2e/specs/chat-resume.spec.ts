import { request, type Browser, type Page, type WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseURL, launchBrowser, newSession } from '../support/browser.ts';

/**
 * The page's live connection, through a hand we control: proxied to the real server while open,
 * cut at will, and held (accepted but never answered) while it should stay down.
 */
async function controlLive(page: Page) {
  let open = true;
  const held: WebSocketRoute[] = [];
  let current: WebSocketRoute | null = null;
  await page.routeWebSocket(
    (url) => url.pathname === '/api/live',
    (ws) => {
      if (!open) {
        held.push(ws);
        return;
      }
      current = ws;
      ws.connectToServer();
    },
  );
  return {
    /** Drops the connection; reconnect attempts are held until `restore`. */
    async cut() {
      open = false;
      await current?.close({ code: 1006 });
      current = null;
    },
    /** Lets the next attempt through (the held one is dropped, so the client tries again). */
    async restore() {
      open = true;
      for (const ws of held.splice(0)) await ws.close({ code: 1006 });
    },
  };
}

/** Gomeum (the operator) writes into a user's conversation over the API. */
async function gomeumWrites(userId: string, content: string): Promise<void> {
  const operator = inject('operator');
  const api = await request.newContext({ baseURL: baseURL() });
  try {
    expect((await api.post('/api/auth/login', { data: operator })).status()).toBe(200);
    const response = await api.post(`/api/operator/chats/${userId}/messages`, { data: { content } });
    expect(response.status()).toBe(200);
  } finally {
    await api.dispose();
  }
}

describe('chat across a dropped connection', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("shows Gomeum's reply that came while the connection was down, even after the user sent one", async () => {
    const { context, page } = await newSession(browser);
    const live = await controlLive(page);
    await page.goto('/register');
    await page.getByRole('button', { name: 'Enter as a guest' }).click();
    await page.waitForURL('**/galaxy');
    const me = (await (await page.request.get('/api/me')).json()) as { id: string };

    await page.getByRole('button', { name: /Chat with Gomeum/ }).click();
    const panel = page.getByRole('dialog', { name: 'Chat with Gomeum' });
    await panel.getByText('welcome to my little corner of the night sky', { exact: false }).waitFor();
    await panel.getByText('Online now').or(panel.getByText('Away · AI answers')).waitFor();

    // The connection drops: the panel says so.
    await live.cut();
    await panel.getByText('Reconnecting…').waitFor();

    // Gomeum replies while it is down; then the user sends (over HTTP, which works): the user's own
    // message is newer than Gomeum's reply.
    await gomeumWrites(me.id, 'I wrote this while you were away.');
    const input = panel.getByRole('textbox', { name: 'Your message' });
    await input.fill('Are you still there?');
    await input.press('Enter');
    await panel.locator('[data-sender="user"]:not([data-status])', { hasText: 'Are you still there?' }).waitFor();
    expect(await panel.getByText('I wrote this while you were away.').count()).toBe(0);

    // The connection comes back: the reply is on screen, without a reload, once.
    await live.restore();
    await panel.locator('[data-sender="gomeum"]', { hasText: 'I wrote this while you were away.' }).waitFor();
    expect(await panel.locator('[data-sender="user"]', { hasText: 'Are you still there?' }).count()).toBe(1);
    await context.close();
  });

  it('retries a send whose answer was lost without storing it twice, and offers Retry when it fails', async () => {
    const { context, page } = await newSession(browser);
    await page.goto('/register');
    await page.getByRole('button', { name: 'Enter as a guest' }).click();
    await page.waitForURL('**/galaxy');
    await page.getByRole('button', { name: /Chat with Gomeum/ }).click();
    const panel = page.getByRole('dialog', { name: 'Chat with Gomeum' });
    await panel.getByText('welcome to my little corner of the night sky', { exact: false }).waitFor();

    // The first send reaches the server and is stored, but its answer never reaches the page.
    const sends: string[] = [];
    await page.route('**/api/chat/messages', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      sends.push(route.request().postData() ?? '');
      if (sends.length === 1) {
        await route.fetch();
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    const input = panel.getByRole('textbox', { name: 'Your message' });
    await input.fill('Lost on the way back');
    await input.press('Enter');
    await panel.locator('[data-sender="user"]:not([data-status])', { hasText: 'Lost on the way back' }).waitFor();
    // It was tried again by itself, with the same client id, and the server kept one copy.
    await expect.poll(() => sends.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const ids = new Set(sends.map((body) => (JSON.parse(body) as { clientId: string }).clientId));
    expect(ids.size).toBe(1);
    const stored = (await (await page.request.get('/api/chat/messages')).json()) as { messages: { content: string }[] };
    expect(stored.messages.filter((m) => m.content === 'Lost on the way back')).toHaveLength(1);
    expect(await panel.locator('[data-sender="user"]', { hasText: 'Lost on the way back' }).count()).toBe(1);

    // A send the server refuses shows on its bubble with a Retry, and the text is not lost.
    await page.unroute('**/api/chat/messages');
    let refuse = true;
    await page.route('**/api/chat/messages', async (route) => {
      if (route.request().method() !== 'POST' || !refuse) return route.continue();
      return route.fulfill({
        status: 429,
        json: { error: { code: 'errors.rate_limited', message: 'Too many requests.' } },
      });
    });
    await input.fill('Second try works');
    await input.press('Enter');
    const failed = panel.locator('[data-status="failed"]', { hasText: 'Second try works' });
    await failed.getByText('Too many tries. Please wait a minute and try again.', { exact: false }).waitFor();
    refuse = false;
    await failed.getByRole('button', { name: 'Retry' }).click();
    await panel.locator('[data-sender="user"]:not([data-status])', { hasText: 'Second try works' }).waitFor();
    expect(await panel.locator('[data-sender="user"]', { hasText: 'Second try works' }).count()).toBe(1);
    await context.close();
  });
});
