import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium; no test tool downloads a browser of its own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Starts headless Chromium. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS });
}

/** The running server's address. */
export function baseURL(): string {
  return inject('baseURL');
}

/** A fresh browser profile (its own cookies and storage) and a page in it. */
export async function newSession(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  return { context, page };
}

/** A unique email for a test user. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The password the browser tests register with. */
export const TEST_PASSWORD = 'purr-purr-purr';

/**
 * On /register, opens the sign-up form and registers `email`; resolves once the galaxy shows.
 * The page must already be on /register.
 */
export async function registerThroughForm(page: Page, email: string): Promise<void> {
  await page.getByRole('link', { name: 'New here? Create an account' }).click();
  // (A link: before the app has the page the server drew, the browser opens it as any link.)
  await page.getByRole('button', { name: 'Register', exact: true }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await page.waitForURL('**/galaxy');
}

/** Resolves when this page's live channel is up (the server has said `ready`); call before navigating. */
export function liveReady(page: Page): Promise<void> {
  return new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"ready"')) resolve();
      });
    });
  });
}

/**
 * On /register, enters as a guest and waits until the tab's live channel is up (the server has
 * said `ready`), so live events sent afterwards are sure to reach it.
 */
export async function enterAsGuestWithLive(page: Page): Promise<void> {
  const ready = liveReady(page);
  await page.goto('/register');
  await page.getByRole('button', { name: 'Enter as a guest' }).click();
  await page.waitForURL('**/galaxy');
  await ready;
}

/** Logs the operator in through the form on /register; resolves on the dashboard. */
export async function logInAsOperator(page: Page): Promise<void> {
  const operator = inject('operator');
  await page.goto('/register');
  await page.getByLabel('Email').fill(operator.email);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL('**/gomeum-dashboard');
}
