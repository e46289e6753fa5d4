import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_AI_CHUNKS } from '../support/global-setup.ts';
import { enterAsGuestWithLive, launchBrowser, liveReady, logInAsOperator, newSession } from '../support/browser.ts';

const DRAFT = FAKE_AI_CHUNKS.join('');

describe('a present companion: typing both ways, seen, and a drafted reply', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows each side typing, marks what was seen, and drafts a reply the operator edits and sends', async () => {
    // A user with the chat open.
    const user = await newSession(browser);
    await enterAsGuestWithLive(user.page);
    const me = (await (await user.page.request.get('/api/me')).json()) as { id: string; guestId: string };
    await user.page
      .getByRole('button', { name: /Chat with Gomeum/ })
      .first()
      .click();
    const panel = user.page.getByRole('dialog', { name: 'Chat with Gomeum' });
    await panel.getByText('welcome to my little corner of the night sky', { exact: false }).waitFor();

    // The operator, in this user's conversation (the welcome made it).
    const gomeum = await newSession(browser);
    await logInAsOperator(gomeum.page);
    const ready = liveReady(gomeum.page);
    await gomeum.page.goto(`/gomeum-dashboard?section=chat&user=${me.id}`);
    await ready;
    const conversation = gomeum.page.getByRole('region', { name: 'Conversation' });
    const reply = conversation.getByRole('textbox', { name: 'Reply as Gomeum' });
    await reply.waitFor();
    // Opening the dashboard makes Gomeum online for the user.
    await panel.getByText('Online now').waitFor();

    // The user types: the operator sees it beside the conversation and in the list.
    const input = panel.getByRole('textbox', { name: 'Your message' });
    await input.pressSequentially('Are you th', { delay: 20 });
    await conversation.getByTestId('user-typing').getByText('is typing…').waitFor();
    await gomeum.page.getByTestId('user-typing-badge').first().waitFor();

    // The operator types: the user sees "Gomeum is typing…", announced politely.
    await reply.pressSequentially('Hi', { delay: 20 });
    const typing = panel.getByTestId('gomeum-typing');
    await typing.getByText('Gomeum is typing…').waitFor();
    expect(await typing.getAttribute('aria-live')).toBe('polite');
    // Emptying the box stops it at once.
    await reply.fill('');
    await reply.press('Backspace');
    await typing.getByText('Gomeum is typing…').waitFor({ state: 'detached' });

    // The user sends: the open conversation reads it, and the user sees "Seen" under it, live.
    await input.pressSequentially('ere?', { delay: 20 });
    await input.press('Enter');
    const mine = panel.locator('[data-sender="user"]', { hasText: 'Are you there?' });
    await mine.getByTestId('chat-seen').getByText('Seen').waitFor();
    // Sending stopped the user's typing for the operator.
    await conversation.getByTestId('user-typing').getByText('is typing…').waitFor({ state: 'detached' });

    // The user spoke last: a reply is drafted in the reply box, streamed in, to edit.
    await expect.poll(() => reply.inputValue(), { timeout: 15_000 }).toBe(DRAFT);
    await conversation.getByRole('button', { name: 'Draft again' }).waitFor();
    // Nothing reached the user: the draft is only in the operator's box.
    expect(await panel.getByText(DRAFT).count()).toBe(0);
    await reply.press('End');
    await reply.pressSequentially(' See you soon!', { delay: 10 });
    await conversation.getByRole('button', { name: 'Send' }).click();
    const sent = panel.locator('[data-sender="gomeum"]', { hasText: `${DRAFT} See you soon!` });
    await sent.waitFor();

    // The user has the chat open: the operator sees the reply read.
    const answer = conversation.locator('[data-sender="gomeum"]', { hasText: 'See you soon!' });
    await answer.getByTestId('reply-read').getByText('Read').waitFor();

    // The one queue lists nothing of this user any more (answered).
    const queue = gomeum.page.getByRole('region', { name: 'Waiting for Gomeum' });
    await queue.waitFor();
    await expect.poll(() => queue.getByText(me.guestId).count()).toBe(0);

    await user.context.close();
    await gomeum.context.close();
  });
});
