import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newSession } from '../support/browser.ts';

describe('task reminders', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('turns on a reminder from the keyboard on a phone, asking for notifications then, and saves days and time', async () => {
    const { context, page } = await newSession(browser);
    await context.grantPermissions(['notifications'], { origin: baseURL() });
    await page.setViewportSize({ width: 360, height: 740 });
    // Count permission requests without changing what they answer.
    await page.addInitScript(() => {
      const original = Notification.requestPermission.bind(Notification);
      const counted = window as unknown as { permissionAsked: number };
      counted.permissionAsked = 0;
      Notification.requestPermission = () => {
        counted.permissionAsked += 1;
        return original();
      };
    });
    await page.goto('/register');
    await page.getByRole('button', { name: 'Enter as a guest' }).click();
    await page.waitForURL('**/galaxy');
    const confirmed = await page.request.put('/api/planets/music/task', {
      data: { description: 'Ten minutes of piano', reward: 'A new album', goal: 5, cadence: 'daily' },
    });
    expect(confirmed.status()).toBe(200);

    await page.goto('/task/music');
    const toggle = page.getByRole('switch', { name: 'Remind me about this task' });
    await toggle.focus();
    await page.keyboard.press('Space');
    await page.getByText('Reminder saved.').waitFor();
    expect(await toggle.isChecked()).toBe(true);

    // Weekdays at 07:15, from the keyboard.
    for (const day of ['Saturday', 'Sunday']) {
      await page.getByRole('checkbox', { name: day }).focus();
      await page.keyboard.press('Space');
    }
    await page.getByLabel('Time').fill('07:15');
    await page.getByText('Mon, Tue, Wed, Thu, Fri at 7:15 AM').waitFor();
    await page.getByRole('button', { name: 'Save reminder' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(/^Next reminder: /).waitFor();

    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await expect
      .poll(async () => (await page.request.get('/api/planets/music/reminder')).json() as Promise<unknown>)
      .toMatchObject({ reminder: { enabled: true, days: [1, 2, 3, 4, 5], time: '07:15', timeZone: zone } });
    await page.getByText(`In your time zone: ${zone}`, { exact: false }).waitFor();

    // Permission was already granted: nothing was asked; nothing sticks out of a 360 px screen.
    expect(await page.evaluate(() => (window as unknown as { permissionAsked: number }).permissionAsked)).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Off again, once the save is done (the switch waits, disabled, while a save is under way; the
    // next reminder showed already from the first save).
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    await toggle.focus();
    await page.keyboard.press('Space');
    await page.getByText('Reminder turned off.').waitFor();
    expect(await (await page.request.get('/api/planets/music/reminder')).json()).toMatchObject({
      reminder: { enabled: false, nextAt: null },
    });
    await context.close();
  });

  it('asks for notification permission at the moment a reminder is turned on', async () => {
    const { context, page } = await newSession(browser);
    await page.addInitScript(() => {
      const counted = window as unknown as { permissionAsked: number };
      counted.permissionAsked = 0;
      Object.defineProperty(Notification, 'permission', { get: () => 'default', configurable: true });
      Notification.requestPermission = () => {
        counted.permissionAsked += 1;
        return Promise.resolve('denied');
      };
    });
    await page.goto('/register');
    await page.getByRole('button', { name: 'Enter as a guest' }).click();
    await page.waitForURL('**/galaxy');
    await page.request.put('/api/planets/food/task', { data: { description: 'Cook once', reward: 'Cake' } });
    await page.goto('/task/food');
    const toggle = page.getByRole('switch', { name: 'Remind me about this task' });
    await toggle.waitFor();
    expect(await page.evaluate(() => (window as unknown as { permissionAsked: number }).permissionAsked)).toBe(0);
    // A tap on the switch's label, as on a phone.
    await page.getByText('Remind me about this task').click();
    await page.getByText(/Notifications are blocked in this browser/).waitFor();
    expect(await page.evaluate(() => (window as unknown as { permissionAsked: number }).permissionAsked)).toBe(1);
    await context.close();
  });
});
