import type { MoonQuestion } from '@gomeum/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, fakeServer, renderWithClient } from '../../../test/fake-server.tsx';
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

function renderPage() {
  return renderWithClient(<MoonPage />);
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
    const server = fakeServer({
      'GET /api/moon/questions': { questions: [question('a', 1), question('b', 2)] },
      'POST /api/moon/questions/a/answer': question('a', 1, 'Stars'),
    });
    const posts = () => server.sent('POST', '/api/').map(({ method, body }) => ({ method, body }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Question a?' })).toBeInTheDocument();
    expect(screen.getByText('Gomeum says a')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Your answer'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please write an answer first.');
    expect(posts()).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Your answer'), ' Stars ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    // The saved answer shows on the same question, with the progress and a way on.
    await waitFor(() => expect(screen.getByText('Stars')).toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Question a?' })).toBeInTheDocument();
    expect(posts()).toEqual([{ method: 'POST', body: { answer: 'Stars' } }]);
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
    fakeServer({ 'GET /api/moon/questions': () => apiError(500, 'errors.server') });
    renderPage();
    expect(await screen.findByText("The moon's questions couldn't be loaded.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
