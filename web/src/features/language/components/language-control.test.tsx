import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from '../../../lib/i18n.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n, LANGUAGE_STORAGE_KEY } from '../../../lib/i18n.ts';
import { fakeServer, json } from '../../../test/fake-server.tsx';
import { WithSignedInUser } from '../../../test/signed-in-user.tsx';
import { LanguageControl, languageFlag } from './language-control.tsx';

function Greeting() {
  const { t } = useTranslation();
  return <p>{t('home.enter')}</p>;
}

/** The control and a string, in English; returns the control. */
function renderInEnglish(): HTMLElement {
  initI18n('en');
  render(
    <QueryClientProvider client={new QueryClient()}>
      <WithSignedInUser>{(user) => <LanguageControl user={user} />}</WithSignedInUser>
      <Greeting />
    </QueryClientProvider>,
  );
  const button = screen.getByRole('button');
  expect(button).toHaveTextContent('🇺🇸');
  return button;
}

describe('LanguageControl', () => {
  beforeEach(() => {
    // A visitor who is not signed in: the server answers null.
    fakeServer({ 'GET /api/me': json(null) });
  });

  it('cycles en → zh → ko → en, shows the flag, switches every string and remembers the choice', async () => {
    const button = renderInEnglish();
    expect(screen.getByText('Enter the universe')).toBeInTheDocument();

    await userEvent.click(button);
    expect(await screen.findByText('进入宇宙')).toBeInTheDocument();
    expect(button).toHaveTextContent('🇨🇳');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('zh');
    expect(document.documentElement.lang).toBe('zh-Hans');

    await userEvent.click(button);
    expect(await screen.findByText('우주로 들어가기')).toBeInTheDocument();
    expect(button).toHaveTextContent('🇰🇷');

    await userEvent.click(button);
    expect(await screen.findByText('Enter the universe')).toBeInTheDocument();
    expect(button).toHaveTextContent('🇺🇸');
  });

  it('moves on from the language still loading when pressed again at once: two quick presses from English give Korean', async () => {
    // Both languages' strings in memory first: each choice then settles within the promises of the
    // press that made it, so by the time the page next changes every choice has been dealt with.
    await initI18n('zh');
    await initI18n('ko');
    const button = renderInEnglish();
    // Both presses before Chinese is shown (a switch settles after the press's own task).
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('우주로 들어가기')).toBeInTheDocument();
    // Chinese, the earlier choice, has settled too and did not take over.
    expect(button).toHaveTextContent('🇰🇷');
    expect(screen.queryByText('进入宇宙')).not.toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ko');
  });

  it('shows a globe for an unknown language', () => {
    expect(languageFlag('fr')).toBe('🌐');
  });
});
