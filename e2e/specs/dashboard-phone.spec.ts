import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LANGUAGES, settle } from '../support/axe.ts';
import { baseURL, launchBrowser, TEST_PASSWORD, trackRequests, uniqueEmail } from '../support/browser.ts';

const PHONE = { width: 360, height: 740 };
const SECTIONS = ['overview', 'proofs', 'users', 'chat', 'moon', 'gomeum-tasks', 'broadcast', 'updates'];

/** The operator on a 360 × 740 phone, reading the app in `language`. */
async function operatorPhone(browser: Browser, language = 'en'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseURL(), locale: 'en-US', viewport: PHONE });
  await context.addInitScript((lang) => {
    localStorage.setItem('gomeum.language', lang);
    localStorage.setItem('gomeum.push.declined', '1');
  }, language);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  expect((await page.request.post('/api/auth/login', { data: inject('operator') })).status()).toBe(200);
  return { context, page };
}

/** A user (registered with `email`) who has written to Gomeum; their id. */
async function userWhoWrote(browser: Browser, email: string, text: string): Promise<string> {
  const context = await browser.newContext({ baseURL: baseURL() });
  const registered = await context.request.post('/api/auth/register', { data: { email, password: TEST_PASSWORD } });
  expect(registered.status()).toBe(200);
  const { user } = (await registered.json()) as { user: { id: string } };
  const sent = await context.request.post('/api/chat/messages', { data: { content: text } });
  expect(sent.ok()).toBe(true);
  await context.close();
  return user.id;
}

/** The element is wholly on the screen as it is (nothing scrolled to reach it). */
async function whollyOnScreen(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
  });
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

describe("the operator's dashboard on a 360 × 740 phone", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('opens a conversation with its reply box on screen; back (on screen or the browser’s) returns to the list; reload keeps it', async () => {
    const email = uniqueEmail('phone-chat');
    const userId = await userWhoWrote(browser, email, 'Are you on your phone, Gomeum?');
    const { context, page } = await operatorPhone(browser);
    await page.goto('/gomeum-dashboard?section=chat');
    const list = page.getByRole('region', { name: 'Conversations', exact: true });
    const row = list.getByRole('button', { name: new RegExp(email) });
    await row.scrollIntoViewIfNeeded();
    await row.click();

    const conversation = page.getByRole('region', { name: 'Conversation', exact: true });
    const reply = conversation.getByRole('textbox', { name: 'Reply as Gomeum' });
    const send = conversation.getByRole('button', { name: 'Send' });
    await conversation.getByText('Are you on your phone, Gomeum?').waitFor();
    expect(new URL(page.url()).searchParams.get('user')).toBe(userId);
    // The conversation is the screen: its reply box at the bottom, reached without scrolling.
    expect(await scrollY(page)).toBe(0);
    expect(await whollyOnScreen(reply)).toBe(true);
    expect(await whollyOnScreen(send)).toBe(true);
    expect(await list.isVisible()).toBe(false);
    // Focus is on the new view's first control, not lost with the list.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Back to the conversations');

    // The screen's back control returns to the list…
    await page.getByRole('button', { name: 'Back to the conversations' }).click();
    await list.waitFor();
    expect(new URL(page.url()).searchParams.get('user')).toBeNull();
    expect(await conversation.isVisible()).toBe(false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain(email);

    // …and so does the browser's; forward opens the conversation again.
    await row.click();
    await reply.waitFor();
    await page.goBack();
    await list.waitFor();
    expect(await reply.isVisible()).toBe(false);
    await page.goForward();
    await reply.waitFor();
    expect(new URL(page.url()).searchParams.get('user')).toBe(userId);

    // A reload (or the same link shared) opens the same conversation, reply box on screen.
    await page.reload();
    await conversation.getByText('Are you on your phone, Gomeum?').waitFor();
    expect(await whollyOnScreen(reply)).toBe(true);
    expect(await list.isVisible()).toBe(false);
    // Opened by a link, its back control still leads to the list.
    await page.getByRole('button', { name: 'Back to the conversations' }).click();
    await list.waitFor();
    expect(new URL(page.url()).pathname).toBe('/gomeum-dashboard');
    expect(new URL(page.url()).searchParams.get('section')).toBe('chat');
    await context.close();
  });

  it('opens a user’s details in place of the list, back returns to it, and reload keeps the user', async () => {
    const email = uniqueEmail('phone-user');
    const userId = await userWhoWrote(browser, email, 'Hello from the user list');
    const { context, page } = await operatorPhone(browser);
    await page.goto('/gomeum-dashboard?section=users');
    await page.getByRole('searchbox').fill(email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const list = page.getByRole('region', { name: 'Users', exact: true });
    const row = list.getByRole('button', { name: new RegExp(email) });
    await row.click();
    const name = page.getByRole('heading', { name: email, level: 2 });
    await name.waitFor();
    expect(new URL(page.url()).searchParams.get('user')).toBe(userId);
    expect(await scrollY(page)).toBe(0);
    expect(await whollyOnScreen(name)).toBe(true);
    expect(await whollyOnScreen(page.getByRole('button', { name: 'Back to the users' }))).toBe(true);
    expect(await list.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Back to the users' }).click();
    await row.waitFor();
    expect(await name.isVisible()).toBe(false);
    // The search is still there, as the operator left it.
    expect(await page.getByRole('searchbox').inputValue()).toBe(email);

    await row.click();
    await name.waitFor();
    await page.goBack();
    await row.waitFor();
    await page.goForward();
    await name.waitFor();
    await page.reload();
    await name.waitFor();
    expect(await whollyOnScreen(name)).toBe(true);
    expect(await list.isVisible()).toBe(false);
    await context.close();
  });

  it.each(LANGUAGES)(
    'clips no label, tab or badge in any section, with a long email beside its badge, in %s',
    async (language) => {
      const email = uniqueEmail(`a-rather-long-name-for-an-inbox-row-${language}`);
      await userWhoWrote(browser, email, 'A long address, and a badge beside it');
      const { context, page } = await operatorPhone(browser, language);
      const requests = trackRequests(page);
      const clipped: string[] = [];
      for (const section of SECTIONS) {
        await page.goto(`/gomeum-dashboard?section=${section}`);
        await page.locator('main h1').first().waitFor({ state: 'attached' });
        await settle(page, requests, language);
        clipped.push(...(await clippedText(page)).map((what) => `${section}: ${what}`));
        expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth), section).toBe(0);
      }
      // The row with the long email: its unread badge whole, inside the row.
      await page.goto('/gomeum-dashboard?section=chat');
      await settle(page, requests, language);
      const row = page.locator('.user-row', { hasText: email });
      const badge = row.getByTestId('unread-count');
      await badge.waitFor();
      const [badgeBox, rowBox] = await Promise.all([badge.boundingBox(), row.boundingBox()]);
      expect(badgeBox && rowBox && badgeBox.x + badgeBox.width <= rowBox.x + rowBox.width).toBe(true);
      // And the conversation and a user's details, open.
      await row.click();
      await page.locator('.inbox__form textarea').waitFor();
      await settle(page, requests, language);
      clipped.push(...(await clippedText(page)).map((what) => `conversation: ${what}`));
      await page.goto('/gomeum-dashboard?section=users');
      await settle(page, requests, language);
      await page.locator('.user-row').first().click();
      await page.locator('.user-detail').waitFor();
      await settle(page, requests, language);
      clipped.push(...(await clippedText(page)).map((what) => `user: ${what}`));
      expect(clipped).toEqual([]);
      await context.close();
    },
    240_000,
  );
});

/**
 * Shown labels, tabs, buttons, badges and headings whose text is wider than their box (cut, or
 * spilling out), and badges, tabs and switches whose words are broken over lines ("1 ne" above "w").
 */
function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const boxes = 'main :is(.badge, button, label, h1, h2, h3, .user-row__who, .alerts-switch__state, legend)';
    const oneLine =
      'main :is(.badge, .dashboard__tab, .presence-switch, .alerts-switch__button, .master-detail__back, .chart__values > span)';
    // Text hidden for all but screen readers sits in a 1 px box on purpose.
    const screenReaderOnly = (element: HTMLElement) => {
      for (let up: HTMLElement | null = element; up; up = up.parentElement) {
        if (up.getBoundingClientRect().width <= 1) return true;
      }
      return false;
    };
    const shown = (selector: string) =>
      Array.from(document.querySelectorAll<HTMLElement>(selector)).filter(
        (element) => element.checkVisibility() && element.clientWidth > 0 && !screenReaderOnly(element),
      );
    // A text of it laid out on more than one line (each text node's own lines: nested boxes have theirs).
    const lines = (element: HTMLElement) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      let most = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.parentElement || screenReaderOnly(node.parentElement)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const bottoms = Array.from(range.getClientRects())
          .filter((rect) => rect.width > 0)
          .map((rect) => Math.round(rect.bottom));
        most = Math.max(most, new Set(bottoms).size);
      }
      return most;
    };
    const name = (element: HTMLElement) => `${element.className || element.tagName}: "${element.textContent.trim()}"`;
    return [
      ...shown(boxes)
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .map((element) => `cut ${name(element)}`),
      ...shown(oneLine)
        .filter((element) => lines(element) > 1)
        .map((element) => `broken ${name(element)}`),
    ];
  });
}
