import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, liveReady, logInAsOperator, newSession } from '../support/browser.ts';

/** The lists a dashboard reads whole: a read of either after the first is a full read again. */
const LISTS = ['/api/operator/queue', '/api/operator/chats'];

/** Counts the page's reads of each list (its own path, not a conversation's below it). */
function countListReads(page: Page): Map<string, number> {
  const reads = new Map(LISTS.map((path) => [path, 0]));
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'GET' && reads.has(pathname)) reads.set(pathname, (reads.get(pathname) ?? 0) + 1);
  });
  return reads;
}

describe('the dashboard follows live messages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('puts each message in the queue and the inbox, and an answer takes it out, without reading either list again', async () => {
    const operator = await newSession(browser);
    const reads = countListReads(operator.page);
    const live = liveReady(operator.page);
    await logInAsOperator(operator.page);
    await live;
    await operator.page.getByRole('link', { name: 'Chat inbox' }).click();
    const queue = operator.page.getByRole('region', { name: 'Waiting for Gomeum' });
    const inbox = operator.page.getByRole('region', { name: 'Conversations', exact: true });
    // Both lists are read (with what others' tests left in them, or empty).
    await inbox.getByRole('button').first().or(inbox.getByText('No conversations yet.')).waitFor();
    await queue
      .getByTestId('operator-queue')
      .or(queue.getByText('Nothing is waiting. Everyone has an answer.'))
      .waitFor();
    // The queue's later pages too (others' tests may have left more than a page waiting): a new
    // conversation waits the least, so it takes its place at the end of the queue once it is whole.
    const showMore = queue.getByRole('button', { name: 'Show more' });
    while (await showMore.isVisible()) {
      await showMore.click();
      await operator.page.waitForLoadState('networkidle');
    }
    // The first reads (and the one on the socket's opening) are done: no read is under way.
    await operator.page.waitForLoadState('networkidle');
    const before = new Map(reads);

    // A guest writes three times: each message shows in the queue and the inbox as it arrives.
    const user = await newSession(browser);
    const entered = await user.page.request.post('/api/auth/guest');
    expect(entered.ok()).toBe(true);
    const { user: me } = (await entered.json()) as { user: { id: string; guestId: string } };
    for (const content of ['Are you there, Gomeum?', 'I finished my song!', 'It has three verses.']) {
      const sent = await user.page.request.post('/api/chat/messages', { data: { content } });
      expect(sent.ok()).toBe(true);
      await queue.getByRole('button', { name: new RegExp(`${me.guestId}.*${content.replace('?', '\\?')}`) }).waitFor();
      await inbox.getByRole('button', { name: new RegExp(`${me.guestId}.*${content.replace('?', '\\?')}`) }).waitFor();
    }
    const row = inbox.getByRole('button', { name: new RegExp(me.guestId) });
    await row.getByText('3 new').waitFor();

    // Gomeum answers from another place (an operator's API call): the conversation leaves the
    // queue, and the inbox shows the answer.
    const answered = await operator.page.request.post(`/api/operator/chats/${me.id}/messages`, {
      data: { content: 'Three verses! Sing me the first one.' },
    });
    expect(answered.ok()).toBe(true);
    await row.getByText(/Three verses! Sing me/).waitFor();
    await queue.getByRole('button', { name: new RegExp(me.guestId) }).waitFor({ state: 'detached' });
    // Answering read the conversation: nothing of it is unread any more.
    await row.getByText('3 new').waitFor({ state: 'detached' });

    // Every change came live: neither list was read again.
    expect(new Map(reads)).toEqual(before);
    await user.context.close();
    await operator.context.close();
  });
});
