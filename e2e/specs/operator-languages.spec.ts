import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHRASES } from '../../scripts/fake-ai.mjs';
import { launchBrowser, liveReady, logInAsOperator, newSession } from '../support/browser.ts';
import { violations } from '../support/axe.ts';

/**
 * One operator, every language: an English dashboard reads a Korean user's words in English and
 * answers so the user reads Korean; a proof arrives with a drafted reaction, sent with one press;
 * the queue is gone through from the keyboard, and on a phone with one thumb press per item. The
 * stand-in AI (scripts/fake-ai.mjs) translates its known phrases and drafts Gomeum's praise in the
 * user's language.
 */

const [, SOUP, MANGA, , THANKS, PRAISE, WELL_DONE] = PHRASES;

/** A guest of its own in `locale`, entered through the API: its page, id and name in the queue. */
async function guestIn(browser: Browser, locale: 'ko' | 'zh') {
  const { page } = await newSession(browser);
  const entered = await page.request.post('/api/auth/guest');
  expect(entered.ok()).toBe(true);
  const { user } = (await entered.json()) as { user: { id: string; guestId: string } };
  expect((await page.request.put('/api/me/locale', { data: { locale } })).ok()).toBe(true);
  return { page, id: user.id, name: user.guestId };
}

/** The operator's dashboard on its chat inbox, online (so the AI leaves everything to them). */
async function dashboard(browser: Browser, size = { width: 1280, height: 800 }): Promise<Page> {
  const { page } = await newSession(browser);
  await page.setViewportSize(size);
  const live = liveReady(page);
  await logInAsOperator(page);
  await live;
  await page.goto('/gomeum-dashboard?section=chat');
  await page.getByRole('heading', { name: 'Waiting for Gomeum' }).waitFor();
  await expect
    .poll(async () => ((await (await page.request.get('/api/operator/presence')).json()) as { online: boolean }).online)
    .toBe(true);
  return page;
}

/** Sends a proof as the guest (a task confirmed first); its title. */
async function sendProof(page: Page, title: string, content: string) {
  expect(
    (await page.request.put('/api/planets/manga/task', { data: { description: '漫画', reward: '蛋糕' } })).ok(),
  ).toBe(true);
  const sent = await page.request.post('/api/planets/manga/logs', {
    multipart: { date: '2026-11-24', title, content },
  });
  expect(sent.ok()).toBe(true);
}

describe('one operator, every language', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('an English dashboard reads a Korean message in English, and the user reads the reply in Korean', async () => {
    const gomeum = await dashboard(browser);
    const user = await guestIn(browser, 'ko');
    expect((await user.page.request.post('/api/chat/messages', { data: { content: SOUP?.ko } })).ok()).toBe(true);

    // The queue shows the user's words in English; opened, the conversation too, the original one press away.
    const row = gomeum.getByRole('button', { name: new RegExp(user.name) }).first();
    await row.getByText(SOUP?.en ?? '').waitFor();
    await row.click();
    const item = gomeum.getByTestId('queue-item');
    await item.getByText(SOUP?.en ?? '', { exact: true }).waitFor();
    await item.getByRole('button', { name: 'Show original' }).click();
    await item.getByText(SOUP?.ko ?? '', { exact: true }).waitFor();
    await item.getByRole('button', { name: 'Show translation' }).click();

    // The operator writes in English; the Korean goes for review, then to the user.
    const box = item.getByRole('textbox', { name: 'Reply as Gomeum' });
    // The drafted reply is in Korean; the box holds it in English, the Korean shown as what goes.
    await item.getByTestId('send-draft').waitFor();
    expect(await box.inputValue()).toBe(PRAISE?.en);
    expect(await item.getByRole('textbox', { name: 'The user reads (한국어)' }).inputValue()).toBe(PRAISE?.ko);
    await box.fill(WELL_DONE?.en ?? '');
    await item.getByRole('button', { name: 'Send', exact: true }).click();
    const review = item.getByRole('textbox', { name: 'The user reads (한국어)' });
    await expect.poll(() => review.inputValue()).toBe(WELL_DONE?.ko);
    expect(await violations(gomeum)).toEqual([]);
    await item.getByRole('button', { name: 'Send translation' }).click();

    // The user reads Korean; the operator reads their own English words, the Korean one press away.
    await expect
      .poll(async () => {
        const history = await user.page.request.get('/api/chat/messages');
        const { messages } = (await history.json()) as { messages: { sender: string; content: string }[] };
        return messages.filter((m) => m.sender === 'gomeum').map((m) => m.content);
      })
      .toEqual([WELL_DONE?.ko]);
    await gomeum.goto(`/gomeum-dashboard?section=chat&user=${user.id}`);
    const mine = gomeum.locator('.inbox__message--gomeum');
    await mine.getByText(WELL_DONE?.en ?? '', { exact: true }).waitFor();
    await mine.getByRole('button', { name: 'Show original' }).click();
    await mine.getByText(WELL_DONE?.ko ?? '', { exact: true }).waitFor();
  });

  it('a proof opens beside the queue with a drafted reaction, sent with one press', async () => {
    const gomeum = await dashboard(browser);
    const user = await guestIn(browser, 'zh');
    const title = `漫画 ${Date.now()}`;
    await sendProof(user.page, title, MANGA?.zh ?? '');

    await gomeum
      .getByRole('button', { name: new RegExp(user.name) })
      .first()
      .click();
    const item = gomeum.getByTestId('queue-item');
    await item.getByText(MANGA?.en ?? '', { exact: true }).waitFor();
    const send = item.getByTestId('send-draft');
    await send.waitFor();
    // Drafted in the user's Chinese, read by the operator in English.
    const drafted = await item.getByRole('textbox').inputValue();
    expect(drafted).toBe(PRAISE?.zh);
    await item.getByText(PRAISE?.en ?? '', { exact: true }).waitFor();
    await send.click();
    await expect
      .poll(async () => {
        const logs = await user.page.request.get('/api/planets/manga/logs');
        const { items } = (await logs.json()) as { items: { title: string; reaction: { content: string } | null }[] };
        return items.find((log) => log.title === title)?.reaction?.content;
      })
      .toBe(drafted);
  });

  it("a reaction the operator types goes for review in the user's language before it is sent", async () => {
    const gomeum = await dashboard(browser);
    const user = await guestIn(browser, 'zh');
    const title = `汤 ${Date.now()}`;
    await sendProof(user.page, title, SOUP?.zh ?? '');
    await gomeum
      .getByRole('button', { name: new RegExp(user.name) })
      .first()
      .click();
    const item = gomeum.getByTestId('queue-item');
    await item.getByTestId('send-draft').waitFor();
    // The operator's own English words, in place of the draft: translated into Chinese for review.
    await item.getByRole('textbox', { name: /^Reply to/ }).fill(WELL_DONE?.en ?? '');
    await item.getByRole('button', { name: 'Reply', exact: true }).click();
    const review = item.getByRole('textbox', { name: 'The user reads (中文)' });
    await expect.poll(() => review.inputValue()).toBe(WELL_DONE?.zh);
    expect(await violations(gomeum)).toEqual([]);
    await item.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect
      .poll(async () => {
        const logs = await user.page.request.get('/api/planets/manga/logs');
        const { items } = (await logs.json()) as { items: { title: string; reaction: { content: string } | null }[] };
        return items.find((log) => log.title === title)?.reaction?.content;
      })
      .toBe(WELL_DONE?.zh);
  });

  it('goes through the queue from the keyboard: move, open, send, the next opens, Escape back', async () => {
    const gomeum = await dashboard(browser);
    const first = await guestIn(browser, 'ko');
    const second = await guestIn(browser, 'zh');
    for (const user of [first, second]) {
      expect((await user.page.request.post('/api/chat/messages', { data: { content: 'Hello?' } })).ok()).toBe(true);
    }
    const rowOf = (name: string) => gomeum.locator('.operator-queue__row', { hasText: name });
    await rowOf(second.name).waitFor();
    await rowOf(first.name).focus();
    await gomeum.keyboard.press('j');
    expect(await rowOf(second.name).evaluate((el) => el === document.activeElement)).toBe(true);
    await gomeum.keyboard.press('k');
    expect(await rowOf(first.name).evaluate((el) => el === document.activeElement)).toBe(true);
    await gomeum.keyboard.press('Enter');
    const status = gomeum.getByRole('status').filter({ hasText: /^Opened: / });
    await status.waitFor();
    const item = gomeum.getByTestId('queue-item');
    await item.getByTestId('send-draft').waitFor();
    await item.getByRole('textbox', { name: 'Reply as Gomeum' }).focus();
    await gomeum.keyboard.press('Control+Enter');
    // Sent, and the next waiting item opens in its place, said to a screen reader.
    await gomeum
      .getByRole('status')
      .filter({ hasText: /^Sent\. / })
      .waitFor();
    await expect.poll(() => rowOf(first.name).count()).toBe(0);
    const current = gomeum.locator('.operator-queue__row[aria-current="true"]');
    await current.waitFor();
    // The item in place of the one answered holds focus (the answered one's reply box is gone), so
    // the keyboard goes on from there.
    await expect
      .poll(() => gomeum.evaluate(() => document.getElementById('queue-detail')?.contains(document.activeElement)))
      .toBe(true);
    await gomeum.keyboard.press('Escape');
    await gomeum.getByRole('status').filter({ hasText: 'Back to the queue' }).waitFor();
    await expect
      .poll(() => gomeum.evaluate(() => document.activeElement?.classList.contains('operator-queue__row')))
      .toBe(true);
  });

  it('on a phone, one thumb press sends the draft and the next item follows', async () => {
    const gomeum = await dashboard(browser, { width: 360, height: 740 });
    const users = [await guestIn(browser, 'ko'), await guestIn(browser, 'zh')];
    for (const user of users) {
      expect((await user.page.request.post('/api/chat/messages', { data: { content: 'Are you there?' } })).ok()).toBe(
        true,
      );
    }
    await gomeum.locator('.operator-queue__row', { hasText: users[0]?.name ?? '' }).click();
    const item = gomeum.getByTestId('queue-item');
    const send = item.getByTestId('send-draft');
    await send.waitFor();
    const title = await item.getByRole('heading').first().textContent();
    expect(await send.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(360);
    await send.click();
    // The next item is on screen at once, its draft coming.
    await expect.poll(async () => item.getByRole('heading').first().textContent()).not.toBe(title);
    await item.getByTestId('send-draft').waitFor();
    expect(await gomeum.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await violations(gomeum)).toEqual([]);
  });

  // Last: a broadcast reaches every page of this file's server.
  it('a broadcast written in English is drafted in Chinese and Korean, checked, and kept in all three', async () => {
    const gomeum = await dashboard(browser);
    await gomeum.goto('/gomeum-dashboard?section=broadcast');
    const english = gomeum.getByRole('group', { name: 'English' });
    await english.getByRole('textbox', { name: 'Title' }).fill(THANKS?.en ?? '');
    await english.getByRole('textbox', { name: 'Message' }).fill(WELL_DONE?.en ?? '');
    await gomeum.getByRole('button', { name: 'Draft the other languages from English' }).click();
    const korean = gomeum.getByRole('group', { name: '한국어' });
    await expect.poll(() => korean.getByRole('textbox', { name: 'Message' }).inputValue()).toBe(WELL_DONE?.ko);
    // Titles and messages are drafted side by side: four drafted fields once both are in.
    await expect.poll(() => gomeum.getByText('Drafted: check it').count()).toBe(4);
    expect(await violations(gomeum)).toEqual([]);
    for (let left = 4; left > 0; left -= 1) await gomeum.getByRole('button', { name: 'Checked' }).first().click();
    await gomeum.getByRole('button', { name: 'Send to All' }).click();
    await gomeum.getByText('Sent: open tabs see it now, everyone else by push.').waitFor();
    const reader = await guestIn(browser, 'ko');
    const { notifications } = (await (await reader.page.request.get('/api/notifications')).json()) as {
      notifications: { title: string; languages?: Record<string, { title: string; message: string }> }[];
    };
    const sent = notifications.find((n) => n.title === THANKS?.en);
    expect(sent?.languages?.ko).toEqual(expect.objectContaining({ title: THANKS?.ko, message: WELL_DONE?.ko }));
    expect(sent?.languages?.zh).toEqual(expect.objectContaining({ title: THANKS?.zh, message: WELL_DONE?.zh }));
  });
});
