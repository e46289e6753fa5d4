import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newSession, TEST_PASSWORD, uniqueEmail } from '../support/browser.ts';

/**
 * A visitor who is quick: on /register, they switch to "create an account", type and press Enter
 * as soon as the form shows, whether or not the rendered page is hydrated yet. Each try
 * must register (never log in) and reach the galaxy, at full speed and on a CPU slowed 4× (as
 * Lighthouse's phone preset slows it).
 */
/** The auth routes the page posts to, in order (filled as its requests leave). */
function authPosts(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/auth/')) sent.push(new URL(request.url()).pathname);
  });
  return sent;
}

async function quickRegister(page: Page): Promise<string[]> {
  const sent = authPosts(page);
  // As soon as the rendered page shows (its HTML parsed), before its scripts have run.
  await page.goto('/register', { waitUntil: 'commit' });
  await page.getByRole('link', { name: 'New here? Create an account' }).click();
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await page.getByLabel('Email').fill(uniqueEmail('quick'));
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL('**/galaxy');
  await page.getByRole('heading', { name: 'Choose your planet' }).waitFor();
  return sent;
}

describe('a quick visitor registers', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each([
    ['at full speed', 1],
    ['on a CPU slowed 4×', 4],
  ])('%s, four fresh pages in a row: each registers and reaches the galaxy', async (_name, rate) => {
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const { context, page } = await newSession(browser);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const sent = await quickRegister(page);
      expect(sent).toContain('/api/auth/register');
      expect(sent).not.toContain('/api/auth/login');
      await context.close();
    }
  });

  it('with the keyboard only, on a CPU slowed 4×', async () => {
    const { context, page } = await newSession(browser);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const sent = authPosts(page);
    await page.goto('/register', { waitUntil: 'commit' });
    const toggle = page.getByRole('link', { name: 'New here? Create an account' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByLabel('Email').focus();
    await page.keyboard.type(uniqueEmail('keys'));
    await page.keyboard.press('Tab');
    await page.keyboard.type(TEST_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/galaxy');
    expect(sent).toContain('/api/auth/register');
    expect(sent).not.toContain('/api/auth/login');
    await context.close();
  });
});
