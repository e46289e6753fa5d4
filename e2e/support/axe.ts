import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseURL, type trackRequests } from './browser.ts';

/** The app's languages, each scanned. */
export const LANGUAGES = ['en', 'zh', 'ko'] as const;

/**
 * What axe-core finds on the page (WCAG 2.1 A/AA and best practice), by rule and element; only
 * inside `include` (a selector) when given.
 */
export async function violations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/** A browser profile that reads the app in one language (as the language control leaves it). */
export async function contextIn(browser: Browser, language: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseURL(),
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
export async function settle(page: Page, requests: ReturnType<typeof trackRequests>, language: string) {
  await requests.settled();
  await page.waitForFunction((lang) => document.documentElement.lang.startsWith(lang), language);
  await page.waitForFunction(() => document.querySelector('.skeleton') === null);
}
