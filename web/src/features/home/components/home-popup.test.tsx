import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { HomePopup, popupFromSearch } from './home-popup.tsx';

beforeAll(() => {
  initI18n('en');
});

describe('popupFromSearch', () => {
  it('is null unless popup is exactly "true"', () => {
    expect(popupFromSearch(new URLSearchParams('title=x'))).toBeNull();
    expect(popupFromSearch(new URLSearchParams('popup=1&title=x'))).toBeNull();
  });

  it('reads title, date, image and video, keeping only media from this site', () => {
    const params = new URLSearchParams({
      popup: 'true',
      title: 'Star festival',
      date: '2026-11-22',
      image: '/api/files/abc.webp',
      video: 'https://elsewhere.example/v.mp4',
    });
    expect(popupFromSearch(params)).toEqual({
      title: 'Star festival',
      date: '2026-11-22',
      image: '/api/files/abc.webp',
      video: null,
    });
  });
});

describe('HomePopup', () => {
  it('shows its content and closes on a click outside (on the backdrop), not inside', async () => {
    const onClose = vi.fn();
    render(
      <HomePopup
        content={{ title: 'Star festival', date: '2026-11-22', image: null, video: null }}
        onClose={onClose}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Star festival' })).toBeInTheDocument();
    expect(screen.getByText('2026-11-22')).toBeInTheDocument();

    await userEvent.click(screen.getByText('2026-11-22'));
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('dialog'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
