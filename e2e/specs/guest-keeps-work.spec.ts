import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, launchBrowser, newSession, pressLogOut, uniqueEmail } from '../support/browser.ts';
import { violations } from '../support/axe.ts';

// A small coral PNG: a real image for the proof upload.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAO0lEQVRIie3VwQkAMAwCwA7qJC5vx2gfB/kHgvHOmidzLK5TT7jinapApjIDiWIxWCwWh8VgsVjcVyxeL/WW6VdGLmkAAAAASUVORK5CYII=',
  'base64',
);
const ASK = 'Nicely done! Shall we keep it safe?';

async function enterAsGuest(page: Page): Promise<void> {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Enter as a guest' }).click();
  await page.waitForURL('**/galaxy');
}

/** Sends a proof through the task screen's form; closes the goal's celebration when it comes. */
async function submitProof(page: Page, title: string, withPhoto: boolean, celebrates: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const form = page.getByRole('form', { name: 'Proof' });
  await form.getByLabel('Proof title').fill(title);
  await form.getByLabel('What did you do?').fill(`${title}: done.`);
  if (withPhoto) {
    await form.getByLabel('Photo (optional)').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
  }
  await form.getByRole('button', { name: 'Send proof' }).click();
  await page.getByRole('region', { name: 'Your log' }).getByRole('heading', { name: title }).waitFor();
  if (celebrates) {
    // The goal is reached: Gomeum celebrates and reveals the reward the user set.
    await page.getByRole('dialog', { name: 'You did it!' }).getByText('You earned: A slice of cheesecake').waitFor();
    const hooray = page.getByRole('button', { name: 'Hooray!' });
    await hooray.click();
    await hooray.waitFor({ state: 'detached' });
  }
}

describe('a guest keeps their work', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  // (Two tests, not one journey: on a loaded 2-core machine the whole journey took 50-60 s, over
  // 120 s when the load was at its worst.)
  it('sets a task and proofs as a guest, is asked once to keep them, and sees the goal reached', async () => {
    const { context, page } = await newSession(browser);
    await enterAsGuest(page);
    const keep = page.getByRole('banner').getByRole('link', { name: 'Keep your progress' });
    await keep.waitFor();

    await page.goto('/task/food');
    await page.getByLabel('Description').fill('Cook one new recipe every week');
    await page.getByLabel('Reward').fill('A slice of cheesecake');
    // Two proofs finish it.
    await page.getByLabel('Proofs to finish').fill('2');
    await page.getByRole('button', { name: 'Confirm Task' }).click();
    await page.getByRole('region', { name: 'Your task' }).locator('dd', { hasText: 'A slice of cheesecake' }).waitFor();

    // The first proof: one of two, no celebration yet; asked once, kindly, in place; "Not now" puts it away.
    await submitProof(page, 'Mapo tofu night', true, false);
    await page.getByRole('region', { name: 'Your progress' }).getByText('1 of 2').first().waitFor();
    expect(await page.getByRole('dialog', { name: 'You did it!' }).count()).toBe(0);
    const ask = page.getByRole('complementary', { name: ASK });
    await ask.waitFor();
    expect(await violations(page)).toEqual([]);
    await ask.getByRole('button', { name: 'Not now' }).click();
    await ask.waitFor({ state: 'detached' });
    // The second reaches the goal (celebrated); not asked again: the page asks the server, which says no.
    const claimed = page.waitForResponse((response) => response.url().endsWith('/api/me/keep-progress-ask'));
    await submitProof(page, 'Dumpling Sunday', false, true);
    expect(await (await claimed).json()).toEqual({ ask: false });
    expect(await page.getByRole('complementary', { name: ASK }).count()).toBe(0);

    // The galaxy shows the planet completed, in words.
    await page.goto('/galaxy');
    await page.getByRole('link', { name: /^Food\b.*Completed/ }).waitFor();
    await context.close();
  });

  it('warns a guest with work on logging out, leads them by "Keep your progress" to registering, and keeps it all', async () => {
    const { context, page } = await newSession(browser);
    await enterAsGuest(page);
    const keep = page.getByRole('banner').getByRole('link', { name: 'Keep your progress' });
    await keep.waitFor();
    // The guest's work, set through the API (the test above does it through the screens).
    const task = await page.request.put('/api/planets/food/task', {
      data: { description: 'Cook one new recipe every week', reward: 'A slice of cheesecake', goal: 2 },
    });
    expect(task.status()).toBe(200);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    for (const [title, image] of [
      ['Mapo tofu night', { name: 'proof.png', mimeType: 'image/png', buffer: PNG }],
      ['Dumpling Sunday', undefined],
    ] as const) {
      const proof = await page.request.post('/api/planets/food/logs', {
        multipart: { date: yesterday, title, content: `${title}: done.`, ...(image ? { image } : {}) },
      });
      expect(proof.status()).toBe(200);
    }
    await page.goto('/task/food');
    // The goal was reached away from the screen: Gomeum celebrates it when the task is next opened.
    const hooray = page.getByRole('dialog', { name: 'You did it!' }).getByRole('button', { name: 'Hooray!' });
    await hooray.click();
    await hooray.waitFor({ state: 'detached' });

    // Logging out warns that the work stays in this browser; Escape stays signed in.
    const menu = page.getByRole('button', { name: 'Account menu' });
    await pressLogOut(page, 'guest');
    const warning = page.getByRole('dialog', { name: 'Log out as a guest?' });
    await warning.getByText('stay only in this browser').waitFor();
    expect(await violations(page)).toEqual([]);
    expect(await warning.getByRole('button', { name: 'Stay' }).evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    await page.keyboard.press('Escape');
    await warning.waitFor({ state: 'detached' });
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);

    // "Keep your progress" leads to registering; the guest becomes the account.
    await keep.click();
    await page.waitForURL('**/register');
    await page.getByLabel('Email').fill(uniqueEmail('kept'));
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.waitForURL('**/galaxy');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: /^Log out \(.+@example\.com\)$/ }).waitFor();
    await page.keyboard.press('Escape');
    expect(await keep.count()).toBe(0);

    // Everything is still there, after a reload too.
    for (const reload of [false, true]) {
      if (reload) await page.reload();
      else await page.goto('/task/food');
      await page
        .getByRole('region', { name: 'Your task' })
        .locator('dd', { hasText: 'A slice of cheesecake' })
        .waitFor();
      const log = page.getByRole('region', { name: 'Your log' });
      await log.getByRole('heading', { name: 'Mapo tofu night' }).waitFor();
      await log.getByRole('heading', { name: 'Dumpling Sunday' }).waitFor();
      const photo = log.getByRole('img', { name: 'Photo for “Mapo tofu night”' });
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
    }
    await context.close();
  });

  it("brings a guest's work into the account they log into, when they say so", async () => {
    const email = uniqueEmail('existing');
    const setup = await newSession(browser);
    expect(
      (await setup.page.request.post('/api/auth/register', { data: { email, password: TEST_PASSWORD } })).status(),
    ).toBe(200);
    await setup.context.close();

    const { context, page } = await newSession(browser);
    await enterAsGuest(page);
    expect(
      (
        await page.request.put('/api/planets/music/task', { data: { description: 'Learn a song', reward: 'Tea' } })
      ).status(),
    ).toBe(200);
    const proof = await page.request.post('/api/planets/music/logs', {
      multipart: { date: '2026-11-24', title: 'First chords', content: 'G, C and D.' },
    });
    expect(proof.status()).toBe(200);

    // Out, through the warning.
    await pressLogOut(page, 'guest');
    await page
      .getByRole('dialog', { name: 'Log out as a guest?' })
      .getByRole('button', { name: 'Log out anyway' })
      .click();
    await page.waitForURL((url) => url.pathname === '/');

    // Into the existing account: asked whether to bring the guest's work along.
    await page.goto('/register');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const offer = page.getByRole('dialog', { name: 'Bring your guest work along?' });
    await offer.getByText('Proofs', { exact: true }).waitFor();
    expect(await violations(page)).toEqual([]);
    await offer.getByRole('button', { name: 'Bring it all' }).click();
    const done = page.getByRole('dialog', { name: 'All here now' });
    await done.getByRole('button', { name: 'Continue' }).click();
    await done.waitFor({ state: 'detached' });

    await page.goto('/task/music');
    await page.getByRole('region', { name: 'Your task' }).locator('dd', { hasText: 'Learn a song' }).waitFor();
    await page.getByRole('region', { name: 'Your log' }).getByRole('heading', { name: 'First chords' }).waitFor();
    await context.close();
  });

  it('shows "Keep your progress" whole in the top bar of a 360 px phone, short, in en, zh and ko', async () => {
    const { context, page } = await newSession(browser);
    await page.setViewportSize({ width: 360, height: 740 });
    await enterAsGuest(page);
    for (const [language, label] of [
      ['en', 'Sign up'],
      ['zh', '注册'],
      ['ko', '가입하기'],
    ] as const) {
      await page.evaluate((lang) => localStorage.setItem('gomeum.language', lang), language);
      await page.reload();
      const keep = page.getByRole('banner').getByRole('link', { name: label });
      await keep.waitFor();
      const boxes = await page.locator('.top-bar a, .top-bar button').evaluateAll((elements) =>
        elements.map((el) => {
          const box = el.getBoundingClientRect();
          return { left: box.left, right: box.right, height: box.height, keep: el.classList.contains('keep-link') };
        }),
      );
      // Inside the window, clear of every other control, and a full touch target.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const entry = boxes.find((box) => box.keep)!;
      expect(entry.height).toBeGreaterThanOrEqual(44);
      for (const other of boxes.filter((box) => !box.keep)) {
        expect(entry.right <= other.left || entry.left >= other.right, language).toBe(true);
      }
      // Its text is not cut: nothing overflows the pill.
      expect(await keep.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(
        true,
      );
    }
    await context.close();
  });
});
