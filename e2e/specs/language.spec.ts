import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newSession } from '../support/browser.ts';

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
});
