import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  baseURL,
  launchBrowser,
  newSession,
  registerThroughForm,
  TEST_PASSWORD,
  uniqueEmail,
} from '../support/browser.ts';

// A small coral PNG: a real image for the proof upload.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAO0lEQVRIie3VwQkAMAwCwA7qJC5vx2gfB/kHgvHOmidzLK5TT7jinapApjIDiWIxWCwWh8VgsVjcVyxeL/WW6VdGLmkAAAAASUVORK5CYII=',
  'base64',
);

describe('planet tasks and proofs', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    // Gomeum writes a log entry on the food planet, with a photo, through the operator API.
    const operator = inject('operator');
    const { context, page } = await newSession(browser);
    expect((await page.request.post('/api/auth/login', { data: operator })).status()).toBe(200);
    const response = await page.request.post('/api/operator/gomeum-logs/food', {
      multipart: {
        content: 'Tried a new fish market today. Purr-fect.',
        images: { name: 'fish.png', mimeType: 'image/png', buffer: PNG },
      },
    });
    expect(response.status()).toBe(200);
    await context.close();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('confirms a task, submits a proof with a photo, and finds it again after a reload', async () => {
    const { context, page } = await newSession(browser);
    await page.goto('/register');
    await registerThroughForm(page, uniqueEmail('tasks'));

    await page.getByRole('link', { name: /^Food\b/ }).click();
    await page.waitForURL('**/planet/food');
    await page.getByRole('link', { name: 'Enter', exact: true }).click();
    await page.waitForURL('**/task/food');

    // Gomeum's seeded entry is there, with its photo.
    const gomeumLog = page.getByRole('region', { name: "Gomeum's log" });
    await gomeumLog.getByText('Tried a new fish market today. Purr-fect.').waitFor();
    expect(await gomeumLog.getByRole('img', { name: 'Photo 1 from Gomeum' }).count()).toBe(1);

    // No proofs yet: the hint; Submit waits for a confirmed task.
    await page.getByText('No proofs yet.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Submit', exact: true }).isDisabled()).toBe(true);

    // Confirming needs both fields.
    await page.getByLabel('Description').fill('Cook one new recipe every week');
    await page.getByRole('button', { name: 'Confirm Task' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please fill in all fields before submitting.' }).waitFor();
    await page.getByLabel('Reward').fill('A slice of cheesecake');
    await page.getByRole('button', { name: 'Confirm Task' }).click();
    const yourTask = page.getByRole('region', { name: 'Your task' });
    // Confirmed: the fields become plain text (a textarea also holds its text, so wait for the <dd>).
    await yourTask.locator('dd', { hasText: 'A slice of cheesecake' }).waitFor();
    expect(await yourTask.getByRole('textbox').count()).toBe(0);
    // The task is described now: the empty log points at Submit instead.
    await page.getByText('No proofs yet. Press Submit to send your first one.').waitFor();

    // A proof with missing fields is refused in place; a full one goes through with its photo.
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const form = page.getByRole('form', { name: 'Proof' });
    await form.getByRole('button', { name: 'Send proof' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please fill in all fields before submitting.' }).waitFor();
    await form.getByLabel('Proof title').fill('Mapo tofu night');
    await form.getByLabel('What did you do?').fill('Made mapo tofu from scratch. Spicy!');
    await form.getByLabel('Photo (optional)').setInputFiles({ name: 'tofu.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('button', { name: 'Send proof' }).click();
    await page.getByText('Task submitted successfully!').waitFor();
    expect(await page.getByRole('form', { name: 'Proof' }).count()).toBe(0);

    const userLog = page.getByRole('region', { name: 'Your log' });
    await userLog.getByRole('heading', { name: 'Mapo tofu night' }).waitFor();
    const photo = userLog.getByRole('img', { name: 'Photo for “Mapo tofu night”' });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
    await yourTask.getByText('Completed').waitFor();

    // The goal (one proof, the default) is reached: Gomeum celebrates and reveals the reward, once.
    const celebration = page.getByRole('dialog', { name: 'You did it!' });
    await celebration.getByText('You earned: A slice of cheesecake').waitFor();
    const marked = page.waitForResponse(
      (response) => response.url().endsWith('/api/planets/food/celebration') && response.ok(),
    );
    await celebration.getByRole('button', { name: 'Hooray!' }).click();
    await celebration.waitFor({ state: 'detached' });
    await marked;

    // Reloading keeps everything, and the celebration does not come back: the progress panel is
    // drawn in the same render as its dialog would be, so once "1 of 1" shows, there is none.
    await page.reload();
    await page.getByRole('region', { name: 'Your log' }).getByRole('heading', { name: 'Mapo tofu night' }).waitFor();
    await page.getByRole('region', { name: 'Your progress' }).getByText('1 of 1').first().waitFor();
    expect(await page.locator('dialog.celebration').count()).toBe(0);
    await page.getByRole('region', { name: 'Your task' }).getByText('Cook one new recipe every week').waitFor();

    // The proof's date shows, and beside it when it was added (today: its time alone), in words, not
    // in a tooltip a phone never shows; its photo opens whole in a lightbox, and Escape gives the page back.
    const entry = page.getByRole('region', { name: 'Your log' }).getByRole('article').first();
    expect(await entry.locator('header time').count()).toBe(2);
    expect(await entry.locator('header .log-entry__meta').innerText()).toMatch(/ · added \d{1,2}:\d{2}\s?[AP]M$/);
    const thumb = entry.getByRole('button', { name: 'Open the photo larger: Photo for “Mapo tofu night”' });
    await thumb.click();
    const lightbox = page.getByRole('dialog', { name: 'Photo for “Mapo tofu night”' });
    await lightbox.waitFor();
    await expect.poll(() => lightbox.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });
    await expect.poll(() => thumb.evaluate((button) => button === document.activeElement)).toBe(true);

    // The planet's page now says what it holds for this user: the task and where it stands.
    await page.goto('/planet/food');
    await page.getByText('Your task here').waitFor();
    await page.getByText('Cook one new recipe every week').waitFor();
    await page.getByText('Tried a new fish market today. Purr-fect.').waitFor();
    await page.getByRole('link', { name: 'Enter', exact: true }).click();
    await page.waitForURL('**/task/food');

    // The full log page shows the entry too.
    await page.getByRole('link', { name: 'See your full log' }).click();
    await page.waitForURL('**/user-log/food');
    await page.getByRole('heading', { name: 'Your log on Food' }).waitFor();
    await page.getByText('Made mapo tofu from scratch. Spicy!').waitFor();
    await page.goto('/user-log?planetId=food');
    await page.getByText('Made mapo tofu from scratch. Spicy!').waitFor();

    // And Gomeum's full log.
    await page.goto('/gomeum-log/food');
    await page.getByRole('heading', { name: "Gomeum's log on Food" }).waitFor();
    await page.getByText('Tried a new fish market today. Purr-fect.').waitFor();
    await context.close();
  });

  it('explains instead of showing a blank page when a log has no planet', async () => {
    const { context, page } = await newSession(browser);
    await page.goto('/register');
    await page.getByRole('button', { name: 'Enter as a guest' }).click();
    await page.waitForURL('**/galaxy');
    for (const path of ['/user-log', '/gomeum-log', '/task/pluto']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Which planet?' }).waitFor();
    }
    await context.close();
  });

  it("keeps one user's proof photo from another user", async () => {
    const owner = await newSession(browser);
    await owner.page.goto('/register');
    await owner.page.getByRole('button', { name: 'Enter as a guest' }).click();
    await owner.page.waitForURL('**/galaxy');
    await owner.page.request.put('/api/planets/game/task', { data: { description: 'Finish a level', reward: 'Nap' } });
    const submitted = await owner.page.request.post('/api/planets/game/logs', {
      multipart: {
        date: '2026-11-22',
        title: 'Level 1',
        content: 'Done',
        image: { name: 'p.png', mimeType: 'image/png', buffer: PNG },
      },
    });
    const { log } = (await submitted.json()) as { log: { imageUrl: string } };
    expect((await owner.page.request.get(log.imageUrl)).status()).toBe(200);

    const stranger = await newSession(browser);
    await stranger.page.goto('/register');
    await stranger.page.getByRole('button', { name: 'Enter as a guest' }).click();
    await stranger.page.waitForURL('**/galaxy');
    expect((await stranger.page.request.get(log.imageUrl)).status()).toBe(404);
    await owner.context.close();
    await stranger.context.close();
  });
  it('says a proof sent after the session ended was not sent, and signing in again brings it back to send', async () => {
    const { context, page } = await newSession(browser);
    const email = uniqueEmail('expired');
    await page.goto('/register');
    await registerThroughForm(page, email);
    const confirmed = await page.request.put('/api/planets/music/task', {
      data: { description: 'Practise scales', reward: 'A new songbook' },
    });
    expect(confirmed.status()).toBe(200);
    await page.goto('/task/music');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const form = page.getByRole('form', { name: 'Proof', exact: true });
    await form.getByLabel('Proof title').fill('Scales in C');
    await form.getByLabel('What did you do?').fill('Twenty minutes, slowly.');

    // The session ends (its cookie gone, as when it expires in the browser); the page still shows.
    await context.clearCookies({ name: 'gomeum_session' });
    await form.getByRole('button', { name: 'Send proof' }).click();
    await form.getByRole('alert').filter({ hasText: 'Your session has ended, so this proof was not sent.' }).waitFor();
    expect(await form.getByLabel('Proof title').inputValue()).toBe('Scales in C');

    await form.getByRole('link', { name: 'Sign in again' }).click();
    await page.waitForURL('**/register?mode=login&next=%2Ftask%2Fmusic');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/task/music');
    // Back where it was, the form open with what was typed: sending it now works.
    expect(await form.getByLabel('Proof title').inputValue()).toBe('Scales in C');
    expect(await form.getByLabel('What did you do?').inputValue()).toBe('Twenty minutes, slowly.');
    await form.getByRole('button', { name: 'Send proof' }).click();
    await page.getByText('Task submitted successfully!').waitFor();
    await page.getByRole('region', { name: 'Your log' }).getByText('Scales in C').waitFor();
    await context.close();
  });

  it('labels the proof form in the app’s language, shows an upload’s progress, and lets it be stopped', async () => {
    // No service worker: its fetches would pass by the route that holds the upload below.
    const context = await browser.newContext({
      baseURL: baseURL(),
      locale: 'en-US',
      viewport: { width: 360, height: 740 },
      serviceWorkers: 'block',
    });
    await context.addInitScript(() => localStorage.setItem('gomeum.language', 'ko'));
    const page = await context.newPage();
    await page.request.post('/api/auth/guest');
    await page.request.put('/api/planets/drama/task', { data: { description: '하루 한 장면', reward: '팝콘' } });
    await page.goto('/task/drama');
    await page.getByRole('button', { name: '제출', exact: true }).click();
    const form = page.getByRole('form', { name: '인증' });

    // Our own controls, in Korean, whatever the browser's language (en-US here).
    const date = form.getByRole('group', { name: '날짜' });
    // The form's controls come in with its code: wait for the last of the three before reading them.
    await date.getByRole('combobox').nth(2).waitFor();
    expect(
      await date.getByRole('combobox').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label'))),
    ).toEqual(['연도', '월', '일']);
    await form.getByText('고른 사진 없음').waitFor();
    await form.getByLabel('제목').fill('첫 장면');
    await form.getByLabel('무엇을 했나요?').fill('대사를 외웠어요');

    // While the upload is under way (held here before it reaches the server), the form shows its
    // progress and can stop it; nothing is stored.
    const held: Route[] = [];
    await page.route('**/api/planets/drama/logs', (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      // Not answered here: the cancel button is what ends it.
      held.push(route);
      return undefined;
    });
    await form.getByLabel('사진 (선택)').setInputFiles({ name: 'scene.png', mimeType: 'image/png', buffer: PNG });
    await form.getByText('scene.png').waitFor();
    await form.getByRole('button', { name: '인증 보내기' }).click();
    await form.getByRole('progressbar', { name: /올리는 중… \d+%/ }).waitFor();
    expect(await form.getByRole('button', { name: '보내는 중…' }).isDisabled()).toBe(true);
    await form.getByRole('button', { name: '업로드 취소' }).click();
    await form.getByRole('alert').filter({ hasText: '업로드를 취소했어요.' }).waitFor();
    expect(await form.getByRole('progressbar').count()).toBe(0);
    expect(held).toHaveLength(1);
    // Taking the route away lets a request still held by it go on to the server (the browser
    // stops holding requests), and the page's own abort can reach the browser's network process
    // after that. The held request is ended here, so only what the page sends next is counted.
    await held[0]?.abort().catch(() => undefined);
    await page.unroute('**/api/planets/drama/logs');
    const logs = (await (await page.request.get('/api/planets/drama/logs')).json()) as { items: unknown[] };
    expect(logs.items).toEqual([]);

    // Sent again, it goes through.
    await form.getByLabel('사진 (선택)').setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('button', { name: '인증 보내기' }).click();
    await page.getByText('과제를 제출했어요!').waitFor();
    await context.close();
  });
});
