import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newSession } from '../support/browser.ts';

describe('language control', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('cycles zh → ko → en, switches every string at once, and remembers the choice', async () => {
    const { context, page } = await newSession(browser);
    await page.goto('/register');
    const control = page.locator('.language-control');
    await expect.poll(() => control.textContent()).toContain('🇺🇸');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await expect.poll(() => page.title()).toBe('Welcome back · Gomeum');

    await control.click();
    await expect.poll(() => control.textContent()).toContain('🇨🇳');
    await page.getByRole('heading', { name: '欢迎回来' }).waitFor();
    // The tab's title follows the language too.
    await page.waitForFunction(() => document.title === '欢迎回来 · Gomeum');
    await page.getByRole('button', { name: '以游客身份进入' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-Hans');

    await control.click();
    await expect.poll(() => control.textContent()).toContain('🇰🇷');
    await page.getByRole('heading', { name: '다시 만나서 반가워요' }).waitFor();
    await page.getByRole('button', { name: '게스트로 입장' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: '다시 만나서 반가워요' }).waitFor();

    await control.click();
    await expect.poll(() => control.textContent()).toContain('🇺🇸');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await context.close();
  });

  it('shows server errors in the chosen language', async () => {
    const { context, page } = await newSession(browser);
    await page.goto('/register');
    await page.locator('.language-control').click();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: '请填写邮箱和密码。' }).waitFor();
    await page.getByLabel('邮箱').fill('nobody@example.com');
    await page.getByLabel('密码').fill('wrong-password');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: '验证失败' }).waitFor();
    await context.close();
  });

  it.each([
    ['ko-KR', 'ko', '우주로 들어가기', '🇰🇷', 'Enter the universe'],
    ['zh-CN', 'zh-Hans', '进入宇宙', '🇨🇳', '우주로 들어가기'],
  ])(
    'a first visit from a %s browser comes in its language, rendered so by the server; a choice then wins',
    async (locale, htmlLang, enter, flag, afterChoice) => {
      const context = await browser.newContext({ baseURL: baseURL(), locale, viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
      });
      const response = await page.goto('/');
      // The server rendered the page in the browser's language, before any script ran.
      expect(await response?.text()).toContain(`<html lang="${htmlLang}"`);
      await page.getByRole('link', { name: enter }).waitFor();
      await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
      expect(await page.locator('html').getAttribute('lang')).toBe(htmlLang);
      const control = page.locator('.language-control');
      await expect.poll(() => control.textContent()).toContain(flag);
      // Hydrated as rendered: nothing was rendered afresh in another language.
      expect(warnings.filter((text) => text.includes('rendered afresh'))).toEqual([]);

      // The control keeps the spec's cycle (zh → ko → en), and the choice is kept over the browser's.
      await control.click();
      await page.getByRole('link', { name: afterChoice }).waitFor();
      await page.reload();
      await page.getByRole('link', { name: afterChoice }).waitFor();
      await context.close();
    },
  );
});
