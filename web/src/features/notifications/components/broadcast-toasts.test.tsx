import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../../test/router.tsx';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { resetBroadcasts, showBroadcast } from '../broadcast-store.ts';
import { BROADCAST_TOAST_MS, BroadcastToasts } from './broadcast-toasts.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  act(() => resetBroadcasts());
});

const event = (id: string, title: string, message: string) => ({
  type: 'notification.broadcast',
  notification: {
    id,
    title,
    message,
    sender: 'Gomeum',
    createdAt: Date.UTC(2026, 10, 22),
    popupPath: `/?popup=true&title=${encodeURIComponent(title)}&date=2026-11-22&sig=signed-${id}`,
  },
});

function renderToasts() {
  return render(
    <MemoryRouter>
      <BroadcastToasts />
    </MemoryRouter>,
  );
}

describe('BroadcastToasts', () => {
  it('shows a broadcast the moment its event arrives, linking to its signed home popup', () => {
    renderToasts();
    act(() => showBroadcast(event('n1', 'Meteor night', 'Look up at nine')));
    expect(screen.getByRole('heading', { name: 'Meteor night' })).toBeInTheDocument();
    expect(screen.getByText('Look up at nine')).toBeInTheDocument();
    expect(screen.getByText('From Gomeum')).toBeInTheDocument();
    const href = screen.getByRole('link', { name: 'Open' }).getAttribute('href') ?? '';
    expect(Object.fromEntries(new URL(href, 'http://x').searchParams)).toEqual({
      popup: 'true',
      title: 'Meteor night',
      date: '2026-11-22',
      sig: 'signed-n1',
    });
  });

  it('never shows a broadcast lacking title or message, a malformed event, or the same one twice', () => {
    renderToasts();
    act(() => {
      showBroadcast(event('n2', ' ', 'No title'));
      showBroadcast(event('n3', 'No message', ''));
      showBroadcast({ type: 'chat.message', notification: { id: 'x' } });
      showBroadcast('nonsense');
      showBroadcast(event('n4', 'Once', 'Only once'));
      showBroadcast(event('n4', 'Once', 'Only once'));
    });
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.queryByText('No title')).toBeNull();
    expect(screen.queryByText('No message')).toBeNull();
  });

  it('closes with its button', async () => {
    renderToasts();
    act(() => showBroadcast(event('n5', 'Bye', 'See you')));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('leaves by itself after a while, but not while the reader points at it', () => {
    vi.useFakeTimers();
    try {
      renderToasts();
      act(() => showBroadcast(event('t1', 'Comet', 'Tonight')));
      const card = screen.getByRole('article', { name: 'Comet' });
      fireEvent.pointerEnter(card);
      act(() => vi.advanceTimersByTime(BROADCAST_TOAST_MS * 2));
      expect(screen.getByRole('article', { name: 'Comet' })).toBeInTheDocument();
      fireEvent.pointerLeave(card);
      act(() => vi.advanceTimersByTime(BROADCAST_TOAST_MS - 100));
      expect(screen.getByRole('article', { name: 'Comet' })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(200));
      expect(screen.queryByRole('article', { name: 'Comet' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
