import type { TaskProgress } from '@gomeum/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { fakeServer, renderWithClient } from '../../../test/fake-server.tsx';
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

function renderBlock() {
  return renderWithClient(<ProgressBlock planet="music" />);
}

describe('ProgressBlock', () => {
  it('shows "1 of 2" and both streaks, without a celebration before the goal', async () => {
    fakeServer({ 'GET /api/planets/music/progress': { progress: base } });
    renderBlock();
    expect(await screen.findByText('1 of 2')).toBeInTheDocument();
    expect(screen.getByText('1 day')).toBeInTheDocument();
    expect(screen.getByText('3 days')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '1 of 2' })).toHaveAttribute('value', '1');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('celebrates the reached goal with the reward, and tells the server once it is closed', async () => {
    const done = { ...base, count: 2, completed: true, celebrate: true };
    // The server's answer is held: the dialog must go at once, not when the server replies.
    let answer: (body: unknown) => void = () => undefined;
    const server = fakeServer({
      'GET /api/planets/music/progress': { progress: done },
      'POST /api/planets/music/celebration': () => new Promise((resolve) => (answer = resolve)),
    });
    const { client } = renderBlock();
    const dialog = await screen.findByRole('dialog', { name: 'You did it!' });
    expect(dialog).toHaveTextContent('You earned: a concert ticket');
    await userEvent.click(screen.getByRole('button', { name: 'Hooray!' }));
    await waitFor(() => expect(document.querySelector('dialog')).toBeNull());
    expect(server.sent('POST', '/api/').map((call) => call.url)).toEqual(['/api/planets/music/celebration']);
    // Sent so that it outlives the page: a reload right after closing does not cancel it.
    const init = server.fetch.mock.calls.find(([url]) => typeof url === 'string' && url.endsWith('/celebration'))?.[1];
    expect(init?.keepalive).toBe(true);
    answer({ progress: { ...done, celebrate: false } });
    await waitFor(() => expect(client.isMutating()).toBe(0));
    expect(screen.getByText('2 of 2')).toBeInTheDocument();
    expect(document.querySelector('dialog')).toBeNull();
  });
});
