import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseURL, enterAsGuestWithLive, launchBrowser, logInAsOperator, newSession } from '../support/browser.ts';

// A small coral PNG, for the update's image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAO0lEQVRIie3VwQkAMAwCwA7qJC5vx2gfB/kHgvHOmidzLK5TT7jinapApjIDiWIxWCwWh8VgsVjcVyxeL/WW6VdGLmkAAAAASUVORK5CYII=',
  'base64',
);

/** Publishes an update through the operator API, as the dashboard will. */
async function publishUpdate(browser: Browser, title: string): Promise<string> {
  const operator = inject('operator');
  const context = await browser.newContext({ baseURL: baseURL() });
  const headers = { origin: baseURL() };
  const login = await context.request.post('/api/auth/login', { data: operator, headers });
  expect(login.status()).toBe(200);
  const response = await context.request.post('/api/operator/updates', {
    headers,
    data: {
      title: { en: title, zh: `${title}（中文）`, ko: `${title} (한국어)` },
      content: { en: `<p>${title}: <strong>news</strong> from the moon.</p><script>window.hacked = true</script>` },
    },
  });
  expect(response.status()).toBe(200);
  const { id } = (await response.json()) as { id: string };
  await context.close();
  return id;
}

const dot = (page: Page) => page.getByTestId('diary-dot');

/**
 * The signed-in reader's diary state (what they last saw), once read: until then the diary shows no
 * dot and marks nothing seen, so a diary opened and closed before it came would leave its dot to
 * show afterwards. Call before the reader signs in.
 */
const diaryStateRead = (page: Page) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === '/api/updates/diary-state' && response.ok());

describe('updates diary', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows a dot after an update is published and clears it on open, remembered on the server', async () => {
    const { context, page } = await newSession(browser);
    await page.goto('/register');
    const stateRead = diaryStateRead(page);
    await page.getByRole('button', { name: 'Enter as a guest' }).click();
    await page.waitForURL('**/galaxy');
    await stateRead;
    // Start from a diary with nothing unseen.
    await page.getByRole('button', { name: /Gomeum's diary/ }).click();
    // Once the diary has loaded, what it lists counts as seen.
    const diary = page.getByRole('dialog', { name: "Gomeum's diary" });
    await diary.getByRole('listitem').first().or(diary.getByText('No updates yet. Check back soon!')).waitFor();
    await page.keyboard.press('Escape');
    // The diary marks what it lists as seen once it has rendered open (an effect, then the cache's
    // update): the dot goes a few tasks after the list shows.
    await expect.poll(() => dot(page).count()).toBe(0);

    const title = `Star festival ${Date.now()}`;
    const id = await publishUpdate(browser, title);
    await page.reload();
    await dot(page).waitFor();
    expect(await page.getByRole('button', { name: "Gomeum's diary (new update)" }).isVisible()).toBe(true);

    await page.getByRole('button', { name: /Gomeum's diary/ }).click();
    const dialog = page.getByRole('dialog', { name: "Gomeum's diary" });
    const entry = dialog.getByRole('link', { name: title });
    await entry.waitFor();
    expect(await dialog.getByText('news').first().isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined();
    await dot(page).waitFor({ state: 'detached' });

    // Remembered on the server: a new browser signed in as the same guest would see no dot.
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('button', { name: "Gomeum's diary" }).waitFor();
    expect(await dot(page).count()).toBe(0);

    // Each entry opens its own page.
    await page.getByRole('button', { name: "Gomeum's diary" }).click();
    await page.getByRole('dialog').getByRole('link', { name: title }).click();
    await page.waitForURL(`**/update/${id}`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await context.close();
  });

  it('shows an update published with an image in an open diary, image included, without a reload', async () => {
    const reader = await newSession(browser);
    await enterAsGuestWithLive(reader.page);
    await reader.page.getByRole('button', { name: /Gomeum's diary/ }).click();
    const diary = reader.page.getByRole('dialog', { name: "Gomeum's diary" });
    await diary.getByRole('listitem').first().or(diary.getByText('No updates yet. Check back soon!')).waitFor();

    // The operator publishes from the dashboard: the update is written, then its image attached.
    const operator = await newSession(browser);
    await logInAsOperator(operator.page);
    await operator.page.getByRole('link', { name: 'Update logs' }).click();
    const form = operator.page.getByRole('region', { name: 'New update' });
    const title = `Lantern night ${Date.now()}`;
    await form.getByRole('group', { name: 'English' }).getByLabel('Title').fill(title);
    await form.getByRole('group', { name: 'English' }).getByLabel('Content (HTML)').fill('<p>Bring a lantern.</p>');
    await form.getByLabel('Image').setInputFiles({ name: 'lantern.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('button', { name: 'Publish update' }).click();
    await operator.page.getByText('Published: every diary shows it now.').waitFor();

    // The reader's open diary shows the entry and then its image, with no reload.
    const entry = diary.getByRole('listitem').filter({ has: reader.page.getByRole('link', { name: title }) });
    await entry.waitFor();
    await entry.getByRole('img', { name: title }).waitFor();
    await expect
      .poll(() => entry.getByRole('img', { name: title }).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await operator.context.close();
    await reader.context.close();
  });

  it('keeps the dot in the browser for signed-out visitors, and opens /update/{id} for anyone', async () => {
    const title = `Open to all ${Date.now()}`;
    const id = await publishUpdate(browser, title);
    const { context, page } = await newSession(browser);
    await page.goto('/');
    await dot(page).waitFor();
    await page.getByRole('button', { name: /Gomeum's diary/ }).click();
    await page.getByRole('dialog').getByRole('link', { name: title }).waitFor();
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('button', { name: "Gomeum's diary" }).waitFor();
    expect(await dot(page).count()).toBe(0);

    await page.goto(`/update/${id}`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByRole('button', { name: /^Language: English/ }).click();
    await page.getByRole('heading', { name: `${title}（中文）`, level: 1 }).waitFor();

    await page.goto('/update/no-such-update');
    await page.getByRole('heading', { name: '找不到这条动态' }).waitFor();
    await context.close();
  });
});
