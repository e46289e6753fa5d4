import type { MoonQuestion } from '@gomeum/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadOperatorStrings } from '../../../lib/i18n.ts';
import { apiError, fakeServer, renderWithClient } from '../../../test/fake-server.tsx';
import { MoonSection } from './moon-section.tsx';

beforeAll(async () => {
  await initI18n('en');
  await loadOperatorStrings();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const question = (id: string, number: number, en: string, answer: string): MoonQuestion => ({
  id,
  number,
  question: { en, zh: `${en} (zh)`, ko: `${en} (ko)` },
  gomeumAnswer: { en: answer },
  answer: null,
  answeredAt: null,
});
const first = question('q1', 1, 'What do you dream of?', 'Fish, mostly.');
const second = question('q2', 2, 'Where is home?', 'The moon.');

describe('MoonSection', () => {
  it("shows the first question's answers per language and what users wrote", async () => {
    fakeServer({
      'GET /api/moon/questions': { questions: [first, second] },
      'GET /api/operator/moon/questions/:id/answers': ({ params }) => ({
        answers:
          params.id === 'q1'
            ? [{ userId: 'u1', who: 'mina@example.com', answer: 'A warm bed', createdAt: Date.UTC(2026, 10, 20) }]
            : [],
      }),
    });
    renderWithClient(<MoonSection />);
    const picker = await screen.findByRole('combobox', { name: 'Question' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1. What do you dream of?', '2. Where is home?']);
    expect(screen.getByText('Fish, mostly.')).toBeInTheDocument();
    expect(await screen.findByText('A warm bed')).toBeInTheDocument();
    expect(screen.getByText('mina@example.com')).toBeInTheDocument();

    // Another question: its own answer, and no user answers yet.
    await userEvent.selectOptions(picker, 'q2');
    expect(screen.getByText('The moon.')).toBeInTheDocument();
    expect(await screen.findByText('Nothing yet.')).toBeInTheDocument();
    // The new question's number follows the last one.
    expect(screen.getByRole('spinbutton', { name: 'Number' })).toHaveValue(3);
  });

  it("asks for at least one language, then sends only the filled ones as Gomeum's answer", async () => {
    const server = fakeServer({
      'GET /api/moon/questions': { questions: [first] },
      'GET /api/operator/moon/questions/:id/answers': { answers: [] },
      'PUT /api/operator/moon/questions/:id/gomeum-answer': ({ body }) => ({
        ...first,
        gomeumAnswer: (body as { gomeumAnswer: MoonQuestion['gomeumAnswer'] }).gomeumAnswer,
      }),
    });
    renderWithClient(<MoonSection />);
    const update = await screen.findByRole('button', { name: 'Update Answer' });
    await userEvent.click(update);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter an answer in at least one language.');
    expect(server.sent('PUT', '/api/operator/moon')).toEqual([]);

    await userEvent.type(screen.getByRole('textbox', { name: 'New answer (한국어)' }), '  달이요  ');
    await userEvent.click(update);
    expect(await screen.findByText('Moon answer updated!')).toHaveAttribute('role', 'status');
    expect(server.sent('PUT', '/api/operator/moon').map((c) => [c.url, c.body])).toEqual([
      ['/api/operator/moon/questions/q1/gomeum-answer', { gomeumAnswer: { ko: '달이요' } }],
    ]);
    // The draft is cleared once saved.
    expect(screen.getByRole('textbox', { name: 'New answer (한국어)' })).toHaveValue('');
  });

  it('drafts the other two languages from one, marked until checked, then saves all three', async () => {
    const server = fakeServer({
      'GET /api/moon/questions': { questions: [first] },
      'GET /api/operator/moon/questions/:id/answers': { answers: [] },
      'POST /api/operator/translate': ({ body }) => {
        const { text, to } = body as { text: string; to: string };
        return { text: `${text} [${to}]`, to, status: 'translated' };
      },
      'PUT /api/operator/moon/questions/:id/gomeum-answer': ({ body }) => ({
        ...first,
        gomeumAnswer: (body as { gomeumAnswer: MoonQuestion['gomeumAnswer'] }).gomeumAnswer,
      }),
    });
    renderWithClient(<MoonSection />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'New answer (English)' }), 'Naps.');
    await userEvent.click(screen.getByRole('button', { name: 'Draft the other languages from English' }));
    const zh = screen.getByRole('textbox', { name: 'New answer (中文)' });
    await waitFor(() => expect(zh).toHaveValue('Naps. [zh]'));
    expect(screen.getByRole('textbox', { name: 'New answer (한국어)' })).toHaveValue('Naps. [ko]');
    expect(screen.getAllByText('Drafted: check it')).toHaveLength(2);
    // Not saved while a drafted language is unchecked.
    const update = screen.getByRole('button', { name: 'Update Answer' });
    await userEvent.click(update);
    expect(screen.getByRole('alert')).toHaveTextContent('Check the drafted languages first.');
    expect(server.sent('PUT', '/api/operator/moon')).toEqual([]);
    // Checked, or edited: no longer a draft.
    await userEvent.click(screen.getAllByRole('button', { name: 'Checked' })[0]!);
    await userEvent.type(screen.getByRole('textbox', { name: 'New answer (한국어)' }), '!');
    expect(screen.queryByText('Drafted: check it')).toBeNull();
    await userEvent.click(update);
    expect(await screen.findByText('Moon answer updated!')).toBeInTheDocument();
    expect(server.sent('PUT', '/api/operator/moon').map((c) => c.body)).toEqual([
      { gomeumAnswer: { en: 'Naps.', zh: 'Naps. [zh]', ko: 'Naps. [ko]!' } },
    ]);
  });

  it('shows a user’s answer in another language in the operator’s, the original one press away', async () => {
    fakeServer({
      'GET /api/moon/questions': { questions: [first] },
      'GET /api/operator/moon/questions/:id/answers': {
        answers: [{ userId: 'u2', who: 'min@example.com', answer: '따뜻한 침대', createdAt: Date.UTC(2026, 10, 20) }],
      },
      'POST /api/operator/translate': { text: 'A warm bed', to: 'en', status: 'translated' },
    });
    renderWithClient(<MoonSection />);
    expect(await screen.findByText('A warm bed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show original' }));
    expect(screen.getByText('따뜻한 침대')).toBeInTheDocument();
  });

  it('says when the answer could not be saved', async () => {
    fakeServer({
      'GET /api/moon/questions': { questions: [first] },
      'GET /api/operator/moon/questions/:id/answers': { answers: [] },
      'PUT /api/operator/moon/questions/:id/gomeum-answer': () => apiError(500, 'errors.server'),
    });
    renderWithClient(<MoonSection />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'New answer (English)' }), 'Naps.');
    await userEvent.click(screen.getByRole('button', { name: 'Update Answer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update Moon answer.');
    expect(screen.getByRole('textbox', { name: 'New answer (English)' })).toHaveValue('Naps.');
  });

  it('adds a question with its number and every language', async () => {
    const server = fakeServer({
      'GET /api/moon/questions': { questions: [first] },
      'GET /api/operator/moon/questions/:id/answers': { answers: [] },
      'POST /api/operator/moon/questions': question('q9', 2, 'Why purr?', ''),
    });
    renderWithClient(<MoonSection />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Question (English)' }), 'Why purr?');
    await userEvent.type(screen.getByRole('textbox', { name: 'Question (中文)' }), '为什么');
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    await waitFor(() =>
      expect(server.sent('POST', '/api/operator/moon/questions').map((c) => c.body)).toEqual([
        { number: 2, question: { en: 'Why purr?', zh: '为什么', ko: '' } },
      ]),
    );
    expect(await screen.findByText('Question added.')).toBeInTheDocument();
  });

  it('says when a number is taken, in the words of its error', async () => {
    fakeServer({
      'GET /api/moon/questions': { questions: [first] },
      'GET /api/operator/moon/questions/:id/answers': { answers: [] },
      'POST /api/operator/moon/questions': () => apiError(409, 'moon.error_number_taken'),
    });
    renderWithClient(<MoonSection />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Question (English)' }), 'Again?');
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    expect(await screen.findByText('A question with this number already exists.')).toBeInTheDocument();
  });

  it('says when the questions could not be loaded', async () => {
    fakeServer({ 'GET /api/moon/questions': () => apiError(500, 'errors.server') });
    renderWithClient(<MoonSection />);
    expect(await screen.findByText('Could not load this. Please try again.')).toBeInTheDocument();
  });
});
