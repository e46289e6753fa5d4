import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contextIn, LANGUAGES, settle, violations } from '../support/axe.ts';
import { launchBrowser, trackRequests } from '../support/browser.ts';

const DASHBOARD_SECTIONS = ['overview', 'proofs', 'users', 'chat', 'moon', 'gomeum-tasks', 'broadcast', 'updates'];

/** Every section of the operator's dashboard, scanned by axe-core in each of the three languages. */
describe('dashboard accessibility in every language (axe-core)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(LANGUAGES)(
    'every dashboard section has no violations, in %s',
    async (language) => {
      const context = await contextIn(browser, language);
      const page = await context.newPage();
      const requests = trackRequests(page);
      expect((await page.request.post('/api/auth/login', { data: inject('operator') })).status()).toBe(200);
      for (const section of DASHBOARD_SECTIONS) {
        await page.goto(`/gomeum-dashboard?section=${section}`);
        // The dashboard's code and strings arrive after the app has started: its page is there first.
        await page.locator('main h1').first().waitFor();
        await settle(page, requests, language);
        expect({ section, found: await violations(page) }).toEqual({ section, found: [] });
      }
      await context.close();
    },
    240_000,
  );
});
