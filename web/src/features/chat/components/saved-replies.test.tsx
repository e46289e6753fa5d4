import type { ChatMessage } from '@gomeum/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderWithClient } from '../../../test/fake-server.tsx';
import { chatConversation, chatMessage, operatorChatTests } from '../../../test/operator-chat.ts';
import { ChatSection } from './chat-section.tsx';

operatorChatTests();

const message = (id: number, sender: ChatMessage['sender'], content: string) =>
  chatMessage(id, 'u-min', sender, content);
const min = chatConversation('u-min', { email: 'min@example.com' }, message(4, 'user', 'hello'), {
  messageCount: 1,
  position: 4,
});
const thanks = { id: 'r1', shortcut: 'thanks', texts: { en: 'Thanks {name}!', ko: '고마워요 {name}!' } };

function serve() {
  return fakeServer({
    'GET /api/operator/chats': { conversations: [min], next: null, unreadTotal: 0 },
    'GET /api/operator/chats/:userId/messages': { messages: [message(4, 'user', 'hello')], more: false },
    'POST /api/operator/chats/:userId/read': { unreadCount: 0 },
    'GET /api/operator/saved-replies': { items: [thanks] },
    'POST /api/operator/saved-replies': ({ body }) => ({ id: 'r2', ...(body as object) }),
    'POST /api/operator/chats/:userId/saved-replies/:id': {
      text: '고마워요 min!',
      language: 'ko',
      reading: 'Thanks min!',
    },
    'POST /api/operator/chats/:userId/messages': ({ body }) => ({
      message: message(5, 'gomeum', (body as { content: string }).content),
    }),
  });
}

describe('saved replies', () => {
  it('offers them after `/` in the reply box; one goes in the user’s language, read in the operator’s', async () => {
    const server = serve();
    renderWithClient(<ChatSection />);
    await userEvent.click(await screen.findByRole('button', { name: /min@example\.com/ }));
    const box = await screen.findByRole('textbox', { name: 'Reply as Gomeum' });
    await userEvent.type(box, '/th');
    const options = await screen.findByRole('listbox', { name: 'Saved replies' });
    expect(within(options).getByRole('option', { selected: true })).toHaveTextContent('/thanks Thanks {name}!');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveValue('Thanks min!'));
    expect(screen.getByRole('textbox', { name: 'The user reads (한국어)' })).toHaveValue('고마워요 min!');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(server.sent('POST', '/api/operator/chats/u-min/messages')[0]?.body).toMatchObject({
      content: '고마워요 min!',
      original: { text: 'Thanks min!', language: 'en' },
    });
    expect(server.sent('POST', '/api/operator/chats/u-min/saved-replies/r1')[0]?.body).toEqual({ reading: 'en' });
  });

  it('are added in the dashboard, with their shortcut', async () => {
    const server = serve();
    renderWithClient(<ChatSection />);
    await userEvent.click(await screen.findByText('Saved replies'));
    expect(await screen.findByText('/thanks')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Shortcut' }), 'Later');
    await userEvent.type(screen.getByRole('textbox', { name: 'Reply (English)' }), 'See you on {{planet}!');
    await userEvent.click(screen.getByRole('button', { name: 'Save reply' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(server.sent('POST', '/api/operator/saved-replies')[0]?.body).toEqual({
      shortcut: 'later',
      texts: { en: 'See you on {planet}!', zh: '', ko: '' },
    });
  });
});
