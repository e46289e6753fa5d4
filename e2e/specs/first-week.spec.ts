import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, markHydrated } from '../support/browser.ts';

const LOCALES = [
  ['en', 'en-US'],
  ['zh', 'zh-CN'],
  ['ko', 'ko-KR'],
] as const;

/** The boxes of the top bar's controls, and of the bar itself. */
function topBar(page: Page) {
  return page.evaluate(() => {
    const bar = document.querySelector('.top-bar');
    const controls = Array.from(document.querySelectorAll('.top-bar a, .top-bar button'))
      .filter((element) => element.getBoundingClientRect().width > 0)
      .map((element) => {
        const box = element.getBoundingClientRect();
        return {
          name: element.getAttribute('aria-label') ?? element.textContent,
          top: box.top,
          bottom: box.bottom,
          left: box.left,
          right: box.right,
          height: box.height,
        };
      });
    return { bar: bar?.getBoundingClientRect().height ?? 0, controls };
  });
}

/** Pairs of boxes that overlap. */
function overlaps(boxes: { name: string; top: number; bottom: number; left: number; right: number }[]) {
  const found: string[] = [];
  boxes.forEach((a, i) =>
    boxes.slice(i + 1).forEach((b) => {
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
        found.push(`${a.name} × ${b.name}`);
    }),
  );
  return found;
}

describe('a new user on a phone (360 × 740)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  async function guestIn(locale: string) {
    const context = await browser.newContext({ baseURL: baseURL(), locale, viewport: { width: 360, height: 740 } });
    await markHydrated(context);
    const page = await context.newPage();
    expect((await page.request.post('/api/auth/guest')).status()).toBe(200);
    return { context, page };
  }

  it.each(LOCALES)(
    'in %s, the top bar is one row of controls that never overlap, with a way home from a task',
    async (language, locale) => {
      const { context, page } = await guestIn(locale);
      await page.goto('/task/music');
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      expect(await page.locator('html').getAttribute('lang')).toMatch(new RegExp(`^${language}`));
      // A guest's bar has the most controls: home, diary, keep your progress, language, account, chat.
      const { bar, controls } = await topBar(page);
      expect(controls).toHaveLength(6);
      const rows = new Set(controls.map((control) => Math.round(control.top)));
      expect(rows.size, JSON.stringify(controls)).toBe(1);
      // No label wraps: every control is one line high.
      expect(Math.max(...controls.map((control) => control.height))).toBeLessThanOrEqual(46);
      expect(bar).toBeLessThanOrEqual(70);
      expect(overlaps(controls)).toEqual([]);
      expect(Math.max(...controls.map((control) => control.right))).toBeLessThanOrEqual(360);

      // One tap home, to the galaxy.
      await page.locator('.top-bar__home').click();
      await page.waitForURL('**/galaxy');
      // On the galaxy itself there is no way "home": it is home.
      await expect.poll(() => page.locator('.top-bar__home').count()).toBe(0);
      await context.close();
    },
  );

  it.each(LOCALES)('in %s, the language control stays clear of the cat on the register page', async (_l, locale) => {
    const context = await browser.newContext({ baseURL: baseURL(), locale, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto('/register');
    const cat = await page.locator('.auth-card__cat').boundingBox();
    const control = await page.locator('.language-control').boundingBox();
    if (!cat || !control) throw new Error('the cat or the language control is not shown');
    expect(control.y + control.height).toBeLessThanOrEqual(cat.y);
    await context.close();
  });

  it('never offers a proof date after today', async () => {
    const { context, page } = await guestIn('en-US');
    await page.goto('/task/game');
    await page.getByLabel('Description').fill('Finish one level a day');
    await page.getByLabel('Reward').fill('A new game');
    await page.getByRole('button', { name: 'Confirm Task' }).click();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const form = page.getByRole('form', { name: 'Proof' });
    await form.getByRole('combobox', { name: 'Day' }).waitFor();
    // Today as the browser's clock and time zone have it (the user's).
    const today = await page.evaluate(() => {
      const now = new Date();
      return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
    });
    const values = (name: string) =>
      form
        .getByRole('combobox', { name })
        .locator('option')
        .evaluateAll((options) => options.map((option) => Number((option as HTMLOptionElement).value)));
    expect(Math.max(...(await values('Year')))).toBe(today.year);
    expect(Math.max(...(await values('Month')))).toBe(today.month);
    expect(Math.max(...(await values('Day')))).toBe(today.day);
    // An earlier month offers all its days.
    const earlier =
      today.month === 1 ? { year: today.year - 1, month: 12 } : { year: today.year, month: today.month - 1 };
    await form.getByRole('combobox', { name: 'Year' }).selectOption(String(earlier.year));
    await form.getByRole('combobox', { name: 'Month' }).selectOption(String(earlier.month));
    const days = new Date(earlier.year, earlier.month, 0).getDate();
    expect(Math.max(...(await values('Day')))).toBe(days);
    await context.close();
  });
});
