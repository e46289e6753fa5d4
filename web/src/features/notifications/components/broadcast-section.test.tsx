import type { SentNotification } from '@gomeum/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadOperatorStrings } from '../../../lib/i18n.ts';
import { apiError, fakeServer, renderWithClient } from '../../../test/fake-server.tsx';
import { BroadcastSection } from './broadcast-section.tsx';

beforeAll(async () => {
  await initI18n('en');
  await loadOperatorStrings();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const sent = (id: string, title: string, push: SentNotification['push']): SentNotification => ({
  id,
  title,
  message: `${title}, the message`,
  sender: 'Gomeum',
  createdAt: Date.UTC(2026, 10, 20, 9),
  push,
});

describe('BroadcastSection', () => {
  it('lists past broadcasts, newest first, each with how its push delivery went', async () => {
    fakeServer({
      'GET /api/operator/notifications': {
        notifications: [
          sent('n3', 'Moon night', { state: 'sending' }),
          sent('n2', 'New planet', { state: 'done', delivered: 12, failed: 1 }),
          sent('n1', 'Hello', { state: 'unfinished' }),
        ],
      },
    });
    renderWithClient(<BroadcastSection />);
    const history = screen.getByRole('region', { name: 'History' });
    const items = await within(history).findAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^(Moon night|New planet|Hello)$/).textContent)).toEqual([
      'Moon night',
      'New planet',
      'Hello',
    ]);
    expect(items[0]).toHaveTextContent('Push: sending…');
    expect(items[1]).toHaveTextContent('Push: 12 delivered, 1 failed');
    expect(items[1]).toHaveTextContent('New planet, the message');
    expect(items[2]).toHaveTextContent('Push: stopped before reaching every subscriber.');
  });

  it('shows the empty history and the loading failure', async () => {
    fakeServer({ 'GET /api/operator/notifications': { notifications: [] } });
    const { unmount } = renderWithClient(<BroadcastSection />);
    expect(await screen.findByText('Nothing yet.')).toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();
    fakeServer({ 'GET /api/operator/notifications': () => apiError(500, 'errors.server') });
    renderWithClient(<BroadcastSection />);
    expect(await screen.findByText('Could not load this. Please try again.')).toBeInTheDocument();
  });

  it('sends only with a title and a message, trimmed, then clears the form and shows it in the history', async () => {
    const history: SentNotification[] = [];
    const server = fakeServer({
      'GET /api/operator/notifications': () => ({ notifications: history }),
      'POST /api/operator/notifications': ({ body }) => {
        const { title, message } = body as { title: string; message: string };
        const item = { ...sent('n1', title, { state: 'done', delivered: 2, failed: 0 }), message };
        history.unshift(item);
        return item;
      },
    });
    renderWithClient(<BroadcastSection />);
    const send = screen.getByRole('button', { name: 'Send to All' });
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), '  Stars tonight ');
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), '   ');
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Look up!');
    expect(send).toBeEnabled();
    await userEvent.click(send);

    expect(await screen.findByText('Sent: open tabs see it now, everyone else by push.')).toBeInTheDocument();
    expect(server.sent('POST', '/api/operator/notifications').map((c) => c.body)).toEqual([
      { title: 'Stars tonight', message: 'Look up!' },
    ]);
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await waitFor(() => expect(screen.getByText('Push: 2 delivered, 0 failed')).toBeInTheDocument());
  });

  it('keeps what was typed and says so when sending fails', async () => {
    fakeServer({
      'GET /api/operator/notifications': { notifications: [] },
      'POST /api/operator/notifications': () => apiError(500, 'errors.server'),
    });
    renderWithClient(<BroadcastSection />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Hi');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'There');
    await userEvent.click(screen.getByRole('button', { name: 'Send to All' }));
    expect(await screen.findByText('Could not save. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Hi');
  });
});
