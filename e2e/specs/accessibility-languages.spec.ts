import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, TEST_PASSWORD, uniqueEmail } from '../support/browser.ts';

const LANGUAGES = ['en', 'zh', 'ko'] as const;
const DASHBOARD_SECTIONS = ['overview', 'proofs', 'users', 'chat', 'moon', 'gomeum-tasks', 'broadcast', 'updates'];

async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/** A browser profile that reads the app in one language (as the language control leaves it). */
async function contextIn(browser: Browser, language: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: inject('baseURL'),
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  await context.addInitScript((lang) => {
    localStorage.setItem('gomeum.language', lang);
    localStorage.setItem('gomeum.push.declined', '1');
  }, language);
  return context;
}

/** The page is loaded and its data in: no request in flight, no skeleton left, the language applied. */
async function settle(page: Page, language: string) {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  await page.waitForFunction((lang) => document.documentElement.lang.startsWith(lang), language);
  await page.waitForFunction(() => document.querySelector('.skeleton') === null);
}

/** Every route a user and the operator can open, scanned by axe-core in each of the three languages. */
describe('accessibility in every language (axe-core)', () => {
  let browser: Browser;
  let updatePath = '/';
  beforeAll(async () => {
    browser = await launchBrowser();
    // One published update, for its own page.
    const context = await browser.newContext({ baseURL: inject('baseURL') });
    const operator = inject('operator');
    expect((await context.request.post('/api/auth/login', { data: operator })).status()).toBe(200);
    const updates = (await (await context.request.get('/api/updates')).json()) as { updates: { id: string }[] };
    if (updates.updates[0]) updatePath = `/update/${updates.updates[0].id}`;
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
      for (const path of ['/', '/register', '/no-such-page', updatePath]) {
        await page.goto(path);
        await settle(page, language);
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
        await settle(page, language);
        const open = page.locator('dialog[open] button').last();
        if (await open.isVisible().catch(() => false)) await open.click();
        expect({ path, found: await violations(page) }).toEqual({ path, found: [] });
      }
      await context.close();
    },
    240_000,
  );

  it.each(LANGUAGES)(
    'every dashboard section has no violations, in %s',
    async (language) => {
      const context = await contextIn(browser, language);
      const page = await context.newPage();
      expect((await page.request.post('/api/auth/login', { data: inject('operator') })).status()).toBe(200);
      for (const section of DASHBOARD_SECTIONS) {
        await page.goto(`/gomeum-dashboard?section=${section}`);
        await settle(page, language);
        expect({ section, found: await violations(page) }).toEqual({ section, found: [] });
      }
      await context.close();
    },
    240_000,
  );
});
