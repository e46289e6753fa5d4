import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contextIn, LANGUAGES, settle, violations } from '../support/axe.ts';
import { baseURL, launchBrowser, TEST_PASSWORD, trackRequests, uniqueEmail } from '../support/browser.ts';

/** Every route a user can open, scanned by axe-core in each of the three languages (the dashboard's: accessibility-dashboard-languages.spec). */
describe('accessibility in every language (axe-core)', () => {
  let browser: Browser;
  let updatePath = '';
  beforeAll(async () => {
    browser = await launchBrowser();
    // One published update, for its own page (published here: no other file's is sure to exist).
    const context = await browser.newContext({ baseURL: baseURL() });
    const operator = inject('operator');
    const headers = { origin: baseURL() };
    expect((await context.request.post('/api/auth/login', { data: operator, headers })).status()).toBe(200);
    const published = await context.request.post('/api/operator/updates', {
      headers,
      data: {
        title: { en: 'Axe news', zh: '无障碍新闻', ko: '접근성 소식' },
        content: { en: '<p>The moon has <strong>new</strong> questions.</p>' },
      },
    });
    expect(published.status()).toBe(200);
    updatePath = `/update/${((await published.json()) as { id: string }).id}`;
    await context.close();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(LANGUAGES)(
    'every user page has no violations, in %s',
    async (language) => {
      const context = await contextIn(browser, language);
      const page = await context.newPage();
      const requests = trackRequests(page);
      for (const path of ['/', '/register', '/no-such-page', updatePath]) {
        await page.goto(path);
        await settle(page, requests, language);
        expect({ path, found: await violations(page) }).toEqual({ path, found: [] });
      }
      const registered = await page.request.post('/api/auth/register', {
        data: { email: uniqueEmail(`axe-${language}`), password: TEST_PASSWORD },
      });
      expect(registered.ok()).toBe(true);
      // A task with a proof, so the task screen and the logs show entries.
      const task = await page.request.put('/api/planets/food/task', {
        data: { description: 'Cook one new recipe a week', reward: 'Cheesecake' },
      });
      expect(task.ok()).toBe(true);
      const proof = await page.request.post('/api/planets/food/logs', {
        multipart: { date: '2026-11-24', title: 'Mapo tofu', content: 'Spicy and good.' },
      });
      expect(proof.ok()).toBe(true);
      for (const path of [
        '/galaxy',
        '/planet/food',
        '/task/food',
        '/user-log/food',
        '/gomeum-log/food',
        '/planet/moon',
      ]) {
        await page.goto(path);
        await settle(page, requests, language);
        const open = page.locator('dialog[open] button').last();
        if (await open.isVisible().catch(() => false)) await open.click();
        expect({ path, found: await violations(page) }).toEqual({ path, found: [] });
      }
      await context.close();
    },
    240_000,
  );
});
