import type { ChatMessage } from '@gomeum/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderWithClient } from '../../../test/fake-server.tsx';
import { chatConversation, chatMessage, operatorChatTests } from '../../../test/operator-chat.ts';
import { ChatSection } from './chat-section.tsx';

operatorChatTests();

const message = (id: number, sender: ChatMessage['sender'], content: string) =>
  chatMessage(id, 'u-min', sender, content);
const KOREAN = '오늘 기타를 연습했어';
const min = chatConversation('u-min', { email: 'min@example.com' }, message(4, 'user', KOREAN), {
  messageCount: 1,
  position: 4,
});

/** The server's answers for a conversation with a Korean user, translations as `translate` gives them. */
function serve(translate: (text: string, to: string) => { text: string; status: string }) {
  return fakeServer({
    'GET /api/operator/chats': { conversations: [min], next: null, unreadTotal: 0 },
    'GET /api/operator/chats/:userId/messages': { messages: [message(4, 'user', KOREAN)], more: false },
    'POST /api/operator/chats/:userId/read': { unreadCount: 0 },
    'POST /api/operator/translate': ({ body }) => {
      const { text, to } = body as { text: string; to: string };
      return { ...translate(text, to), to };
    },
    'POST /api/operator/chats/:userId/translate': ({ body }) => ({
      ...translate((body as { text: string }).text, 'ko'),
      to: 'ko',
    }),
    'POST /api/operator/chats/:userId/messages': ({ body }) => ({
      message: message(5, 'gomeum', (body as { content: string }).content),
    }),
  });
}

describe('a conversation in another language than the operator reads', () => {
  it('shows the user’s words in English, the original one press away', async () => {
    serve((text) => ({ text: text === KOREAN ? 'I practised guitar today' : text, status: 'translated' }));
    renderWithClient(<ChatSection />);
    await userEvent.click(await screen.findByRole('button', { name: /min@example\.com/ }));
    expect(await screen.findByText('I practised guitar today')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show original' }));
    expect(screen.getByText(KOREAN)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show translation' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('sends the operator’s English as Korean, after they read the translation; or their words as written', async () => {
    const server = serve((text, to) =>
      to === 'ko' ? { text: `${text} (한국어)`, status: 'translated' } : { text, status: 'same' },
    );
    renderWithClient(<ChatSection />);
    await userEvent.click(await screen.findByRole('button', { name: /min@example\.com/ }));
    const box = await screen.findByRole('textbox', { name: 'Reply as Gomeum' });
    await userEvent.type(box, 'Well done!');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const review = await screen.findByRole('textbox', { name: 'The user reads (한국어)' });
    expect(review).toHaveValue('Well done! (한국어)');
    expect(review).toHaveFocus();
    expect(server.sent('POST', '/api/operator/chats/u-min/messages')).toHaveLength(0);
    await userEvent.clear(review);
    await userEvent.type(review, '잘했어!');
    await userEvent.click(screen.getByRole('button', { name: 'Send translation' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(server.sent('POST', '/api/operator/chats/u-min/messages')[0]?.body).toMatchObject({
      content: '잘했어!',
      original: { text: 'Well done!', language: 'en' },
    });

    await userEvent.type(box, 'Meow');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send my words as written' }));
    await waitFor(() => expect(box).toHaveValue(''));
    const last = server.sent('POST', '/api/operator/chats/u-min/messages').at(-1)?.body as Record<string, unknown>;
    expect(last.content).toBe('Meow');
    expect(last.original).toBeUndefined();
  });

  it('says translation needs an AI key when there is none, and shows the words as written', async () => {
    serve((text) => ({ text, status: 'no_ai' }));
    renderWithClient(<ChatSection />);
    await userEvent.click(await screen.findByRole('button', { name: /min@example\.com/ }));
    expect(await screen.findByText('Shown as written: translation needs an AI key.')).toBeInTheDocument();
    expect(screen.getAllByText(KOREAN).length).toBeGreaterThan(0);
  });
});
