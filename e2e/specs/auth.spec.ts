import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  launchBrowser,
  newSession,
  liveReady,
  pressLogOut,
  registerThroughForm,
  TEST_PASSWORD,
  uniqueEmail,
} from '../support/browser.ts';

describe('signing in', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('registers from the home page and lands on the galaxy', async () => {
    const { context, page } = await newSession(browser);
    await page.goto('/');
    await page.getByRole('link', { name: 'Enter the universe' }).click();
    await page.waitForURL('**/register');
    await registerThroughForm(page, uniqueEmail('reg'));
    await page.getByRole('heading', { name: 'Choose your planet' }).waitFor();
    await expect.poll(() => page.title()).toBe('Choose your planet · Gomeum');
    for (const name of ['Music', 'Food', 'Manga', 'Game', 'Movie', 'Travel', 'Drama', 'Moon']) {
      expect(await page.getByRole('link', { name: new RegExp(`^${name}\\b`) }).getAttribute('href')).toBe(
        `/planet/${name.toLowerCase()}`,
      );
    }
    await context.close();
  });

  it('shows the localized error for a taken email and for a wrong password', async () => {
    const email = uniqueEmail('taken');
    const first = await newSession(browser);
    await first.page.goto('/register');
    await registerThroughForm(first.page, email);
    await first.context.close();

    const { context, page } = await newSession(browser);
    await page.goto('/register');
    await page.getByRole('link', { name: 'New here? Create an account' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('another-password');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'This email is already registered.' }).waitFor();

    await page.getByRole('link', { name: 'Already have an account? Log in' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Authentication failed' }).waitFor();

    await page.getByLabel('Password').fill('');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Please fill in both email and password.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    await context.close();
  });

  it('logs out and logs back in', async () => {
    const email = uniqueEmail('loop');
    const { context, page } = await newSession(browser);
    await page.goto('/register');
    await registerThroughForm(page, email);

    await pressLogOut(page, email);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/galaxy');
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/register');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/galaxy');
    await context.close();
  });

  it('signs every tab of the browser out when one tab logs out', async () => {
    const email = uniqueEmail('tabs');
    const { context, page } = await newSession(browser);
    await page.goto('/register');
    await registerThroughForm(page, email);

    const other = await context.newPage();
    // The other tab's live connection is up before the sign-out.
    const live = liveReady(other);
    await other.goto('/planet/music');
    await other.getByRole('button', { name: 'Account menu' }).waitFor();
    await live;

    await pressLogOut(page, email);
    await page.waitForURL((url) => url.pathname === '/');
    // Without any click or reload, the other tab learns it is signed out and leaves the planet.
    await other.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('enters as a guest and lands on the galaxy', async () => {
    const { context, page } = await newSession(browser);
    await page.goto('/register');
    await page.getByRole('button', { name: 'Enter as a guest' }).click();
    await page.waitForURL('**/galaxy');
    const me = (await (await page.request.get('/api/me')).json()) as { isGuest: boolean; guestId: string };
    expect(me.isGuest).toBe(true);
    expect(me.guestId).toMatch(/^guest_[0-9a-f]{16}$/);
    await context.close();
  });

  it('lets a guest register later and keep the same account', async () => {
    const { context, page } = await newSession(browser);
    await page.goto('/register');
    await page.getByRole('button', { name: 'Enter as a guest' }).click();
    await page.waitForURL('**/galaxy');
    const before = (await (await page.request.get('/api/me')).json()) as { id: string; guestId: string };

    await page.goto('/register');
    await page.getByText("You're exploring as a guest.", { exact: false }).waitFor();
    await page.getByLabel('Email').fill(uniqueEmail('upgrade'));
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.waitForURL('**/galaxy');
    const after = (await (await page.request.get('/api/me')).json()) as {
      id: string;
      guestId: string;
      isGuest: boolean;
    };
    expect(after).toMatchObject({ id: before.id, guestId: before.guestId, isGuest: false });
    await context.close();
  });

  it('sends the operator to the dashboard after logging in', async () => {
    const operator = inject('operator');
    const { context, page } = await newSession(browser);
    await page.goto('/register');
    await page.getByLabel('Email').fill(operator.email);
    await page.getByLabel('Password').fill(operator.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/gomeum-dashboard');
    await context.close();
  });

  it.each(['/galaxy', '/planet/music', '/planet/moon'])(
    'sends a signed-out visitor from %s to the home page',
    async (path) => {
      const { context, page } = await newSession(browser);
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('link', { name: 'Enter the universe' }).waitFor();
      await context.close();
    },
  );

  it('reports each page a signed-in user opens', async () => {
    const { context, page } = await newSession(browser);
    await page.goto('/register');
    const visits: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/visits'))
        visits.push((JSON.parse(request.postData() ?? '{}') as { page: string }).page);
    });
    await page.getByRole('button', { name: 'Enter as a guest' }).click();
    await page.waitForURL('**/galaxy');
    await page.getByRole('link', { name: /^Travel\b/ }).click();
    await page.waitForURL('**/planet/travel');
    await expect.poll(() => visits).toEqual(['/galaxy', '/planet/travel']);
    await context.close();
  });
});
