import fs from 'node:fs/promises';
import zlib from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  logInAsOperator,
  newSession,
  registerThroughForm,
  TEST_PASSWORD,
  uniqueEmail,
} from '../support/browser.ts';

/** The files of a ZIP archive by name, read from its central directory (entries stored or deflated). */
function unzip(bytes: Buffer): Map<string, Buffer> {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a ZIP archive');
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i += 1) {
    if (bytes.readUInt32LE(at) !== 0x02014b50) throw new Error('broken central directory');
    const method = bytes.readUInt16LE(at + 10);
    const size = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const skip = nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + size);
    files.set(name, method === 8 ? zlib.inflateRawSync(data) : Buffer.from(data));
    at += 46 + skip;
  }
  return files;
}

/** Clicks a button that starts a download; resolves to the archive's files and the offered name. */
async function downloadZip(page: Page, start: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), start()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), files: unzip(await fs.readFile(path)) };
}

/** Who the server says is signed in, from this page's cookies. */
async function me(page: Page): Promise<{ id: string; email: string | null; guestId: string | null } | null> {
  return (await (await page.request.get('/api/me')).json()) as {
    id: string;
    email: string | null;
    guestId: string | null;
  } | null;
}

describe('a user’s data rights', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('downloads their data, deletes their account with the password, is signed out, and the email registers again', async () => {
    const email = uniqueEmail('leaving');
    const { context, page } = await newSession(browser);
    await page.goto('/register');
    await registerThroughForm(page, email);
    await page.request.put('/api/planets/travel/task', { data: { description: 'Walk a new street', reward: 'Tea' } });

    // Download my data: a real ZIP with the profile and the task in it.
    const menuButton = page.getByRole('button', { name: 'Account menu' });
    await menuButton.click();
    const menu = page.getByRole('menu');
    const { name, files } = await downloadZip(page, () =>
      menu.getByRole('menuitem', { name: 'Download my data' }).click(),
    );
    await page.getByText('Your data has been downloaded.').waitFor();
    expect(name).toMatch(/^gomeum-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const profile = JSON.parse(files.get('profile.json')?.toString('utf8') ?? 'null') as Record<string, unknown>;
    expect(profile).toMatchObject({ email });
    expect(JSON.stringify(profile)).not.toContain('password');
    expect(files.get('tasks.json')?.toString('utf8')).toContain('Walk a new street');

    // Delete my account: a wrong password is refused beside the field, the right one deletes.
    await menuButton.click();
    await menu.getByRole('menuitem', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Your password').fill('not my password');
    await dialog.getByRole('button', { name: 'Delete everything' }).click();
    await dialog.getByText('That password isn’t right. Please try again.').waitFor();
    expect(await me(page)).toMatchObject({ email });

    await dialog.getByLabel('Your password').fill(TEST_PASSWORD);
    await dialog.getByRole('button', { name: 'Delete everything' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('account') === 'deleted');
    await page.getByRole('status').getByText('Your account and everything in it have been deleted.').waitFor();
    // The app forgets the user only once the home page is on screen (the next render): wait for it.
    await expect.poll(() => menuButton.count()).toBe(0);
    expect(await me(page)).toBeNull();

    // Signing in with the old password fails; the same email registers as a new account.
    const login = await page.request.post('/api/auth/login', { data: { email, password: TEST_PASSWORD } });
    expect(login.status()).toBeGreaterThanOrEqual(400);
    await page.goto('/register');
    await registerThroughForm(page, email);
    const again = await me(page);
    expect(again).toMatchObject({ email });
    expect(again?.id).not.toBe(profile.id);
    await context.close();
  });

  it('lets the operator download a user’s data and delete them from the dashboard', async () => {
    // A guest with something to lose.
    const visitor = await newSession(browser);
    await visitor.page.goto('/register');
    await visitor.page.getByRole('button', { name: 'Enter as a guest' }).click();
    await visitor.page.waitForURL('**/galaxy');
    const guest = await me(visitor.page);
    const guestId = guest?.guestId ?? '';
    expect(guestId).not.toBe('');

    const { context, page } = await newSession(browser);
    await logInAsOperator(page);
    await page.getByRole('link', { name: 'Users & tasks' }).click();
    await page.getByRole('searchbox').fill(guestId);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: new RegExp(guestId) }).click();
    const actions = page.getByRole('group', { name: `Data and account of ${guestId}` });

    const { files } = await downloadZip(page, () => actions.getByRole('button', { name: 'Download data' }).click());
    expect(JSON.parse(files.get('profile.json')?.toString('utf8') ?? 'null')).toMatchObject({ id: guest?.id });
    await page.getByText(`The data of ${guestId} has been downloaded.`).waitFor();

    await actions.getByRole('button', { name: 'Delete user' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${guestId}?` });
    await dialog.getByText('This is a guest').waitFor();
    // Escape cancels; nothing is deleted.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await me(visitor.page)).toMatchObject({ guestId });

    await actions.getByRole('button', { name: 'Delete user' }).click();
    await dialog.getByRole('button', { name: 'Delete this user' }).click();
    await page.getByText(`${guestId} has been deleted, with all of their data.`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Choose a user to see their visits, tasks and logs.').waitFor();
    await expect.poll(() => page.getByRole('button', { name: new RegExp(guestId) }).count()).toBe(0);

    // The guest's browser is signed out.
    expect(await me(visitor.page)).toBeNull();
    await visitor.context.close();
    await context.close();
  });
});
