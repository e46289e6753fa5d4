import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newSession } from '../support/browser.ts';
import { violations } from '../support/axe.ts';

describe('accessibility (axe-core)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each([
    ['home', '/', 'Enter the universe'],
    ['register', '/register', 'Welcome back'],
  ])('%s has no violations', async (_name, path, text) => {
    const { context, page } = await newSession(browser);
    await page.goto(path);
    await page.getByText(text).first().waitFor();
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('galaxy has no violations, on desktop and on a phone', async () => {
    const { context, page } = await newSession(browser);
    await page.goto('/register');
    await page.getByRole('button', { name: 'Enter as a guest' }).click();
    await page.waitForURL('**/galaxy');
    await page.getByRole('heading', { name: 'Choose your planet' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('the task screen and its proof form have no violations', async () => {
    const { context, page } = await newSession(browser);
    await page.goto('/register');
    await page.getByRole('button', { name: 'Enter as a guest' }).click();
    await page.waitForURL('**/galaxy');
    await page.goto('/task/drama');
    await page.getByRole('button', { name: 'Confirm Task' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByLabel('Description').fill('Watch one episode, then write three lines about it');
    await page.getByLabel('Reward').fill('Popcorn');
    await page.getByRole('button', { name: 'Confirm Task' }).click();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('form', { name: 'Proof' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('the dashboard sections have no violations', async () => {
    const operator = inject('operator');
    const { context, page } = await newSession(browser);
    expect((await page.request.post('/api/auth/login', { data: operator })).status()).toBe(200);
    await page.goto('/gomeum-dashboard');
    await page.getByText('Visits per day').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Users & tasks' }).click();
    await page.locator('.user-row').first().click();
    await page.getByRole('heading', { name: 'Page visits' }).waitFor();
    // The user's task on the chosen planet (with its proof box) or the note that there is none.
    await page.locator('.user-task').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('link', { name: "Gomeum's tasks" }).click();
    await page.locator('form[data-planet]').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Chat inbox' }).click();
    await page.getByRole('heading', { name: 'Conversations' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Moon questions' }).click();
    await page.getByRole('button', { name: 'Update Answer' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Broadcast', exact: true }).click();
    await page.getByRole('button', { name: 'Send to All' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Update logs' }).click();
    await page.getByRole('button', { name: 'Publish update' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await context.close();
    // Seven full axe scans: on a two-core machine with other work beside it (load 24) they took 156 s.
  }, 300_000);

  it('every control on the register page is reachable by keyboard', async () => {
    const { context, page } = await newSession(browser);
    await page.goto('/register');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    const reached: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(
          () => document.activeElement?.textContent.trim() || document.activeElement?.getAttribute('name') || '',
        ),
      );
    }
    expect(reached).toEqual(expect.arrayContaining(['email', 'password', 'Log in', 'Enter as a guest']));
    await context.close();
  });
});
