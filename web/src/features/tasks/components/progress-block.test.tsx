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
    const server = fakeServer({
      'GET /api/planets/music/progress': { progress: done },
      'POST /api/planets/music/celebration': { progress: { ...done, celebrate: false } },
    });
    renderBlock();
    const dialog = await screen.findByRole('dialog', { name: 'You did it!' });
    expect(dialog).toHaveTextContent('You earned: a concert ticket');
    await userEvent.click(screen.getByRole('button', { name: 'Hooray!' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.sent('POST', '/api/').map((call) => call.url)).toEqual(['/api/planets/music/celebration']);
  });
});
