import type { MoonQuestion } from '@gomeum/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../../test/router.tsx';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { firstOpenQuestionId, MoonPage, nextQuestionId } from './moon-page.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const question = (id: string, number: number, answer: string | null = null): MoonQuestion => ({
  id,
  number,
  question: { en: `Question ${id}?`, ko: `질문 ${id}?` },
  gomeumAnswer: { en: `Gomeum says ${id}` },
  answer,
  answeredAt: answer === null ? null : 1,
});

function json(body: unknown, status = 200) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MoonPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('moon helpers', () => {
  it('opens on the first unanswered question and advances by number', () => {
    const list = [question('a', 1, 'done'), question('b', 2), question('c', 3)];
    expect(firstOpenQuestionId(list)).toBe('b');
    expect(nextQuestionId(list, 'b')).toBe('c');
    expect(nextQuestionId(list, 'c')).toBeNull();
    expect(firstOpenQuestionId([question('a', 1, 'x')])).toBe('a');
  });
});

describe('MoonPage', () => {
  it('saves an answer and keeps it in view with a Next question; a blank answer sends nothing', async () => {
    const calls: { method: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        calls.push({
          method: init?.method ?? 'GET',
          body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        });
        if (url === '/api/moon/questions') return json({ questions: [question('a', 1), question('b', 2)] });
        if (url === '/api/moon/questions/a/answer') return json(question('a', 1, 'Stars'));
        return json({ error: { code: 'errors.not_found', message: '' } }, 404);
      }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Question a?' })).toBeInTheDocument();
    expect(screen.getByText('Gomeum says a')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Your answer'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please write an answer first.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Your answer'), ' Stars ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    // The saved answer shows on the same question, with the progress and a way on.
    await waitFor(() => expect(screen.getByText('Stars')).toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Question a?' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', body: { answer: 'Stars' } }]);
    expect(screen.getByText('Saved!')).toBeInTheDocument();
    expect(screen.getByText('1 of 2 answered')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Next question' }));
    expect(await screen.findByRole('heading', { name: 'Question b?' })).toBeInTheDocument();
    expect(screen.queryByText('Saved!')).toBeNull();

    // Every question, in full, from the list; the answered one is ticked.
    await userEvent.click(screen.getByRole('button', { name: 'All questions' }));
    const list = screen.getByRole('list', { name: 'Choose a question' });
    expect(list).toHaveTextContent('1.Question a?✓');
    await userEvent.click(screen.getByRole('button', { name: /Question a\?/ }));
    expect(await screen.findByRole('heading', { name: 'Question a?' })).toBeInTheDocument();
    // Typing, clicking and re-rendering a dozen times: more than the default 5 s on a busy machine.
  }, 20_000);

  it('offers a retry when the questions cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => json({ error: { code: 'errors.server', message: '' } }, 500)),
    );
    renderPage();
    expect(await screen.findByText("The moon's questions couldn't be loaded.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
