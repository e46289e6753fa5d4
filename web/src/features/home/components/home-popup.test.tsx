import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { popupQueryOf, safeMediaPath } from '../api/get-popup.ts';
import { HomePopup } from './home-popup.tsx';

beforeAll(() => {
  initI18n('en');
});

describe('popupQueryOf', () => {
  it('is null unless popup is exactly "true" and the link is signed', () => {
    expect(popupQueryOf(new URLSearchParams('title=x&sig=abc'))).toBeNull();
    expect(popupQueryOf(new URLSearchParams('popup=1&title=x&sig=abc'))).toBeNull();
    // A crafted link: no signature, so the server is not even asked.
    expect(popupQueryOf(new URLSearchParams('popup=true&title=Security%20notice'))).toBeNull();
  });

  it('sends every popup parameter the link carries, and nothing else', () => {
    const params = new URLSearchParams({
      popup: 'true',
      title: 'Star festival',
      date: '2026-11-22',
      image: '/api/files/abc.webp',
      sig: 'abc',
      account: 'deleted',
    });
    expect(popupQueryOf(params)).toEqual({
      popup: 'true',
      title: 'Star festival',
      date: '2026-11-22',
      image: '/api/files/abc.webp',
      sig: 'abc',
    });
  });
});

describe('safeMediaPath', () => {
  it('keeps only media from this site', () => {
    expect(safeMediaPath('/api/files/abc.webp')).toBe('/api/files/abc.webp');
    expect(safeMediaPath('https://elsewhere.example/v.mp4')).toBeNull();
    expect(safeMediaPath('//elsewhere.example/v.mp4')).toBeNull();
    expect(safeMediaPath('')).toBeNull();
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
