import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logInAsOperator, newSession, registerThroughForm, uniqueEmail } from '../support/browser.ts';

describe("the operator's frame and what they write for users", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('gives the operator a way back to the dashboard from user pages, and no chat with themselves', async () => {
    const { context, page } = await newSession(browser);
    await logInAsOperator(page);
    await page.getByRole('heading', { name: 'Gomeum dashboard' }).waitFor();
    // On the dashboard: no link to where they already are, and no user's chat widget.
    expect(await page.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Chat with Gomeum/ }).count()).toBe(0);

    await page.goto('/galaxy');
    await page.getByRole('heading', { name: 'Choose your planet' }).waitFor();
    expect(await page.getByRole('button', { name: /Chat with Gomeum/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/gomeum-dashboard');
    await page.getByRole('heading', { name: 'Gomeum dashboard' }).waitFor();
    await context.close();
  });

  it('shows the user the proof the operator notes on their task, and a user gets no dashboard link', async () => {
    const user = await newSession(browser);
    await user.page.goto('/register');
    await registerThroughForm(user.page, uniqueEmail('noted'));
    await user.page.getByRole('heading', { name: 'Choose your planet' }).waitFor();
    expect(await user.page.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    const task = await user.page.request.put('/api/planets/movie/task', {
      data: { description: 'Watch one classic a week', reward: 'Popcorn' },
    });
    expect(task.ok()).toBe(true);
    const me = (await (await user.page.request.get('/api/me')).json()) as { id: string };

    const operator = await newSession(browser);
    await logInAsOperator(operator.page);
    const edit = await operator.page.request.put(`/api/operator/users/${me.id}/tasks/movie`, {
      data: { proof: 'Saw the ticket stubs: three classics so far.' },
    });
    expect(edit.ok()).toBe(true);

    await user.page.goto('/task/movie');
    const yourTask = user.page.getByRole('region', { name: 'Your task' });
    await yourTask.getByText('Latest proof').waitFor();
    await yourTask.getByText('Saw the ticket stubs: three classics so far.').waitFor();
    await user.context.close();
    await operator.context.close();
  });
});
