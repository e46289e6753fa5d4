import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logInAsOperator, newSession, registerThroughForm, uniqueEmail } from '../support/browser.ts';

// A small coral PNG, for image uploads.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAO0lEQVRIie3VwQkAMAwCwA7qJC5vx2gfB/kHgvHOmidzLK5TT7jinapApjIDiWIxWCwWh8VgsVjcVyxeL/WW6VdGLmkAAAAASUVORK5CYII=',
  'base64',
);

describe('operator dashboard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('sends a normal user away without ever loading the dashboard code', async () => {
    const { context, page } = await newSession(browser);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/register');
    await page.getByRole('button', { name: 'Enter as a guest' }).click();
    await page.waitForURL('**/galaxy');
    await page.goto('/gomeum-dashboard');
    await page.waitForURL('**/galaxy');
    await page.getByRole('heading', { name: 'Choose your planet' }).waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /dashboard/.test(s))).toEqual([]);
    await context.close();
  });

  it("lets the operator find a user, see their visits and edit their task's proof", async () => {
    // A user with a confirmed task and a few visits.
    const email = uniqueEmail('watched');
    const user = await newSession(browser);
    await user.page.goto('/register');
    await registerThroughForm(user.page, email);
    await user.page.goto('/planet/travel');
    await user.page.request.put('/api/planets/travel/task', {
      data: { description: 'Walk a new street', reward: 'Ice cream' },
    });

    const { context, page } = await newSession(browser);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await logInAsOperator(page);
    await page.getByRole('heading', { name: 'Gomeum dashboard' }).waitFor();
    expect(scripts.some((s) => /dashboard/.test(s))).toBe(true);
    await page.getByText('Visits per day').waitFor();

    await page.getByRole('link', { name: 'Users & tasks' }).click();
    await page.getByRole('searchbox').fill(email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: new RegExp(email) }).click();
    await page.getByRole('cell', { name: '/planet/travel' }).waitFor();

    await page.getByLabel('Planet').selectOption('travel');
    await page.getByText('Walk a new street').waitFor();
    await page.getByLabel('Proof').fill('Seen by Gomeum: lovely street!');
    await page.getByRole('button', { name: 'Update Task' }).click();
    await page.getByText('Task updated!').waitFor();

    await user.page.goto('/task/travel');
    await user.page.getByRole('region', { name: 'Your task' }).getByText('Walk a new street').waitFor();
    const screen = (await (await user.page.request.get('/api/planets/travel/task')).json()) as {
      userTask: { proof: string };
    };
    expect(screen.userTask.proof).toBe('Seen by Gomeum: lovely street!');
    await user.context.close();
    await context.close();
  });

  it("edits Gomeum's task in three languages and publishes a log every user sees", async () => {
    const { context, page } = await newSession(browser);
    await logInAsOperator(page);
    await page.getByRole('link', { name: "Gomeum's tasks" }).click();
    await page.getByLabel('Planet').selectOption('manga');
    await page.locator('form[data-planet="manga"]').waitFor();
    const english = page.getByRole('group', { name: 'English' });
    await english.getByLabel('Description').fill('Draw one four-panel comic about a cat');
    await english.getByLabel('Reward').fill('A nap in the sun');
    await page.getByRole('group', { name: '中文' }).getByLabel('Description').fill('画一篇关于猫的四格漫画');
    // Korean left blank: Korean readers fall back to English.
    await page.getByRole('group', { name: '한국어' }).getByLabel('Description').fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Gomeum task updated!').waitFor();

    await page.getByLabel('New log entry (English)').fill('Finished panel three. The cat looks suspicious.');
    // Two images, chosen in two goes: both listed with a thumbnail, both sent.
    const images = page.getByLabel('Images (up to 4)');
    await images.setInputFiles({ name: 'panel-1.png', mimeType: 'image/png', buffer: PNG });
    await images.setInputFiles({ name: 'panel-2.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('2 of 4 chosen').waitFor();
    await page.getByRole('button', { name: 'Publish log' }).click();
    await page.getByText('Published: every user sees it on this planet.').waitFor();
    await page.getByText('No images chosen').waitFor();
    // The list is read again as the notice shows: its new row (with the last image) may come a task later.
    const published = page.locator('.log-row', { hasText: 'Finished panel three.' });
    await published.locator('.log-row__images img').nth(1).waitFor({ state: 'attached' });
    expect(await published.locator('.log-row__images img').count()).toBe(2);

    const reader = await newSession(browser);
    await reader.page.goto('/register');
    await reader.page.getByRole('button', { name: 'Enter as a guest' }).click();
    await reader.page.waitForURL('**/galaxy');
    await reader.page.goto('/task/manga');
    await reader.page.getByText('Draw one four-panel comic about a cat').waitFor();
    await reader.page.getByText('Finished panel three. The cat looks suspicious.').waitFor();
    await reader.page.locator('.language-control').click();
    await reader.page.getByText('画一篇关于猫的四格漫画').waitFor();
    await reader.page.locator('.language-control').click();
    await reader.page.getByText('Draw one four-panel comic about a cat').waitFor();

    // The operator corrects the entry, and then takes it back after confirming.
    await page
      .getByRole('button', { name: /^Edit the entry of/ })
      .first()
      .click();
    const entry = page.getByRole('textbox', { name: 'Entry text' });
    await entry.fill('Finished panel four. The cat looks very suspicious.');
    await page.getByRole('button', { name: 'Save', exact: true }).last().click();
    await page.getByText('Saved. Every user sees the corrected entry.').waitFor();
    await reader.page.reload();
    await reader.page.getByText('Finished panel four. The cat looks very suspicious.').waitFor();
    expect(await reader.page.getByText('Finished panel three.', { exact: false }).count()).toBe(0);

    await page
      .getByRole('button', { name: /^Delete the entry of/ })
      .first()
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete this log entry?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Entry deleted.').waitFor();
    await reader.page.reload();
    await reader.page.getByText('Draw one four-panel comic about a cat').waitFor();
    expect(await reader.page.getByText('Finished panel four.', { exact: false }).count()).toBe(0);
    await reader.context.close();
    await context.close();
  });

  it("replies to a user's chat from the inbox, and the user's open tab sees it", async () => {
    const user = await newSession(browser);
    await user.page.goto('/register');
    await user.page.getByRole('button', { name: 'Enter as a guest' }).click();
    await user.page.waitForURL('**/galaxy');
    const me = (await (await user.page.request.get('/api/me')).json()) as { guestId: string };
    await user.page.getByRole('button', { name: /Chat with Gomeum/ }).click();
    const panel = user.page.getByRole('dialog', { name: 'Chat with Gomeum' });
    await panel.getByRole('textbox', { name: 'Your message' }).fill('Is anyone there?');
    await panel.getByRole('button', { name: 'Send' }).click();
    await panel.locator('[data-sender="user"]', { hasText: 'Is anyone there?' }).waitFor();

    const { context, page } = await newSession(browser);
    await logInAsOperator(page);
    // With the dashboard open the operator is online: the AI stays quiet.
    await page.getByRole('button', { name: 'Online: you answer' }).waitFor();
    // From any section, the inbox tab tells how many conversations wait for Gomeum.
    await page.getByRole('link', { name: /^Chat inbox\s*\d+ waiting$/ }).waitFor();
    // So does the tab title, for when the operator is in another browser tab.
    await expect.poll(() => page.title()).toMatch(/^\(\d+\) Gomeum dashboard$/);
    await page.getByRole('link', { name: 'Chat inbox' }).click();
    // One unread message from this user (the AI's answer is not the user's, so it is not counted).
    // In the conversations list: the queue above it lists this user too until the AI's answer is in.
    const row = page
      .getByRole('region', { name: 'Conversations', exact: true })
      .getByRole('button', { name: new RegExp(me.guestId) });
    await row.getByText('1 new').waitFor();
    // The list reorders as the AI's notice comes in: a press that landed on the row moving away is
    // made again, until this row is the open one.
    await expect
      .poll(async () => {
        if ((await row.getAttribute('aria-pressed')) !== 'true') await row.click();
        return row.getAttribute('aria-pressed');
      })
      .toBe('true');
    const conversation = page.getByRole('region', { name: 'Conversation', exact: true });
    await conversation.getByText('Is anyone there?').waitFor();
    // Reading it clears the count, and a message arriving while it is open is read at once.
    await row.getByText('1 new').waitFor({ state: 'detached' });
    // Watch the row: a message arriving in the open conversation must never show as unread.
    await page.evaluate((guestId) => {
      const seen = window as unknown as { sawUnread: boolean };
      seen.sawUnread = false;
      new MutationObserver(() => {
        document.querySelectorAll<HTMLElement>('.user-row').forEach((row) => {
          if (row.textContent.includes(guestId) && row.querySelector('[data-testid="unread-count"]')) {
            seen.sawUnread = true;
          }
        });
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, me.guestId);
    await panel.getByRole('textbox', { name: 'Your message' }).fill('Hello again!');
    await panel.getByRole('button', { name: 'Send' }).click();
    await conversation.getByText('Hello again!').waitFor();
    const unreadOnServer = async () => {
      const response = await page.request.get('/api/operator/chats');
      const body = (await response.json()) as { conversations: { guestId: string | null; unreadCount: number }[] };
      return body.conversations.find((c) => c.guestId === me.guestId)?.unreadCount;
    };
    await expect.poll(unreadOnServer).toBe(0);
    expect(await row.getByTestId('unread-count').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { sawUnread: boolean }).sawUnread)).toBe(false);
    await conversation.getByRole('textbox', { name: 'Reply as Gomeum' }).fill('Right here, with my tail curled up.');
    await conversation.getByRole('button', { name: 'Send' }).click();

    await panel.locator('[data-sender="gomeum"]', { hasText: 'Right here, with my tail curled up.' }).waitFor();

    // Away: the switch hands answering back to the AI.
    await page.getByRole('button', { name: 'Online: you answer' }).click();
    await page.getByRole('button', { name: 'Away: the AI answers' }).waitFor();
    const presence = (await (await page.request.get('/api/operator/presence')).json()) as {
      online: boolean;
      away: boolean;
    };
    expect(presence).toEqual({ online: false, away: true });
    await page.getByRole('button', { name: 'Away: the AI answers' }).click();
    await page.getByRole('button', { name: 'Online: you answer' }).waitFor();
    await user.context.close();
    await context.close();
  });

  it("edits Gomeum's moon answer in one language only", async () => {
    const { context, page } = await newSession(browser);
    await logInAsOperator(page);
    await page.getByRole('link', { name: 'Moon questions' }).click();
    await page.getByRole('button', { name: 'Update Answer' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please enter an answer in at least one language.' }).waitFor();
    await page.getByLabel('New answer (한국어)').fill('  달빛 아래에서 낮잠을 자요.  ');
    await page.getByRole('button', { name: 'Update Answer' }).click();
    await page.getByText('Moon answer updated!').waitFor();
    await page.locator('dd', { hasText: '달빛 아래에서 낮잠을 자요.' }).waitFor();
    const questions = (await (await page.request.get('/api/moon/questions')).json()) as {
      questions: { number: number; gomeumAnswer: Record<string, string> }[];
    };
    const first = questions.questions.find((q) => q.number === 1);
    expect(first?.gomeumAnswer.ko).toBe('달빛 아래에서 낮잠을 자요.');
    expect(first?.gomeumAnswer.en).toBeTruthy();
    await context.close();
  });

  it('sends a broadcast only once both fields are filled, and lists it in the history', async () => {
    const { context, page } = await newSession(browser);
    await logInAsOperator(page);
    await page.getByRole('link', { name: 'Broadcast', exact: true }).click();
    const send = page.getByRole('button', { name: 'Send to All' });
    expect(await send.isDisabled()).toBe(true);
    // Written in English only: the other two languages stay empty (drafting them is optional).
    const english = page
      .getByRole('region', { name: 'Broadcast to all users' })
      .getByRole('group', { name: 'English' });
    await english.getByLabel('Title').fill('Star party');
    expect(await send.isDisabled()).toBe(true);
    await english.getByLabel('Message', { exact: true }).fill('Everyone to the roof at ten.');
    await send.click();
    await page.getByText('Sent: open tabs see it now, everyone else by push.').waitFor();
    const history = page.getByRole('region', { name: 'History' });
    const sent = history.getByRole('listitem').filter({ hasText: 'Everyone to the roof at ten.' });
    await sent.waitFor();
    // Once push delivery is over, its tally shows (the history refreshes itself while sending).
    await sent.getByText(/^Push: \d+ delivered, \d+ failed$/).waitFor();
    await context.close();
  });

  it('publishes an update with an image, and a user sees the diary dot', async () => {
    const user = await newSession(browser);
    await user.page.goto('/register');
    // What the user last saw is read once they are in: until then the diary marks nothing seen.
    const stateRead = user.page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/updates/diary-state' && response.ok(),
    );
    await user.page.getByRole('button', { name: 'Enter as a guest' }).click();
    await user.page.waitForURL('**/galaxy');
    await stateRead;
    // Open the diary once, so nothing is new for this user yet: what it lists, once loaded, is seen.
    await user.page.getByRole('button', { name: /Gomeum's diary/ }).click();
    const diary = user.page.getByRole('dialog', { name: "Gomeum's diary" });
    await diary.getByRole('listitem').first().or(diary.getByText('No updates yet. Check back soon!')).waitFor();
    await user.page.keyboard.press('Escape');
    // (Marked seen once the open diary has rendered: the dot goes a few tasks after the list shows.)
    await expect.poll(() => user.page.getByTestId('diary-dot').count()).toBe(0);

    const { context, page } = await newSession(browser);
    await logInAsOperator(page);
    await page.getByRole('link', { name: 'Update logs' }).click();
    const form = page.getByRole('region', { name: 'New update' });
    await form.getByRole('group', { name: 'English' }).getByLabel('Title').fill('The moon has new questions');
    await form
      .getByRole('group', { name: 'English' })
      .getByLabel('Content (HTML)')
      .fill('<p>Go and <strong>answer</strong> them!</p>');
    await form.getByRole('group', { name: '中文' }).getByLabel('Title').fill('月亮上有新问题了');
    await form.getByLabel('Image').setInputFiles({ name: 'moon.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('button', { name: 'Publish update' }).click();
    await page.getByText('Published: every diary shows it now.').waitFor();
    await page.getByRole('region', { name: 'All updates' }).getByText('The moon has new questions').waitFor();

    await user.page.reload();
    await user.page.getByTestId('diary-dot').waitFor();
    await user.page.getByRole('button', { name: /Gomeum's diary/ }).click();
    // The entry's link (the diary may also announce the new entry in words, when it comes live).
    await user.page
      .getByRole('dialog', { name: "Gomeum's diary" })
      .getByRole('link', { name: 'The moon has new questions', exact: true })
      .waitFor();
    await user.context.close();
    await context.close();
  });

  it("previews an update's HTML as the server keeps it, while the operator types", async () => {
    const { context, page } = await newSession(browser);
    await logInAsOperator(page);
    await page.getByRole('link', { name: 'Update logs' }).click();
    const english = page.getByRole('region', { name: 'New update' }).getByRole('group', { name: 'English' });
    await english.getByLabel('Content (HTML)').pressSequentially('<b>x</b><script>', { delay: 20 });
    const preview = english.getByRole('group', { name: 'Preview' });
    await preview.locator('.update__content b', { hasText: 'x' }).waitFor();
    expect(await preview.locator('script').count()).toBe(0);
    await context.close();
  });
});
