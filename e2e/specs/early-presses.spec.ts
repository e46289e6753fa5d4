import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, logInAsOperator, markHydrated } from '../support/browser.ts';

/**
 * A reader on a slow network presses a control as soon as it shows, before the app's scripts have
 * arrived: once the app is in, what they pressed is open (or done), never lost. Controls the
 * platform opens (a dialog, a popover) open at once; the others hold the press for the app.
 */

/** Holds every script of the app back (the service worker, which could answer them, is blocked) until released. */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** A fresh profile at phone-ish size, without a service worker, that marks when the app has the page. */
async function slowContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: 'en-US',
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  await markHydrated(context);
  return context;
}

/** A guest with a confirmed task on the music planet, in `context`. */
async function guestWithTask(context: BrowserContext): Promise<void> {
  const headers = { origin: baseURL() };
  expect((await context.request.post('/api/auth/guest', { data: {}, headers })).status()).toBe(200);
  const task = await context.request.put('/api/planets/music/task', {
    data: { description: 'Play scales every morning', reward: 'A new record', goal: 3, cadence: 'weekly' },
    headers,
  });
  expect(task.status()).toBe(200);
}

/** Opens `path` with the scripts held, `cpu`× slower, presses `control` as soon as it shows, then lets the app in. */
async function pressEarly(context: BrowserContext, path: string, cpu: number, control: (page: Page) => Locator) {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  const release = await holdScripts(page);
  // (Its module scripts are held back: the page never finishes loading meanwhile.)
  await page.goto(path, { waitUntil: 'commit' });
  await control(page).click();
  // The app was not there yet: the press was the page's alone.
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);
  release();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return { page, errors };
}

describe.each([1, 4])('controls pressed before the app arrives, CPU slowed %i×', (cpu) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("opens Gomeum's diary", async () => {
    const context = await slowContext(browser);
    await guestWithTask(context);
    const { page, errors } = await pressEarly(context, '/galaxy', cpu, (p) =>
      p.getByRole('button', { name: /Gomeum's diary/ }),
    );
    const diary = page.getByRole('dialog', { name: "Gomeum's diary" });
    await diary.waitFor();
    // The app fills it in, and it closes as any dialog does.
    await diary.getByRole('tab', { name: 'Updates' }).waitFor();
    await page.keyboard.press('Escape');
    await diary.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the account menu', async () => {
    const context = await slowContext(browser);
    await guestWithTask(context);
    const { page, errors } = await pressEarly(context, '/galaxy', cpu, (p) =>
      p.getByRole('button', { name: 'Account menu' }),
    );
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Download my data' }).waitFor();
    // The app has it: the keys move through it, Escape closes it.
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the chat', async () => {
    const context = await slowContext(browser);
    await guestWithTask(context);
    const { page, errors } = await pressEarly(context, '/galaxy', cpu, (p) =>
      p.getByRole('button', { name: /^Chat with Gomeum/ }),
    );
    const chat = page.getByRole('dialog', { name: 'Chat with Gomeum' });
    await chat.getByLabel('Your message').waitFor();
    await chat.getByRole('button', { name: 'Close' }).click();
    await chat.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the proof form from Submit', async () => {
    const context = await slowContext(browser);
    await guestWithTask(context);
    const { page, errors } = await pressEarly(context, '/task/music', cpu, (p) =>
      p.getByRole('button', { name: 'Submit', exact: true }),
    );
    await page.getByRole('form', { name: 'Proof' }).getByLabel('Proof title').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('turns the reminder on', async () => {
    const context = await slowContext(browser);
    await guestWithTask(context);
    // (A tap on the switch's label, as on a phone: the box itself is drawn by its track.)
    const { page, errors } = await pressEarly(context, '/task/music', cpu, (p) =>
      p.getByText('Remind me about this task'),
    );
    await expect.poll(() => page.getByRole('switch', { name: 'Remind me about this task' }).isChecked()).toBe(true);
    // Saved, as a press made once the app is in would be.
    await expect
      .poll(async () => {
        const reminder = await context.request.get('/api/planets/music/reminder');
        return ((await reminder.json()) as { reminder: { enabled: boolean } | null }).reminder?.enabled;
      })
      .toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens a dashboard section from the operator's section links", async () => {
    const context = await slowContext(browser);
    const signIn = await context.newPage();
    await logInAsOperator(signIn);
    await signIn.close();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    // The dashboard is the app's alone (never rendered by the server): its links work as soon as they show.
    await page.goto('/gomeum-dashboard');
    await page.getByRole('link', { name: 'Users & tasks' }).click();
    await page.waitForURL('**/gomeum-dashboard?section=users');
    await page.getByRole('region', { name: 'Users & tasks' }).waitFor();
    await context.close();
  });
});
