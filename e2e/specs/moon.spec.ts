import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newSession } from '../support/browser.ts';

describe('moon', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('answers a question, shows the saved answer and moves to the next question', async () => {
    const { context, page } = await newSession(browser);
    await page.goto('/register');
    await page.getByRole('button', { name: 'Enter as a guest' }).click();
    await page.waitForURL('**/galaxy');
    await page.goto('/planet/moon');

    await page.getByRole('heading', { name: 'What small thing made you smile this week?' }).waitFor();
    await page.getByText('0 of 16 answered').waitFor();
    // Every question is listed in full, by number.
    await page.getByRole('button', { name: 'All questions' }).click();
    const list = page.getByRole('list', { name: 'Choose a question' });
    await list.waitFor();
    const items = await list.getByRole('button').allTextContents();
    expect(items.slice(0, 3).map((text) => text.split('.')[0])).toEqual(['1', '2', '3']);
    await page.getByRole('button', { name: 'All questions' }).click();

    // A blank answer is ignored.
    await page.getByLabel('Your answer').fill('   ');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please write an answer first.').waitFor();

    // The saved answer stays in view, with the count and a clear way on.
    await page.getByLabel('Your answer').fill('My cat purred at me.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Saved!', { exact: true }).waitFor();
    await page.getByText('My cat purred at me.').waitFor();
    await page.getByText('1 of 16 answered').waitFor();
    expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Next question' }).click();
    await page.getByRole('heading', { name: 'If you could live on one planet for a year' }).waitFor();

    // Back on the first question: the saved answer, no form.
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('My cat purred at me.').waitFor();
    expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(0);

    // Another language: the question and Gomeum's answer follow; the saved answer stays.
    await page.getByRole('button', { name: /^Language: English/ }).click();
    await page.getByRole('heading', { name: '这周有什么小事让你笑了？' }).waitFor();
    expect(await page.getByText('My cat purred at me.').isVisible()).toBe(true);

    // It is remembered on the server.
    await page.reload();
    await page
      .getByText('My cat purred at me.')
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
    const answered = await page.evaluate(async () => {
      const response = await fetch('/api/moon/questions');
      const body = (await response.json()) as { questions: { number: number; answer: string | null }[] };
      return body.questions.filter((q) => q.answer !== null).map((q) => [q.number, q.answer]);
    });
    expect(answered).toEqual([[1, 'My cat purred at me.']]);
    await context.close();
  });

  it('sends signed-out visitors home', async () => {
    const { context, page } = await newSession(browser);
    await page.goto('/planet/moon');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
