import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadOperatorStrings, setLanguage } from '../i18n.ts';
import { fakeServer, renderWithClient } from '../../test/fake-server.tsx';
import { InLanguagesFields, OtherLanguagesButton, useInLanguagesForm } from './other-languages.tsx';

beforeAll(async () => {
  await initI18n('en');
  await loadOperatorStrings();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en');
});

function Fields() {
  const form = useInLanguagesForm();
  return (
    <form aria-label="answer">
      <InLanguagesFields form={form} rows={2} label={(language) => `Answer (${language})`} />
      <OtherLanguagesButton other={form.other} />
    </form>
  );
}

describe('the language fields of the operator’s forms', () => {
  it('come in one order: the dashboard’s language first, then the others', async () => {
    fakeServer({});
    renderWithClient(<Fields />);
    const names = () => screen.getAllByText(/^Answer \(/).map((label) => label.textContent);
    expect(names()).toEqual(['Answer (English)', 'Answer (中文)', 'Answer (한국어)']);
    await setLanguage('ko');
    expect(await screen.findByText('Answer (한국어)')).toBeInTheDocument();
    expect(names()).toEqual(['Answer (한국어)', 'Answer (中文)', 'Answer (English)']);
  });

  it('drafts the empty one from the dashboard’s language when two are written', async () => {
    const { calls } = fakeServer({
      'POST /api/operator/translate': { text: '오늘 잘했어요', to: 'ko', status: 'translated' },
    });
    renderWithClient(<Fields />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Answer (中文)' }), '今天做得好');
    await user.type(screen.getByRole('textbox', { name: 'Answer (English)' }), 'Well done today');
    await user.click(screen.getByRole('button', { name: 'Draft the other languages from English' }));
    expect(await screen.findByDisplayValue('오늘 잘했어요')).toBeInTheDocument();
    expect(calls.map((call) => call.body)).toEqual([{ text: 'Well done today', to: 'ko' }]);
  });
});
