import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, markHydrated, newSession, TEST_PASSWORD, uniqueEmail } from '../support/browser.ts';

/** Holds the app's entry script back until the returned function is called. */
async function holdAppBack(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Registers a new account (as if on another device) and leaves this browser signed out; its email. */
async function registeredElsewhere(context: BrowserContext, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  const registered = await context.request.post('/api/auth/register', {
    data: { email, password: TEST_PASSWORD },
    headers: { origin: baseURL() },
  });
  expect(registered.status()).toBe(200);
  await context.clearCookies();
  return email;
}

/** What a test watches on a rendered page: errors, API reads, and (in the page) its rendered nodes. */
interface DrawnPageWatch {
  errors: string[];
  reads: string[];
}

/**
 * Watches the pages this context opens: console errors, the API paths read, and in each page
 * (`window.renderedPage`) every element the server rendered, every node removed from `#root` once the app
 * has started, and whether the app says it has hydrated the page.
 */
async function watchDrawnPage(context: BrowserContext, page: Page): Promise<DrawnPageWatch> {
  const watch: DrawnPageWatch = { errors: [], reads: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') watch.errors.push(message.text());
  });
  page.on('pageerror', (error) => watch.errors.push(error.message));
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) watch.reads.push(pathname);
  });
  await context.addInitScript(() => {
    const state = { removed: 0, rendered: new Set<Node>(), hydrated: false };
    (window as unknown as { renderedPage: typeof state }).renderedPage = state;
    document.addEventListener('gomeum:hydrated', () => {
      state.hydrated = true;
    });
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root');
      if (!root) return;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) state.rendered.add(node);
      new MutationObserver((records) => {
        for (const record of records) state.removed += record.removedNodes.length;
      }).observe(root, { childList: true, subtree: true });
    });
  });
  return watch;
}

/**
 * The pages a visitor opens first come rendered by the server: they paint with the HTML, in the
 * reader's language, and the app then hydrates them without rendering anything anew.
 */
describe('pages rendered by the server', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('paints the home page and the sign-up page with the HTML alone, in the reader’s language', async () => {
    // No script runs at all: what shows is the server's render.
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    await context.addCookies([{ name: 'gomeum_lang', value: 'ko', url: baseURL() }]);
    const page = await context.newPage();
    await page.goto('/');
    expect(await page.locator('html').getAttribute('lang')).toBe('ko');
    await page.getByRole('link', { name: '우주로 들어가기' }).waitFor();
    // The sky is rendered, styled (its style sheet applies) and animated (its style attributes pass the policy).
    expect(await page.locator('.art-scene__backdrop svg').count()).toBeGreaterThan(3);
    const twinkle = page.locator('.art-stars__twinkle').first();
    expect(await twinkle.evaluate((element) => getComputedStyle(element).animationDuration)).not.toBe('0s');
    expect(await page.title()).toBe('Gomeum');
    await page.goto('/register');
    await page.getByRole('button', { name: '게스트로 입장' }).waitFor();
    // The tab is named after the page, in the reader's language, before any script.
    expect(await page.title()).toBe('다시 만나서 반가워요 · Gomeum');
    await context.close();
  });

  it('is hydrated in place: no node rendered anew, no error, no read made twice', async () => {
    const { context, page } = await newSession(browser);
    const { errors, reads } = await watchDrawnPage(context, page);

    for (const path of ['/', '/register']) {
      reads.length = 0;
      await page.goto(path);
      expect(await page.locator('#root').getAttribute('data-rendered')).toBe('en');
      // Once the app has the page, the language control answers (and sets the page's language).
      await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
      await page.locator('.language-control').click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-Hans');
      await page.locator('.language-control').click();
      // (Each switch once the last is done: a second tap while Korean loads would ask for Korean again.)
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ko');
      await page.locator('.language-control').click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
      const kept = await page.evaluate(() => {
        const state = (window as unknown as { renderedPage: { removed: number; rendered: Set<Node> } }).renderedPage;
        const main = document.querySelector('main');
        return { removed: state.removed, mainKept: main !== null && state.rendered.has(main) };
      });
      expect(kept, path).toEqual({ removed: 0, mainKept: true });
      // Who is signed in came with the page.
      expect(reads, path).not.toContain('/api/me');
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs in with a tap made before the app arrived: the browser sends the form itself', async () => {
    const { context, page } = await newSession(browser);
    // The app's entry never arrives while the visitor types and taps.
    const release = await holdAppBack(page);
    const email = await registeredElsewhere(context, 'early');
    // (Its module script is held back: the page never finishes loading meanwhile.)
    await page.goto('/register', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    // The server answers the form with the galaxy, rendered: the user is signed in.
    await page.waitForURL('**/galaxy', { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Choose your planet' }).waitFor();
    release();
    await context.close();
  });

  it('enters as a guest with a tap made before the app arrived', async () => {
    const { context, page } = await newSession(browser);
    const release = await holdAppBack(page);
    // (Its module script is held back: the page never finishes loading meanwhile.)
    await page.goto('/register', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Enter as a guest' }).click();
    await page.waitForURL('**/galaxy', { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Choose your planet' }).waitFor();
    release();
    await context.close();
  });

  it('keeps what was typed before the app arrived, however often the page renders again', async () => {
    const { context, page } = await newSession(browser);
    // The app's entry is held back until the visitor has typed.
    const release = await holdAppBack(page);
    const email = await registeredElsewhere(context, 'typed-early');
    // (Its module script is held back: the page never finishes loading meanwhile.)
    await page.goto('/register', { waitUntil: 'commit' });
    // Both fields typed before the app arrives: only the page's HTML has them.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    release();
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
    // The whole page renders again, in another language and back.
    await page.locator('.language-control').click();
    await page.getByRole('button', { name: '登录', exact: true }).waitFor();
    await page.locator('.language-control').click();
    // (Each switch once the last is done: a second tap while Korean loads would ask for Korean again.)
    await page.getByRole('button', { name: '로그인', exact: true }).waitFor();
    await page.locator('.language-control').click();
    await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/galaxy');
    await context.close();
  });

  /**
   * A guest on a rendered page whose app is held back; the documents it loads (the browser sending a
   * form itself loads one) and the task and answer writes it makes.
   */
  async function guestOnDrawnPage(path: string) {
    const { context, page } = await newSession(browser);
    const { errors } = await watchDrawnPage(context, page);
    const guest = await context.request.post('/api/auth/guest', { data: {}, headers: { origin: baseURL() } });
    expect(guest.status()).toBe(200);
    const documents: string[] = [];
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
      // The forms' own writes (not the app's: the page's visit, the planet marked seen).
      const { pathname } = new URL(request.url());
      if (request.method() !== 'GET' && /^\/api\/(planets\/[^/]+\/task|moon\/questions\/[^/]+\/answer)$/.test(pathname))
        writes.push(`${request.method()} ${pathname}`);
    });
    const release = await holdAppBack(page);
    // (Its module script is held back: the page never finishes loading meanwhile.)
    await page.goto(path, { waitUntil: 'commit' });
    return { context, page, errors, documents, writes, release };
  }

  it('confirms a task pressed before the app arrived: the app sends it, never the browser', async () => {
    const { context, page, errors, documents, writes, release } = await guestOnDrawnPage('/task/game');
    await page.getByLabel('Description').fill('Finish the first world of a platformer');
    await page.getByLabel('Reward').fill('A new controller grip');
    await page.getByLabel('Proofs to finish').fill('3');
    await page.getByLabel('How often').selectOption('weekly');
    await page.getByRole('button', { name: 'Confirm Task' }).click();
    // The browser sent nothing itself: no page loaded again, nothing in the address.
    expect(page.url()).toBe(`${baseURL()}/task/game`);
    release();
    // Once the app has the page, the task is confirmed with what was typed, as typed.
    await page.locator('.task-facts').getByText('Finish the first world of a platformer').waitFor();
    expect(writes).toEqual(['PUT /api/planets/game/task']);
    expect(documents).toEqual([`${baseURL()}/task/game`]);
    const screen = await context.request.get('/api/planets/game/task');
    const task = ((await screen.json()) as { userTask: Record<string, unknown> }).userTask;
    expect(task).toMatchObject({
      description: 'Finish the first world of a platformer',
      reward: 'A new controller grip',
      confirmed: true,
    });
    const progress = await context.request.get('/api/planets/game/progress');
    expect(await progress.json()).toMatchObject({ progress: { goal: 3, cadence: 'weekly' } });
    // React's replay script ran under the site's policy: no violation, no error.
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a task refused before the app arrived as typed, and says what is missing', async () => {
    const { context, page, errors, documents, writes, release } = await guestOnDrawnPage('/task/food');
    await page.getByLabel('Description').fill('Cook a dish from my grandmother’s notebook');
    await page.getByLabel('Proofs to finish').fill('4');
    await page.getByRole('button', { name: 'Confirm Task' }).click();
    release();
    await page.getByRole('alert').getByText('Please fill in all fields').waitFor();
    // Nothing typed is lost, nothing was sent, and the cursor waits in the empty field.
    expect(await page.getByLabel('Description').inputValue()).toBe('Cook a dish from my grandmother’s notebook');
    expect(await page.getByLabel('Proofs to finish').inputValue()).toBe('4');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('reward');
    expect(writes).toEqual([]);
    expect(documents).toEqual([`${baseURL()}/task/food`]);
    // Filled in, it confirms as any later submit does.
    await page.getByLabel('Reward').fill('Share it with my family');
    await page.getByRole('button', { name: 'Confirm Task' }).click();
    await page.locator('.task-facts').getByText('Share it with my family').waitFor();
    expect(writes).toEqual(['PUT /api/planets/food/task']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a moon answer given before the app arrived once the app has the page', async () => {
    const { context, page, errors, documents, writes, release } = await guestOnDrawnPage('/planet/moon');
    await page.getByLabel('Your answer').fill('The sound of rain on the window');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    expect(page.url()).toBe(`${baseURL()}/planet/moon`);
    release();
    await expect.poll(() => writes).toEqual([expect.stringMatching(/^POST \/api\/moon\/questions\/[^/]+\/answer$/)]);
    await expect
      .poll(async () => {
        const questions = await context.request.get('/api/moon/questions');
        const list = (await questions.json()) as { questions: { answer: string | null }[] };
        const answers = list.questions.map((question) => question.answer);
        return answers.filter((answer) => answer !== null);
      })
      .toEqual(['The sound of rain on the window']);
    expect(documents).toEqual([`${baseURL()}/planet/moon`]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches the language with presses made before the app arrived, each in order', async () => {
    const { context, page } = await newSession(browser);
    const release = await holdAppBack(page);
    // (Its module script is held back: the page never finishes loading meanwhile.)
    await page.goto('/register', { waitUntil: 'commit' });
    // Two presses: English → Chinese → Korean.
    await page.locator('.language-control').click();
    await page.locator('.language-control').click();
    expect(page.url()).toBe(`${baseURL()}/register`);
    release();
    await page.getByRole('button', { name: '게스트로 입장' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ko');
    await context.close();
  });

  it('renders no form the browser would send itself: each posts to the server or waits for the app', async () => {
    const { context, page } = await newSession(browser);
    // A new task's page, and a confirmed one's (its proofs, its reminder).
    const pages = ['/', '/register', '/galaxy', '/planet/moon', '/planet/music', '/task/music', '/task/travel'];
    const forms: { path: string; method: string; action: string }[] = [];
    for (const path of pages) {
      if (path === '/galaxy') {
        const guest = await context.request.post('/api/auth/guest', { data: {}, headers: { origin: baseURL() } });
        expect(guest.status()).toBe(200);
        const confirmed = await context.request.put('/api/planets/travel/task', {
          data: { description: 'Walk the old town', reward: 'A postcard', goal: 2, cadence: 'weekly' },
          headers: { origin: baseURL() },
        });
        expect(confirmed.status()).toBe(200);
      }
      // The page as the server rendered it, before any script.
      const response = await context.request.get(path);
      await page.setContent(await response.text());
      for (const form of await page.locator('#root form').all()) {
        forms.push({
          path,
          method: (await form.getAttribute('method')) ?? 'get',
          action: (await form.getAttribute('action')) ?? '',
        });
      }
    }
    // (The rendered forms: log in, register and guest; the task; the moon's answer.)
    expect(forms.map((form) => form.path)).toEqual(
      expect.arrayContaining(['/register', '/planet/moon', '/task/music']),
    );
    for (const form of forms) {
      const held = form.action.startsWith('javascript:');
      const posted = form.method.toLowerCase() === 'post' && form.action.startsWith('/api/');
      expect(held || posted, `${form.path}: ${form.method} ${form.action}`).toBe(true);
    }
    await context.close();
  });

  it('leaves the page where the reader scrolled it before the app arrived', async () => {
    const context = await browser.newContext({
      baseURL: baseURL(),
      locale: 'en-US',
      viewport: { width: 360, height: 740 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const guest = await context.request.post('/api/auth/guest', { data: {}, headers: { origin: baseURL() } });
    expect(guest.status()).toBe(200);
    await markHydrated(context);
    const release = await holdAppBack(page);
    // (Its module script is held back: the page never finishes loading meanwhile.)
    await page.goto('/task/music', { waitUntil: 'commit' });
    await page.locator('h1.task-page__title').waitFor();
    // Only the server's page is there: the reader scrolls it down.
    await page.evaluate(() => window.scrollTo(0, 200));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBe(200);
    release();
    // The page is hydrated, and left where the reader has it.
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    // A page opened from there opens at its top, as before.
    await page.locator('.top-bar__home').click();
    await page.waitForURL('**/galaxy');
    await page.locator('h1').first().waitFor();
    // (A page long enough to have stayed scrolled, had it kept the last one's place.)
    expect(await page.evaluate(() => document.documentElement.scrollHeight - innerHeight)).toBeGreaterThan(scrolled);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it("renders a signed-in user's pages with their own data, hydrated in place without fetching it again", async () => {
    const { context, page } = await newSession(browser);
    const { errors, reads } = await watchDrawnPage(context, page);
    const guest = await context.request.post('/api/auth/guest', { data: {}, headers: { origin: baseURL() } });
    expect(guest.status()).toBe(200);
    const pages = {
      '/galaxy': { shows: 'h1.galaxy__title', reads: ['/api/galaxy'] },
      '/planet/moon': { shows: 'h1.moon__title', reads: ['/api/moon/questions'] },
      '/task/music': { shows: 'h1.task-page__title', reads: ['/api/planets/music/task', '/api/planets/music/logs'] },
    };
    for (const [path, expected] of Object.entries(pages)) {
      reads.length = 0;
      await page.goto(path);
      expect(await page.locator('#root').getAttribute('data-rendered'), path).toBe('en');
      await page.locator(expected.shows).waitFor();
      await page.waitForFunction(
        () => (window as unknown as { renderedPage: { hydrated: boolean } }).renderedPage.hydrated,
      );
      const kept = await page.evaluate(() => {
        const state = (window as unknown as { renderedPage: { removed: number; rendered: Set<Node> } }).renderedPage;
        const main = document.querySelector('main');
        // The drawings are the server's own nodes still.
        const art = document.querySelector('.art-scene__backdrop svg, .art-planet');
        return {
          removed: state.removed,
          mainKept: main !== null && state.rendered.has(main),
          artKept: art !== null && state.rendered.has(art),
        };
      });
      expect(kept, path).toEqual({ removed: 0, mainKept: true, artKept: true });
      // Who is signed in, and what the page shows, came with it.
      for (const read of ['/api/me', ...expected.reads]) expect(reads, path).not.toContain(read);
    }
    // The app has the page: a link goes to its page without loading a new document.
    await page.goto('/galaxy');
    await page.waitForFunction(
      () => (window as unknown as { renderedPage: { hydrated: boolean } }).renderedPage.hydrated,
    );
    await page.evaluate(() => {
      (window as unknown as { samePage: boolean }).samePage = true;
    });
    await page.locator('a[href="/planet/food"]').first().click();
    await page.waitForURL('**/planet/food');
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a page rendered in Korean marked Korean while it hydrates', async () => {
    const { context, page } = await newSession(browser);
    await context.addCookies([{ name: 'gomeum_lang', value: 'ko', url: baseURL() }]);
    // Every value <html lang> takes from the first script on (the server rendered it as ko).
    await context.addInitScript(() => {
      localStorage.setItem('gomeum.language', 'ko');
      const seen: (string | null)[] = [];
      const state = { seen, hydrated: false };
      (window as unknown as { langWatch: typeof state }).langWatch = state;
      new MutationObserver((records) => {
        for (const record of records) seen.push((record.target as Element).getAttribute('lang'));
      }).observe(document, { attributes: true, attributeFilter: ['lang'], subtree: true });
      document.addEventListener('gomeum:hydrated', () => {
        state.hydrated = true;
      });
    });
    await page.goto('/');
    expect(await page.locator('html').getAttribute('lang')).toBe('ko');
    expect(await page.locator('#root').getAttribute('data-rendered')).toBe('ko');
    const watched = () =>
      page.evaluate(() => (window as unknown as { langWatch: { seen: string[]; hydrated: boolean } }).langWatch);
    await expect.poll(async () => (await watched()).hydrated).toBe(true);
    // Never English for a moment (its fonts and spacing would change), and not written again either.
    expect((await watched()).seen).toEqual([]);
    await page.getByRole('link', { name: '우주로 들어가기' }).waitFor();
    await context.close();
  });

  it('renders the page afresh when the reader’s language changed since the server last heard of it', async () => {
    const { context, page } = await newSession(browser);
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('gomeum.language', 'ko'));
    // The server still has English (say, the cookie was cleared): the app renders the page in Korean.
    await context.addCookies([{ name: 'gomeum_lang', value: 'en', url: baseURL() }]);
    await page.goto('/register');
    expect(await page.locator('#root').getAttribute('data-rendered')).toBe('en');
    await page.getByRole('button', { name: '게스트로 입장' }).waitFor();
    expect(await page.getByRole('button', { name: 'Enter as a guest' }).count()).toBe(0);
    // And the next page comes rendered in Korean.
    await page.goto('/');
    expect(await page.locator('#root').getAttribute('data-rendered')).toBe('ko');
    await context.close();
  });
});
