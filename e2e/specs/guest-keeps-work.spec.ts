import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, launchBrowser, newSession, uniqueEmail } from '../support/browser.ts';

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

  it('sets a task and proofs as a guest, follows "Keep your progress", registers, and finds it all there', async () => {
    const { context, page } = await newSession(browser);
    await enterAsGuest(page);
    const keep = page.getByRole('banner').getByRole('link', { name: 'Keep your progress' });
    await keep.waitFor();

    await page.goto('/task/food');
    await page.getByLabel('Description').fill('Cook one new recipe every week');
    await page.getByLabel('Reward').fill('A slice of cheesecake');
    await page.getByRole('button', { name: 'Confirm Task' }).click();
    await page.getByRole('region', { name: 'Your task' }).locator('dd', { hasText: 'A slice of cheesecake' }).waitFor();

    // The first proof: asked once, kindly, in place; "Not now" puts it away.
    await submitProof(page, 'Mapo tofu night', true, true);
    const ask = page.getByRole('complementary', { name: ASK });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Not now' }).click();
    await ask.waitFor({ state: 'detached' });
    // The second: not asked again.
    await submitProof(page, 'Dumpling Sunday', false, false);
    await page.waitForTimeout(500);
    expect(await page.getByRole('complementary', { name: ASK }).count()).toBe(0);

    // Logging out warns that the work stays in this browser; Escape stays signed in.
    const logout = page.getByRole('button', { name: 'Log out (guest)' });
    await logout.click();
    const warning = page.getByRole('dialog', { name: 'Log out as a guest?' });
    await warning.getByText('stay only in this browser').waitFor();
    expect(await warning.getByRole('button', { name: 'Stay' }).evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    await page.keyboard.press('Escape');
    await warning.waitFor({ state: 'detached' });
    expect(await logout.evaluate((el) => el === document.activeElement)).toBe(true);

    // "Keep your progress" leads to registering; the guest becomes the account.
    await keep.click();
    await page.waitForURL('**/register');
    await page.getByLabel('Email').fill(uniqueEmail('kept'));
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.waitForURL('**/galaxy');
    await page.getByRole('button', { name: /^Log out \(.+@example\.com\)$/ }).waitFor();
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
    await page.getByRole('button', { name: 'Log out (guest)' }).click();
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
    await offer.getByRole('button', { name: 'Bring it all' }).click();
    const done = page.getByRole('dialog', { name: 'All here now' });
    await done.getByRole('button', { name: 'Continue' }).click();
    await done.waitFor({ state: 'detached' });

    await page.goto('/task/music');
    await page.getByRole('region', { name: 'Your task' }).locator('dd', { hasText: 'Learn a song' }).waitFor();
    await page.getByRole('region', { name: 'Your log' }).getByRole('heading', { name: 'First chords' }).waitFor();
    await context.close();
  });
});
