import type { Overview } from '@gomeum/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadOperatorStrings } from '../../../lib/i18n.ts';
import { fakeServer, renderWithClient } from '../../../test/fake-server.tsx';
import { OverviewSection } from './overview-section.tsx';

beforeAll(async () => {
  await initI18n('en');
  await loadOperatorStrings();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** An overview of `days` days ending 2026-11-24, with `count(i)` visits on day i. */
function overview(days: number, count: (i: number) => number): Overview {
  const end = Date.UTC(2026, 10, 24);
  return {
    totalUsers: 12,
    guestUsers: 3,
    activeUsersToday: 5,
    unansweredChats: 2,
    visitsPerDay: Array.from({ length: days }, (_, i) => ({
      day: new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
      count: count(i),
    })),
    topPages: [{ label: '/galaxy', count: 9 }],
    topCountries: [],
  };
}

describe('OverviewSection', () => {
  it('shows the counts, a chart with a value axis and dates, its numbers as a table, and switches ranges', async () => {
    const { calls } = fakeServer({
      'GET /api/operator/overview': ({ url }) => {
        const days = Number(url.searchParams.get('days'));
        return overview(days, (i) => (days === 7 ? i : i % 5 === 0 ? 36 : 1));
      },
    });
    const requested = () => calls.map((call) => call.url);
    const { container } = renderWithClient(<OverviewSection />);

    expect(await screen.findByText('Chats waiting for Gomeum')).toBeInTheDocument();
    expect(requested()).toEqual(['/api/operator/overview?days=30']);
    const range = screen.getByRole('group', { name: 'Range' });
    expect(within(range).getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');

    // The axis rounds the top up to a readable number (36 → 40) and shows dates in the reader's language.
    const values = [...container.querySelectorAll('.chart__values span')].map((el) => el.textContent);
    expect(values).toEqual(['40', '20', '0']);
    const dates = [...container.querySelectorAll('.chart__dates span')].map((el) => el.textContent);
    expect(dates[0]).toBe('Oct 26');
    expect(dates.at(-1)).toBe('Nov 24');
    expect(container.querySelector('.chart__column')).toHaveAttribute('data-tip', 'Oct 26: 36');

    // Screen readers get every day's figure.
    const table = screen.getByRole('table', { name: 'Visits in the last 30 days' });
    expect(within(table).getAllByRole('row')).toHaveLength(30);
    expect(within(table).getByRole('row', { name: '2026-11-24 1' })).toBeInTheDocument();

    await userEvent.setup().click(within(range).getByRole('button', { name: 'Last 7 days' }));
    const week = await screen.findByRole('table', { name: 'Visits in the last 7 days' });
    expect(within(week).getAllByRole('row')).toHaveLength(7);
    expect(requested().at(-1)).toBe('/api/operator/overview?days=7');
    expect(within(range).getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect([...container.querySelectorAll('.chart__values span')].map((el) => el.textContent)).toEqual(['6', '3', '0']);
  });
});
