import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { inject } from 'vitest';
import { browserForTests, type TestBrowser } from '../../scripts/browser-for-tests.mjs';

/**
 * The Chromium to test in (scripts/browser-for-tests.mjs: CHROMIUM_PATH, Debian's, or Playwright's),
 * found once per worker; the suite's setup has already stopped when there is none. Pages run in
 * Debian's build of the headless shell when it is installed and CHROMIUM_PATH names no other
 * browser: the same engine without the full browser's services, at half the CPU a page costs the
 * full browser (`npm run bench:test-browser`: 7.5 s against 16.1 s for six profiles of four pages,
 * on 2 cores). Tests of notifications and push run in the full browser.
 */
let found: Promise<TestBrowser> | null = null;
function testBrowser(): Promise<TestBrowser> {
  found ??= browserForTests().then((browser) => {
    if (browser && !('problem' in browser)) return browser;
    throw new Error(browser?.problem ?? 'no Chromium for the browser tests: run `node scripts/browser-for-tests.mjs`');
  });
  return found;
}

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Context options for a test of motion itself: the page moves as it does for most readers. */
export const WITH_MOTION = { reducedMotion: 'no-preference' } as const;

/**
 * Starts headless Chromium, whose profiles ask for reduced motion unless a test says otherwise.
 * The sky's endless twinkle and the cat's breathing have the compositor draw every page again a
 * few times a second, in software here: measured over the whole suite, the browser's GPU process
 * and renderers used most of its CPU. Pages are tested still, as a reader who asks for less motion
 * sees them; a test of motion itself asks for it back with WITH_MOTION. `notifications` starts the
 * full browser, for tests of what the headless shell lacks.
 */
export async function launchBrowser(options: { notifications?: boolean } = {}): Promise<Browser> {
  const { full, shell } = await testBrowser();
  const executablePath = !options.notifications && shell ? shell : full;
  const browser = await chromium.launch({ executablePath, args: FLAGS });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (contextOptions) => newContext({ reducedMotion: 'reduce', ...contextOptions });
  return browser;
}

/** The address of this worker's server (global-setup starts one per worker). */
export function baseURL(): string {
  const urls = inject('baseURLs');
  const url = urls[(Number(process.env.VITEST_POOL_ID ?? '1') - 1) % urls.length];
  if (!url) throw new Error('no e2e server for this worker');
  return url;
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

/** The longest `settled()` waits for an idle callback: the bound of the app's own idle work (`whenIdle`). */
const IDLE_BOUND_MS = 2_000;

/**
 * Follows `page`'s requests in flight from now on; `settled()` then resolves once the page has
 * nothing left to do: no request of its document in flight, its fonts loaded, and the browser idle
 * (an idle callback, then two frames), with no request started meanwhile. Events, not time: what
 * the app does once idle itself (its lazily loaded parts, its `whenIdle` work) runs before the
 * callback. (A request the previous document left unanswered when the page moved on never ends:
 * a navigation forgets them.)
 */
export function trackRequests(page: Page): { settled(): Promise<void> } {
  const inFlight = new Set<Request>();
  let started = 0;
  let waiters: (() => void)[] = [];
  const check = () => {
    if (inFlight.size === 0) for (const resolve of waiters.splice(0)) resolve();
  };
  page.on('request', (request) => {
    inFlight.add(request);
    started += 1;
  });
  const done = (request: Request) => {
    inFlight.delete(request);
    check();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    inFlight.clear();
    check();
  });
  const noneInFlight = () =>
    inFlight.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (waiters = [...waiters, resolve]));
  return {
    async settled() {
      for (;;) {
        await noneInFlight();
        const before = started;
        await page.evaluate(async (bound) => {
          await document.fonts.ready;
          // Bounded as the app's own idle work is (web/src/lib/when-idle.ts): in the headless shell,
          // on a fresh profile's first page, an idle period sometimes does not begin until something
          // else draws (2 of 36 such pages in accessibility-languages.spec; never on a later page).
          await new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: bound }));
          await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
        }, IDLE_BOUND_MS);
        if (inFlight.size === 0 && started === before) return;
      }
    },
  };
}

/** Marks `<html data-hydrated>` once the app has hydrated every part of a page the server rendered. */
export async function markHydrated(context: BrowserContext): Promise<void> {
  await context.addInitScript(() =>
    document.addEventListener('gomeum:hydrated', () => document.documentElement.setAttribute('data-hydrated', '')),
  );
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
  // (A link: before the page the server rendered is hydrated, the browser opens it as any link.)
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

/**
 * Logs out through the account menu's last item, "Log out (who)" (`who`: the email, or `guest`).
 * For a guest this opens the warning first; the caller answers it.
 */
export async function pressLogOut(page: Page, who: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  const name = typeof who === 'string' ? `Log out (${who})` : who;
  await page.getByRole('menuitem', { name }).click();
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
