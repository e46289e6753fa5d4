import type { TaskProgress } from '@gomeum/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { ProgressBlock } from './progress-block.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const base: TaskProgress = {
  goal: 2,
  cadence: 'daily',
  count: 1,
  currentStreak: 1,
  bestStreak: 3,
  completed: false,
  reward: 'a concert ticket',
  celebrate: false,
};

function json(body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
}

function renderBlock() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ProgressBlock planet="music" />
    </QueryClientProvider>,
  );
}

describe('ProgressBlock', () => {
  it('shows "1 of 2" and both streaks, without a celebration before the goal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => json({ progress: base })),
    );
    renderBlock();
    expect(await screen.findByText('1 of 2')).toBeInTheDocument();
    expect(screen.getByText('1 day')).toBeInTheDocument();
    expect(screen.getByText('3 days')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '1 of 2' })).toHaveAttribute('value', '1');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('celebrates the reached goal with the reward, and tells the server once it is closed', async () => {
    const done = { ...base, count: 2, completed: true, celebrate: true };
    const fetch = vi.fn((url: string, init?: RequestInit) =>
      init?.method === 'POST' ? json({ progress: { ...done, celebrate: false } }) : json({ progress: done }),
    );
    vi.stubGlobal('fetch', fetch);
    renderBlock();
    const dialog = await screen.findByRole('dialog', { name: 'You did it!' });
    expect(dialog).toHaveTextContent('You earned: a concert ticket');
    await userEvent.click(screen.getByRole('button', { name: 'Hooray!' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => url)).toEqual([
      '/api/planets/music/celebration',
    ]);
  });
});
