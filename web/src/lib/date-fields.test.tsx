import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DateFields } from './date-fields.tsx';
import { initI18n } from './i18n.ts';

function Picker({ initial, max }: { initial: string; max?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateFields legend="Date" value={value} onChange={setValue} max={max} />
      <output>{value}</output>
    </>
  );
}

const options = (name: string) =>
  within(screen.getByRole('combobox', { name }))
    .getAllByRole('option')
    .map((option) => Number((option as HTMLOptionElement).value));

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 28, 10, 0));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('DateFields', () => {
  it('offers no month or day after `max` (today): on 28 November, no December and no 29th', () => {
    render(<Picker initial="2026-11-28" max="2026-11-28" />);
    expect(options('Year')).toEqual([2026, 2025, 2024, 2023, 2022]);
    expect(Math.max(...options('Month'))).toBe(11);
    expect(Math.max(...options('Day'))).toBe(28);
  });

  it('offers whole earlier months and years, and keeps a choice within `max` when the year moves forward', async () => {
    const user = userEvent.setup();
    render(<Picker initial="2025-12-31" max="2026-11-28" />);
    expect(options('Month')).toHaveLength(12);
    expect(options('Day')).toHaveLength(31);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2026');
    // 31 December 2026 would be in the future: the latest day allowed instead.
    expect(screen.getByRole('status')).toHaveTextContent('2026-11-28');
  });

  it('offers the whole calendar without `max`', () => {
    render(<Picker initial="2026-11-28" />);
    expect(options('Month')).toHaveLength(12);
    expect(options('Day')).toHaveLength(30);
  });
});
