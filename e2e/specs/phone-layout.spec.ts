import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseURL, launchBrowser, trackRequests, WITH_MOTION } from '../support/browser.ts';

const LANGUAGES = ['en', 'zh', 'ko'] as const;
const USER_PAGES = ['/galaxy', '/planet/music', '/task/music', '/planet/moon', '/user-log/music', '/gomeum-log/music'];

/** A phone-sized browser profile (360 × 740) whose app language is `language` from the first paint. */
async function phone(
  browser: Browser,
  language: string,
  motion: { reducedMotion?: 'no-preference' } = {},
): Promise<{ context: BrowserContext; page: Page; settled: (path: string) => Promise<void> }> {
  const context = await browser.newContext({
    ...motion,
    baseURL: baseURL(),
    locale: 'en-US',
    viewport: { width: 360, height: 740 },
  });
  await context.addInitScript((lang) => localStorage.setItem('gomeum.language', lang), language);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  const requests = trackRequests(page);
  return { context, page, settled: (path) => openSettled(page, path, requests) };
}

/** How far the page is wider than the screen, in px (0 when nothing scrolls sideways). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Opens `path` and resolves once its heading shows and the page has nothing left to load. */
async function openSettled(page: Page, path: string, requests: ReturnType<typeof trackRequests>) {
  await page.goto(path);
  await page.locator('h1').first().waitFor();
  // Fonts and lazily loaded pieces can change widths after the heading shows: once they are all in.
  await requests.settled();
}

describe('on a 360 px phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(LANGUAGES)('no screen scrolls sideways, for a visitor and a guest, in %s', async (language) => {
    const { context, page, settled } = await phone(browser, language);
    const wide: Record<string, number> = {};
    for (const path of ['/', '/register']) {
      await settled(path);
      wide[path] = await overflow(page);
    }
    await page.request.post('/api/auth/guest');
    for (const path of USER_PAGES) {
      await settled(path);
      wide[path] = await overflow(page);
    }
    expect(Object.entries(wide).filter(([, px]) => px > 0)).toEqual([]);
    if (language === 'ko') {
      // Korean keeps its words whole.
      expect(await page.evaluate(() => getComputedStyle(document.body).wordBreak)).toBe('keep-all');
    }
    await context.close();
  });

  it.each(LANGUAGES)('the dashboard does not scroll sideways either, in %s', async (language) => {
    const { context, page, settled } = await phone(browser, language);
    const operator = inject('operator');
    const login = await page.request.post('/api/auth/login', { data: operator });
    expect(login.status()).toBe(200);
    await settled('/gomeum-dashboard');
    expect(await overflow(page)).toBe(0);
    await context.close();
  });

  it('changes its large decorative layers a few times a second, not on every frame', async () => {
    // Each change of a layer as big as the screen has the compositor draw the whole screen again: at
    // 60 a second, a phone's GPU (or a core of a machine without one) never rests while a page is open.
    const { context, page, settled } = await phone(browser, 'en', WITH_MOTION);
    const seen: Record<string, string[]> = {};
    await settled('/');
    await page.request.post('/api/auth/guest');
    for (const path of ['/', '/galaxy', '/planet/moon', '/task/music']) {
      await settled(path);
      seen[path] = await page.evaluate(() => {
        const screen = window.innerWidth * window.innerHeight;
        return document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations === Infinity)
          .filter((animation) => {
            const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
            const box = target?.getBoundingClientRect();
            return box !== undefined && box.width * box.height >= screen / 4;
          })
          .map((animation) => {
            const effect = animation.effect as KeyframeEffect;
            // The easing of each step between keyframes (the last keyframe's leads nowhere).
            return effect
              .getKeyframes()
              .slice(0, -1)
              .map((frame) => frame.easing)
              .join(' ');
          });
      });
    }
    // Every page has its sky's twinkling layers, and each changes in steps.
    for (const [path, easings] of Object.entries(seen)) {
      expect(easings.length, path).toBeGreaterThan(0);
      expect(
        easings.filter((easing) => !easing.split(' ').every((step) => step.startsWith('steps('))),
        path,
      ).toEqual([]);
    }
    await context.close();
  });

  it('gives the top bar a surface once the page scrolls under it', async () => {
    const { context, page, settled } = await phone(browser, 'en', WITH_MOTION);
    // The scroll comes once the app has the page, whose top bar is watched: the rendered page's
    // scroll kept through the taking over is server-render.spec's.
    await context.addInitScript(() =>
      document.addEventListener('gomeum:hydrated', () => document.documentElement.setAttribute('data-hydrated', '')),
    );
    await settled('/register');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const bar = page.locator('header.top-bar');
    const background = () => bar.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await bar.getAttribute('data-scrolled')).toBeNull();
    expect(await background()).toBe('rgba(0, 0, 0, 0)');
    await page.mouse.wheel(0, 400);
    await expect.poll(() => bar.getAttribute('data-scrolled')).toBe('true');
    await expect.poll(background).not.toBe('rgba(0, 0, 0, 0)');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => bar.getAttribute('data-scrolled')).toBeNull();
    await context.close();
  });
});
