import type { GomeumLog } from '@gomeum/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadOperatorStrings } from '../../../lib/i18n.ts';
import { fakeServer, renderWithClient } from '../../../test/fake-server.tsx';
import { GomeumLogEditor } from './gomeum-log-editor.tsx';

beforeAll(async () => {
  await initI18n('en');
  await loadOperatorStrings();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const log: GomeumLog = {
  id: 'log-1',
  planet: 'travel',
  content: 'Took the wrong trian.',
  imageUrls: [],
  createdAt: Date.UTC(2026, 10, 24, 12, 0),
};

function renderEditor() {
  const { calls } = fakeServer({
    'PUT /api/operator/gomeum-logs/:planet/:id': { ...log, content: 'Took the wrong train.' },
    'DELETE /api/operator/gomeum-logs/:planet/:id': { ok: true },
  });
  renderWithClient(<GomeumLogEditor planet="travel" logs={[log]} />);
  return { calls };
}

describe('GomeumLogEditor', () => {
  it('corrects an entry in place, refuses a blank one, and says it saved', async () => {
    const { calls } = renderEditor();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Edit the entry of/ }));
    const text = screen.getByRole('textbox', { name: 'Entry text' });
    expect(text).toHaveValue('Took the wrong trian.');
    await user.clear(text);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields before submitting.');
    expect(calls).toEqual([]);

    await user.type(text, 'Took the wrong train.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. Every user sees the corrected entry.')).toBeInTheDocument();
    expect(calls[0]).toEqual({
      method: 'PUT',
      url: '/api/operator/gomeum-logs/travel/log-1',
      body: { content: 'Took the wrong train.' },
    });
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('deletes only after a confirmation that names the entry; Cancel sends nothing', async () => {
    const { calls } = renderEditor();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Delete the entry of/ }));
    let dialog = screen.getByRole('dialog', { name: 'Delete this log entry?' });
    expect(within(dialog).getByText('Took the wrong trian.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: /^Delete the entry of/ }));
    dialog = screen.getByRole('dialog', { name: 'Delete this log entry?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Entry deleted.')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'DELETE /api/operator/gomeum-logs/travel/log-1',
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
